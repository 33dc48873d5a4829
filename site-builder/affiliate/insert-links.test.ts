import render from "dom-serializer";
import { type ChildNode, Element, type ParentNode, Text } from "domhandler";
import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import {
  type AutoLink,
  escapeRegExp,
  insertAffiliateLinks,
  textNodes,
  usableLinks,
} from "./insert-links.ts";

const href = (id: string) => `../go/${id}`;
const insert = (html: string, links: { id: string; keyword: string }[], maxLinks?: number) =>
  insertAffiliateLinks(html, links, { hrefFor: href, maxLinks }).html;
const a = (id: string, text: string) =>
  `<a href="../go/${id}" rel="sponsored nofollow">${text}</a>`;

// The keyword-by-keyword insertion this module replaced, kept as the reference for its
// behaviour: it walks the same text nodes (`textNodes`); only the matching differs.

/** A keyword as a case-insensitive whole-word pattern ("word" = letters, digits, underscore in any script). */
function referencePattern(keyword: string): RegExp {
  const words = keyword.trim().split(/\s+/).map(escapeRegExp).join("\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}_])${words}(?![\\p{L}\\p{N}_])`, "iu");
}

/**
 * Links each keyword the first time it appears in the post's text (whole words, any case),
 * longest keyword first, at most `maxLinks` links per post, never inside an existing link,
 * a heading or code. The stored post is not touched: this runs on the HTML being rendered.
 */
function referenceInsert(
  html: string,
  links: AutoLink[],
  options: { hrefFor: (id: string) => string; maxLinks?: number },
): { html: string; inserted: string[] } {
  const maxLinks = options.maxLinks ?? 5;
  const usable = usableLinks(links);
  if (usable.length === 0 || maxLinks <= 0) return { html, inserted: [] };
  const document = parseDocument(html, { decodeEntities: true });
  const inserted: string[] = [];
  for (const link of usable) {
    if (inserted.length >= maxLinks) break;
    const pattern = referencePattern(link.keyword);
    for (const node of textNodes(document)) {
      const match = pattern.exec(node.data);
      if (!match) continue;
      const before = node.data.slice(0, match.index);
      const after = node.data.slice(match.index + match[0].length);
      const anchor = new Element("a", {
        href: options.hrefFor(link.id),
        rel: "sponsored nofollow",
      });
      const label = new Text(match[0]);
      label.parent = anchor;
      anchor.children = [label];
      const replacement: ChildNode[] = [];
      if (before) replacement.push(new Text(before));
      replacement.push(anchor);
      if (after) replacement.push(new Text(after));
      const parent = node.parent as ParentNode;
      const index = parent.children.indexOf(node);
      for (const child of replacement) child.parent = parent;
      parent.children.splice(index, 1, ...replacement);
      inserted.push(link.id);
      break;
    }
  }
  if (inserted.length === 0) return { html, inserted };
  return { html: render(document, { encodeEntities: "utf8" }), inserted };
}

describe("affiliate link insertion", () => {
  it("links the first whole-word occurrence, in any case, once per keyword", () => {
    expect(
      insert("<p>Compost is great. More compost!</p>", [{ id: "l1", keyword: "compost" }]),
    ).toBe(`<p>${a("l1", "Compost")} is great. More compost!</p>`);
  });

  it("respects word boundaries", () => {
    expect(
      insert("<p>Composting and compostable, not compost-free? compost</p>", [
        { id: "l1", keyword: "compost" },
      ]),
    ).toBe(`<p>Composting and compostable, not ${a("l1", "compost")}-free? compost</p>`);
  });

  it("never links inside existing links, headings, code or pre", () => {
    const html = `<h2>Compost</h2><p><a href="https://x.example">compost</a></p><pre>compost</pre><p><code>compost</code> then compost</p>`;
    expect(insert(html, [{ id: "l1", keyword: "compost" }])).toBe(
      `<h2>Compost</h2><p><a href="https://x.example">compost</a></p><pre>compost</pre><p><code>compost</code> then ${a("l1", "compost")}</p>`,
    );
  });

  it("prefers the longest keyword and caps links per post", () => {
    const links = [
      { id: "short", keyword: "drip" },
      { id: "long", keyword: "drip irrigation kit" },
      { id: "c", keyword: "mulch" },
      { id: "d", keyword: "seed" },
    ];
    const html = "<p>A drip irrigation kit, some mulch and a seed. Then drip.</p>";
    expect(insert(html, links)).toBe(
      `<p>A ${a("long", "drip irrigation kit")}, some ${a("c", "mulch")} and a ${a("d", "seed")}. Then ${a("short", "drip")}.</p>`,
    );
    const capped = insertAffiliateLinks(html, links, { hrefFor: href, maxLinks: 2 });
    expect(capped.inserted).toEqual(["long", "c"]);
  });

  it("handles HTML entities and keywords with regex characters", () => {
    expect(
      insert("<p>Tom &amp; Jerry use C++ (daily).</p>", [
        { id: "l1", keyword: "C++" },
        { id: "l2", keyword: "tom & jerry" },
      ]),
    ).toBe(`<p>${a("l2", "Tom &amp; Jerry")} use ${a("l1", "C++")} (daily).</p>`);
    expect(
      insert("<p>Price: $5.00 (a.b)</p>", [
        { id: "l1", keyword: "a.b" },
        { id: "l2", keyword: "$5.00" },
      ]),
    ).toContain(a("l1", "a.b"));
  });

  it("matches words in any script and leaves HTML without matches untouched", () => {
    expect(insert("<p>Über Gärtnerei</p>", [{ id: "l1", keyword: "gärtnerei" }])).toBe(
      `<p>Über ${a("l1", "Gärtnerei")}</p>`,
    );
    const untouched = "<p>Nothing&nbsp;here &lt;b&gt;</p>";
    expect(insert(untouched, [{ id: "l1", keyword: "compost" }])).toBe(untouched);
  });

  it("links exactly what the keyword-by-keyword reference links, for many keywords in one pass", () => {
    // A small deterministic generator: words that overlap, repeat, differ in case and spacing.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    const words = [
      "drip",
      "Drip",
      "kit",
      "irrigation",
      "C++",
      "a.b",
      "ΣΟΦΊΑ",
      "σοφία",
      "über",
      "x_y",
      "seed",
      "seeds",
    ];
    const spaces = [" ", "  ", "\n", "\u00a0", "-", ", ", ""];
    const tags = ["p", "h2", "code", "em", "a"];
    for (let round = 0; round < 300; round++) {
      let html = "";
      const parts = 1 + Math.floor(random() * 6);
      for (let p = 0; p < parts; p++) {
        let text = "";
        for (let w = 0; w < 1 + Math.floor(random() * 12); w++) text += pick(words) + pick(spaces);
        const tag = pick(tags);
        html += random() < 0.3 ? text : `<${tag}>${text}</${tag}>`;
      }
      const links = Array.from({ length: 1 + Math.floor(random() * 8) }, (_, i) => ({
        id: `l${i}`,
        keyword: Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(words)).join(
          pick([" ", "  "]),
        ),
      }));
      const maxLinks = 1 + Math.floor(random() * 6);
      expect(insertAffiliateLinks(html, links, { hrefFor: href, maxLinks }), html).toEqual(
        referenceInsert(html, links, { hrefFor: href, maxLinks }),
      );
    }
  });
});
