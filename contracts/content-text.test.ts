import { describe, expect, it } from "vitest";
import {
  clipAtWord,
  containsPhrase,
  decodeEntities,
  firstParagraph,
  htmlToText,
  paragraphsOf,
  textBlocks,
  wordsOf,
} from "./content-text.ts";

describe("textBlocks", () => {
  it("reads paragraphs, headings with their level and list items in order", () => {
    expect(
      textBlocks(
        "<h2>Why <em>hills</em></h2>\n<p>Run <a href='/x'>up</a>.<br>Walk down.</p><ul><li>One</li>\n<li>Two</li></ul><h3>More</h3>",
      ),
    ).toEqual([
      { kind: "heading", level: 2, text: "Why hills" },
      { kind: "paragraph", text: "Run up. Walk down." },
      { kind: "list-item", text: "One" },
      { kind: "list-item", text: "Two" },
      { kind: "heading", level: 3, text: "More" },
    ]);
  });

  it("splits plain text into paragraphs at blank lines, not at single line breaks", () => {
    expect(paragraphsOf("First line\nstill first.\n\n  Second.\n \nThird.")).toEqual([
      "First line still first.",
      "Second.",
      "Third.",
    ]);
  });

  it("skips scripts, styles and comments, and decodes entities", () => {
    expect(
      htmlToText(
        '<p>Salt &amp; pepper&nbsp;&mdash; &#8220;ok&#x201D;</p><script>var a = "<p>no</p>";</script><style>p{}</style><!-- note -->',
      ),
    ).toBe("Salt & pepper — “ok”");
  });

  it("keeps a stray '<' as text and survives an unclosed tag", () => {
    expect(htmlToText("<p>a < b</p>")).toBe("a < b");
    expect(htmlToText('<p>one <a href="x</p><p>two</p>')).toBe('one <a href="x\n\ntwo');
  });

  it("answers nothing for empty or tag-only content", () => {
    expect(textBlocks("")).toEqual([]);
    expect(textBlocks("<p> </p><hr><p></p>")).toEqual([]);
    expect(firstParagraph("<h2>Only a heading</h2>")).toBe("");
  });

  it("stays linear on a pathological run of unclosed tags", () => {
    const nasty = '<a "'.repeat(50_000);
    const started = performance.now();
    htmlToText(nasty);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("decodeEntities", () => {
  it("leaves unknown and invalid references as written", () => {
    expect(decodeEntities("&bogus; &#0; &#x110000; &lt;b&gt;")).toBe("&bogus; &#0; &#x110000; <b>");
  });
});

describe("words and phrases", () => {
  it("folds case and accents and keeps apostrophes inside words", () => {
    expect(wordsOf("Café AU lait, don't—stop! 2024")).toEqual([
      "cafe",
      "au",
      "lait",
      "don't",
      "stop",
      "2024",
    ]);
  });

  it("finds a phrase as whole words only", () => {
    expect(containsPhrase("Hill Repeats for beginners", "hill repeats")).toBe(true);
    expect(containsPhrase("hill, repeats!", "Hill repeats")).toBe(true);
    expect(containsPhrase("uphill repeats", "hill repeats")).toBe(false);
    expect(containsPhrase("hill training repeats", "hill repeats")).toBe(false);
    expect(containsPhrase("anything", "  ")).toBe(false);
  });
});

describe("clipAtWord", () => {
  it("keeps short text and cuts long text at a word boundary", () => {
    expect(clipAtWord("  short   text ", 60)).toBe("short text");
    expect(clipAtWord("one two three four", 13)).toBe("one two three");
    expect(clipAtWord("one two three four", 12)).toBe("one two");
    expect(clipAtWord("Hills: the guide to everything", 7)).toBe("Hills");
  });

  it("counts the ellipsis within the limit", () => {
    const clipped = clipAtWord("one two three four five", 14, true);
    expect(clipped).toBe("one two three…");
    expect(clipped.length).toBeLessThanOrEqual(14);
  });

  it("does not end a cut on a joining word", () => {
    expect(clipAtWord("Run up the hill and down the other side", 21)).toBe("Run up the hill");
    expect(clipAtWord("Tips for the best of the runs", 25, true)).toBe("Tips for the best…");
    expect(clipAtWord("The end", 10)).toBe("The end");
  });

  it("cuts inside a single long word rather than answer nothing", () => {
    expect(clipAtWord("supercalifragilistic", 5)).toBe("super");
  });
});
