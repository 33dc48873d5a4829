import { describe, expect, it } from "vitest";
import {
  readStoredBlogId,
  resolveSelectedBlogId,
  selectedBlogStorageKey,
  writeStoredBlogId,
} from "./selected-blog.ts";

const blogs = [{ id: "a" }, { id: "b" }, { id: "c" }];

describe("resolveSelectedBlogId (spec section 4)", () => {
  it("changes nothing while the list is not loaded", () => {
    expect(resolveSelectedBlogId(undefined, "b")).toBe("b");
    expect(resolveSelectedBlogId(undefined, null)).toBeNull();
  });
  it("restores the stored blog when it still exists", () => {
    expect(resolveSelectedBlogId(blogs, "c")).toBe("c");
  });
  it("selects the first blog when nothing was stored", () => {
    expect(resolveSelectedBlogId(blogs, null)).toBe("a");
  });
  it("selects the first blog when the selected one disappeared", () => {
    expect(resolveSelectedBlogId(blogs, "gone")).toBe("a");
    expect(resolveSelectedBlogId([{ id: "b" }, { id: "c" }], "a")).toBe("b");
  });
  it("clears the selection when there are no blogs", () => {
    expect(resolveSelectedBlogId([], "a")).toBeNull();
    expect(resolveSelectedBlogId([], null)).toBeNull();
  });
});

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

describe("stored blog id", () => {
  it("lives under 'selectedBlogId' and is removed when cleared", () => {
    const storage = memoryStorage();
    writeStoredBlogId("blog-1", storage);
    expect(storage.getItem(selectedBlogStorageKey)).toBe("blog-1");
    expect(readStoredBlogId(storage)).toBe("blog-1");
    writeStoredBlogId(null, storage);
    expect(storage.getItem(selectedBlogStorageKey)).toBeNull();
    expect(readStoredBlogId(storage)).toBeNull();
  });
  it("survives storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    } as unknown as Storage;
    expect(readStoredBlogId(broken)).toBeNull();
    expect(() => writeStoredBlogId("x", broken)).not.toThrow();
  });
});
