import { describe, expect, it } from "vitest";
import { insertAffiliateLinks } from "./insert-links.ts";

const href = (id: string) => `../go/${id}`;
const insert = (html: string, links: { id: string; keyword: string }[], maxLinks?: number) =>
  insertAffiliateLinks(html, links, { hrefFor: href, maxLinks }).html;
const a = (id: string, text: string) =>
  `<a href="../go/${id}" rel="sponsored nofollow">${text}</a>`;

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
});
