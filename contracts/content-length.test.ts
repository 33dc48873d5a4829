import { describe, expect, it } from "vitest";
import {
  contentLimitMessage,
  contentUsage,
  countCharacters,
  maxJsonBytesPerCharacter,
  postContentText,
  postRequestBytes,
} from "./content-length.ts";
import { limits } from "./limits.ts";

describe("counting a post's characters the same way on both sides (decision 098)", () => {
  it("counts letters, kanji and emoji as one character each, markup included", () => {
    expect(countCharacters("")).toBe(0);
    expect(countCharacters("<p>Hi</p>")).toBe(9);
    expect(countCharacters("東京ガイド")).toBe(5);
    expect(countCharacters("😀👍🏽")).toBe(3);
    // A lone surrogate is still one character.
    expect(countCharacters("a\ud800b")).toBe(3);
  });

  it("refuses one character past the limit in any script, with one message", () => {
    for (const unit of ["x", "日", "😀"]) {
      expect(postContentText.safeParse(unit.repeat(limits.postContent)).success).toBe(true);
      const over = postContentText.safeParse(unit.repeat(limits.postContent + 1));
      expect(over.success).toBe(false);
      expect(over.error?.issues.map((i) => i.message)).toContain(contentLimitMessage);
    }
  });

  it("lets the worst-escaped content at the limit fit in a request", () => {
    const body = JSON.stringify({ title: "t", content: "\u0001".repeat(limits.postContent) });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(postRequestBytes);
    expect(Buffer.byteLength(JSON.stringify("\ud800"))).toBe(2 + maxJsonBytesPerCharacter);
    expect(Buffer.byteLength(JSON.stringify("日".repeat(limits.postContent)))).toBeLessThan(
      postRequestBytes,
    );
  });

  it("says how close a text is", () => {
    expect(contentUsage("日".repeat(450_000))).toEqual({
      used: 450_000,
      max: limits.postContent,
      ratio: 0.9,
    });
  });
});
