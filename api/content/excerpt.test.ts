import { describe, expect, it } from "vitest";
import { excerptFromContent, isDerivedExcerpt } from "./excerpt.ts";

describe("excerptFromContent", () => {
  it("strips tags, decodes entities and collapses whitespace", () => {
    expect(
      excerptFromContent(
        "<p>Why&nbsp;hike?</p><p>Fresh air &amp; <em>quiet</em>.</p>\n\n<ul><li>one</li><li>two</li></ul>",
      ),
    ).toBe("Why hike? Fresh air & quiet. one two");
  });

  it("keeps a space between blocks and skips headings, captions and code blocks", () => {
    expect(
      excerptFromContent(
        "<h2>Why I signed up</h2><p>Running fifty kilometres was a dare.</p><h3>The <em>first</em> week</h3>" +
          "<figure><img src='a.jpg' alt='Trail'><figcaption>The ridge at dawn</figcaption></figure>" +
          "<pre><code>pace = 6:30</code></pre><p>Long runs on <code>Sundays</code>.</p>",
      ),
    ).toBe("Running fifty kilometres was a dare. Long runs on Sundays.");
    expect(excerptFromContent("<p>One</p><p>two</p><blockquote><p>three</p></blockquote>")).toBe(
      "One two three",
    );
  });

  it("reads the headings when the content has nothing else", () => {
    expect(excerptFromContent("<h2>Coming soon</h2><h3>Watch this space</h3>")).toBe(
      "Coming soon Watch this space",
    );
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

  it("keeps a text of 200 characters or fewer whole", () => {
    const exact = `${"word ".repeat(39)}abcd`;
    expect(exact).toHaveLength(199);
    expect(excerptFromContent(exact)).toBe(exact);
    expect(excerptFromContent(`<p>${"b".repeat(200)}</p>`)).toBe("b".repeat(200));
    expect(excerptFromContent("")).toBe("");
  });

  it("ends a longer text at a word boundary with an ellipsis, within 200 characters", () => {
    const text = "Switchbacks climb through the larch forest to a granite ridge. ".repeat(10);
    const excerpt = excerptFromContent(text);
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(200);
    expect(excerpt.endsWith("…")).toBe(true);
    const kept = excerpt.slice(0, -1);
    // Every word kept is whole, and the cut drops no whole word that would have fitted.
    expect(text.startsWith(kept)).toBe(true);
    expect(text[kept.length]).toMatch(/[\s.]/);
    const nextWordEnd = text.indexOf(" ", kept.length + 1);
    expect(nextWordEnd + 1).toBeGreaterThan(200);
    // Trailing punctuation before the ellipsis goes.
    expect(excerptFromContent(`${"a".repeat(195)}, bcdefgh ijk`)).toBe(`${"a".repeat(195)}…`);
  });

  it("cuts Japanese text between words, and one endless word between characters", () => {
    const japanese = "東京の古い商店街を歩いて、昔ながらの和菓子屋さんを訪ねました。".repeat(8);
    const excerpt = excerptFromContent(japanese);
    expect(excerpt.endsWith("…")).toBe(true);
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(200);
    expect(japanese.startsWith(excerpt.slice(0, -1))).toBe(true);
    const endless = `${"a".repeat(198)}😀😀tail`;
    expect(excerptFromContent(endless)).toBe(`${"a".repeat(198)}😀…`);
  });

  it("recognizes a derived excerpt, also in the form stored before whole-word cuts", () => {
    const content = `<p>${"Switchbacks climb through the larch forest. ".repeat(10)}</p>`;
    expect(isDerivedExcerpt(excerptFromContent(content), content)).toBe(true);
    const legacy = "Switchbacks climb through the larch forest. "
      .repeat(10)
      .slice(0, 200)
      .trimEnd();
    expect(isDerivedExcerpt(legacy, content)).toBe(true);
    expect(isDerivedExcerpt("My own summary", content)).toBe(false);
  });

  it("recognizes an excerpt derived before headings were left out", () => {
    const content = "<h2>Why I signed up</h2><p>Running fifty kilometres was a dare.</p>";
    expect(isDerivedExcerpt("Why I signed up Running fifty kilometres was a dare.", content)).toBe(
      true,
    );
    expect(isDerivedExcerpt("Running fifty kilometres was a dare.", content)).toBe(true);
    expect(isDerivedExcerpt("Why I signed up", content)).toBe(false);
  });
});
