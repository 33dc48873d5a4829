import { describe, expect, it } from "vitest";
import { sanitizePostHtml } from "../../content/sanitize.ts";
import { insertInternalLinks } from "./insert.ts";

const link = (sectionIndex: number, anchorText: string, slug: string) => ({
  sectionIndex,
  anchorText,
  target: { href: `../post/${slug}` },
});
const insert = (html: string, links: ReturnType<typeof link>[]) =>
  insertInternalLinks(html, links).html;

describe("insertInternalLinks", () => {
  it("links the first occurrence of the anchor in its section, as written", () => {
    const html =
      "<p>Intro about compost.</p><h2>Bins</h2><p>A Bokashi  bin is small. Another bokashi bin.</p>";
    expect(insert(html, [link(1, "bokashi bin", "bins")])).toBe(
      '<p>Intro about compost.</p><h2>Bins</h2><p>A <a href="../post/bins">Bokashi  bin</a> is small. Another bokashi bin.</p>',
    );
  });

  it("looks only in the suggestion's section (0 is the text before the first H2)", () => {
    const html = "<p>Worms here.</p><h2>One</h2><p>Worms there.</p><h2>Two</h2><p>Worms.</p>";
    expect(insert(html, [link(2, "worms", "w")])).toBe(
      '<p>Worms here.</p><h2>One</h2><p>Worms there.</p><h2>Two</h2><p><a href="../post/w">Worms</a>.</p>',
    );
    expect(insert(html, [link(0, "worms", "w")])).toContain(
      '<p><a href="../post/w">Worms</a> here.',
    );
    // A section the post does not have: nothing.
    expect(insertInternalLinks(html, [link(3, "worms", "w")]).inserted).toEqual([]);
  });

  it("never links inside a link, a heading, code or an affiliate box, and takes the next occurrence", () => {
    const html = [
      '<h2>Raised bed</h2><h3>Raised bed care</h3><p><a href="https://example.com">raised bed</a> ',
      "<code>raised bed</code></p>",
      '<aside data-block="product-box"><p data-part="name">Raised bed kit</p></aside>',
      "<p>Build a raised bed today.</p>",
    ].join("");
    const out = insert(html, [link(1, "raised bed", "beds")]);
    expect(out.match(/<a /g)).toHaveLength(2);
    expect(out).toContain('<p>Build a <a href="../post/beds">raised bed</a> today.</p>');
  });

  it("matches whole words only, in any case, and across tags only where the text is one node", () => {
    const html = "<p>Composting bins, compost bin, <strong>compost</strong> bin.</p>";
    const out = insertInternalLinks(html, [link(0, "compost bin", "c")]);
    expect(out.html).toBe(
      '<p>Composting bins, <a href="../post/c">compost bin</a>, <strong>compost</strong> bin.</p>',
    );
    expect(insertInternalLinks("<p>Compostbin.</p>", [link(0, "compost", "c")]).inserted).toEqual(
      [],
    );
  });

  it("places several links, never twice to one href, and reports which went in", () => {
    const html = "<p>Worms and bins and worms.</p><h2>More</h2><p>Bins.</p>";
    const links = [
      link(0, "worms", "w"),
      link(0, "bins", "b"),
      link(1, "bins", "b"),
      link(1, "missing words", "m"),
      { ...link(0, "   ", "blank") },
    ];
    const { html: out, inserted } = insertInternalLinks(html, links);
    expect(out).toBe(
      '<p><a href="../post/w">Worms</a> and <a href="../post/b">bins</a> and worms.</p><h2>More</h2><p>Bins.</p>',
    );
    expect(inserted).toEqual([links[0], links[1]]);
    // A post that links there already gets no second link.
    expect(insertInternalLinks(out, [link(1, "bins", "b")]).inserted).toEqual([]);
  });

  it("returns the HTML untouched when nothing goes in, and keeps text and entities intact", () => {
    const html = "<p>Fish &amp; chips &lt;3 — café “bokashi bin”.</p>";
    expect(insert(html, [link(0, "nothing", "n")])).toBe(html);
    const out = insert(html, [link(0, "bokashi bin", "b")]);
    expect(out).toBe('<p>Fish &amp; chips &lt;3 — café “<a href="../post/b">bokashi bin</a>”.</p>');
    // What readers get keeps the relative link.
    expect(sanitizePostHtml(out)).toBe(out);
  });
});
