import { limits } from "@contracts/limits.ts";
import { describe, expect, it } from "vitest";
import { addTag, tagSuggestions } from "./tags-input.tsx";

describe("addTag", () => {
  it("adds a trimmed name once (ignoring case), never a blank one or past the limit", () => {
    expect(addTag(["Rye"], "  Spelt ")).toEqual(["Rye", "Spelt"]);
    expect(addTag(["Rye"], "rye")).toEqual(["Rye"]);
    expect(addTag(["Rye"], "   ")).toEqual(["Rye"]);
    expect(addTag([], "x".repeat(limits.tagName + 5))).toEqual(["x".repeat(limits.tagName)]);
    const full = Array.from({ length: limits.tagsPerPost }, (_, i) => `Tag ${i}`);
    expect(addTag(full, "One more")).toEqual(full);
  });
});

describe("tagSuggestions", () => {
  it("offers the blog's tags that start with the text first, then those containing it", () => {
    const known = ["Dark Rye", "Rye", "Spelt", "Wholemeal"];
    expect(tagSuggestions(known, [], "ry")).toEqual(["Rye", "Dark Rye"]);
    expect(tagSuggestions(known, ["rye"], "ry")).toEqual(["Dark Rye"]);
    expect(tagSuggestions(known, [], " ")).toEqual([]);
  });
});
