import { describe, expect, it } from "vitest";
import { asciiSlug } from "./ascii-slug.ts";
import { slugFromTitle, slugify, typedSlug } from "./slug.ts";

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

describe("asciiSlug (decision 203)", () => {
  it("gives slugify's slug for every printable ASCII character and mixes of them", () => {
    const printable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
    for (const c of printable) {
      for (const text of [c, `a${c}b`, `${c}${c}x${c}`, `Ab${c} ${c}9`]) {
        expect(asciiSlug(text), JSON.stringify(text)).toBe(slugify(text));
      }
    }
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 2000; n++) {
      const text = Array.from(
        { length: 1 + Math.floor(random() * 24) },
        () => printable[Math.floor(random() * printable.length)],
      ).join("");
      expect(asciiSlug(text), JSON.stringify(text)).toBe(slugify(text));
    }
    expect(asciiSlug("Hello, World!")).toBe("hello-world");
    expect(asciiSlug("")).toBe("");
  });

  it("leaves any other text to slugify", () => {
    for (const text of ["Straße", "Crème", "你好", "tab\there", "line\nbreak", "\u007f"]) {
      expect(asciiSlug(text)).toBeUndefined();
    }
  });
});

describe("slugs in any script (decision 103)", () => {
  it("keeps a typed slug in its script, lower case, with hyphens", () => {
    expect(typedSlug("東京-ガイド")).toBe("東京-ガイド");
    expect(typedSlug("  Прогулка по  Москве! ")).toBe("прогулка-по-москве");
    expect(typedSlug("Crème Brûlée")).toBe("crème-brûlée");
    expect(typedSlug("cafe\u0301")).toBe("café");
    expect(typedSlug("100%_sure")).toBe("100-sure");
    expect(typedSlug("!!!")).toBe("");
  });

  it("spells titles in Latin where it can, in their own letters where it cannot", () => {
    expect(slugFromTitle("東京ガイド")).toBe("dong-jing-gaido");
    expect(slugFromTitle("مرحبا بالعالم")).toBe("mrhb-blaalm");
    expect(slugFromTitle("שלום עולם")).toBe("shlvm-vlm");
    expect(slugFromTitle("ⴰⵣⵓⵍ")).toBe("ⴰⵣⵓⵍ");
    expect(slugFromTitle("🎉")).toBe("");
  });
});
