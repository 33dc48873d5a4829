import { describe, expect, it } from "vitest";
import { excerptFromContent } from "./excerpt.ts";

describe("excerptFromContent", () => {
  it("strips tags, decodes entities and collapses whitespace", () => {
    expect(
      excerptFromContent(
        "<h2>Why&nbsp;hike?</h2><p>Fresh air &amp; <em>quiet</em>.</p>\n\n<ul><li>one</li><li>two</li></ul>",
      ),
    ).toBe("Why hike? Fresh air & quiet. one two");
  });

  it("drops the text of scripts and styles", () => {
    expect(excerptFromContent("<style>p{}</style><p>Visible</p><script>alert(1)</script>")).toBe(
      "Visible",
    );
  });

  it("reads plain text (the editor's) as it is", () => {
    expect(excerptFromContent("First line\nsecond   line, AT&T, 1 < 2 > 0")).toBe(
      "First line second line, AT&T, 1 < 2 > 0",
    );
  });

  it("keeps the first 200 characters, never splitting one", () => {
    const text = `${"a".repeat(199)}😀tail`;
    expect(excerptFromContent(text)).toBe(`${"a".repeat(199)}😀`);
    expect(excerptFromContent("word ".repeat(100))).toHaveLength(199);
    expect(excerptFromContent("")).toBe("");
  });
});
