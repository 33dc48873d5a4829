import { describe, expect, it } from "vitest";
import { cachedPage, createPageCache } from "./page-cache.ts";

const page = (bytes: number) =>
  cachedPage(Buffer.alloc(bytes, "x"), new Date(0), "image/png", "public, max-age=60");

describe("the page cache", () => {
  it("drops the least recently used pages past its size", () => {
    const cache = createPageCache(3000);
    cache.set("b", "a.html", page(1000), 0);
    cache.set("b", "b.html", page(1000), 0);
    cache.set("b", "c.html", page(1000), 0);
    // Reading a.html makes b.html the oldest.
    expect(cache.get("b", "a.html")).toBeDefined();
    cache.set("b", "d.html", page(1000), 0);
    expect(cache.get("b", "b.html")).toBeUndefined();
    expect(["a.html", "c.html", "d.html"].map((f) => cache.get("b", f) !== undefined)).toEqual([
      true,
      true,
      true,
    ]);
    expect(cache.bytes).toBe(3000);
  });

  it("drops one file or a whole blog, and refuses a page read before the drop", () => {
    const cache = createPageCache();
    const before = cache.generation("b");
    cache.set("b", "a.html", page(10), before);
    cache.set("b", "b.html", page(10), before);
    cache.set("other", "a.html", page(10), cache.generation("other"));
    cache.invalidate("b", "a.html");
    expect(cache.get("b", "a.html")).toBeUndefined();
    expect(cache.get("b", "b.html")).toBeDefined();
    cache.invalidate("b");
    expect(cache.get("b", "b.html")).toBeUndefined();
    expect(cache.get("other", "a.html")).toBeDefined();
    // A page read while the blog was at the old generation stays out.
    cache.set("b", "c.html", page(10), before);
    expect(cache.get("b", "c.html")).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it("drops every blog's pages at once, and refuses pages read before", () => {
    const cache = createPageCache();
    const never = cache.generation("never-invalidated");
    cache.set("a", "x.html", page(10), cache.generation("a"));
    cache.clear();
    expect(cache.size).toBe(0);
    cache.set("never-invalidated", "x.html", page(10), never);
    expect(cache.get("never-invalidated", "x.html")).toBeUndefined();
    cache.set("a", "x.html", page(10), cache.generation("a"));
    expect(cache.get("a", "x.html")).toBeDefined();
  });

  it("serves a page put by a render at once, keeps it when its file is stored, then drops it on the next change", () => {
    const cache = createPageCache();
    const readBefore = cache.generation("b");
    const old = page(10);
    cache.set("b", "index.html", old, readBefore);
    const fresh = page(20);
    cache.put("b", "index.html", fresh);
    expect(cache.get("b", "index.html")).toBe(fresh);
    // A read of the old file, in flight when the render put its page, does not replace it.
    cache.set("b", "index.html", page(10), readBefore);
    expect(cache.get("b", "index.html")).toBe(fresh);
    // The file, now stored, announces its change: the same page stays in memory.
    cache.invalidate("b", "index.html");
    expect(cache.get("b", "index.html")).toBe(fresh);
    // A later change of that file drops it as any other.
    cache.invalidate("b", "index.html");
    expect(cache.get("b", "index.html")).toBeUndefined();
  });

  it("drops a page put by a render with the rest of its blog", () => {
    const cache = createPageCache();
    cache.put("b", "index.html", page(20));
    cache.invalidate("b");
    expect(cache.get("b", "index.html")).toBeUndefined();
    // Its file's own change, arriving afterwards, keeps nothing either.
    const reread = page(30);
    cache.set("b", "index.html", reread, cache.generation("b"));
    cache.invalidate("b", "index.html");
    expect(cache.get("b", "index.html")).toBeUndefined();
  });
});
