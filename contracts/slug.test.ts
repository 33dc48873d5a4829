import { describe, expect, it } from "vitest";
import { slugify } from "./slug.ts";

describe("slugify", () => {
  it("keeps the spec's rule for plain text", () => {
    expect(slugify("Hello, World!")).toBe("hello-world");
    expect(slugify("  --Trail   Running 101-- ")).toBe("trail-running-101");
    expect(slugify("Crème brûlée & Co.")).toBe("creme-brulee-co");
    expect(slugify("!!!")).toBe("");
  });

  it("transliterates other scripts instead of dropping them", () => {
    expect(slugify("Straße")).toBe("strasse");
    expect(slugify("Привет мир")).toBe("privet-mir");
    expect(slugify("Ελληνικά")).toBe("ellinika");
    expect(slugify("你好世界")).toBe("ni-hao-shi-jie");
    expect(slugify("안녕하세요")).toBe("annyeonghaseyo");
  });
});
