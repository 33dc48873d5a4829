import { describe, expect, it } from "vitest";
import { looksLikeMarkdown, pasteAsMarkdown } from "./markdown-paste.ts";

describe("Markdown paste", () => {
  it("recognizes Markdown and leaves ordinary text alone", () => {
    for (const text of [
      "## Title",
      "- one\n- two",
      "1. first",
      "> quoted",
      "```\ncode\n```",
      "a **b** c",
      "[x](https://x.test)",
    ])
      expect(looksLikeMarkdown(text), text).toBe(true);
    for (const text of [
      "Just a sentence.",
      "Price: 5 * 3 = 15",
      "email me at a@b.test",
      "#hashtag",
    ])
      expect(looksLikeMarkdown(text), text).toBe(false);
  });

  it("parses Markdown from code editors whose HTML has no formatting, not from formatted pages", () => {
    expect(pasteAsMarkdown("## Notes\n- a", null)).toBe(true);
    expect(pasteAsMarkdown("## Notes\n- a", "## Notes<br>- a")).toBe(true);
    expect(pasteAsMarkdown("## Notes\n- a", "<p>## Notes</p><p>- a</p>")).toBe(true);
    expect(pasteAsMarkdown("Notes\na", "<h2>Notes</h2><ul><li>a</li></ul>")).toBe(false);
    expect(pasteAsMarkdown("## Notes", "<h2>## Notes</h2>")).toBe(false);
    expect(pasteAsMarkdown("Plain words", "<p>Plain words</p>")).toBe(false);
  });
});
