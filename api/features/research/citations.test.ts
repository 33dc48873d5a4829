import { describe, expect, it } from "vitest";
import type { ResearchSource } from "../../../contracts/research.ts";
import { sanitizePostHtml } from "../../content/sanitize.ts";
import { checkUrlOf, linkCitations, supportingSentence } from "./citations.ts";

const source = (n: number, extra: Partial<ResearchSource>): ResearchSource => ({
  n,
  kind: "search",
  scope: null,
  url: `https://site${n}.example/page`,
  finalUrl: `https://site${n}.example/page`,
  title: `Page ${n}`,
  text: "",
  truncated: false,
  fetchedAt: "2026-12-01T10:00:00.000Z",
  ...extra,
});

const sources: ResearchSource[] = [
  source(1, {
    title: "Bokashi composting, measured",
    url: "https://garden.example/bokashi?utm_source=search",
    finalUrl: "https://www.garden.example/articles/bokashi",
    text: "We weighed every batch.\n\nA 16-litre bokashi bucket fermented fully in 14 days at 20 °C. The liquid fed our tomatoes.",
  }),
  source(2, {
    kind: "owner-url",
    scope: "post",
    title: "Worm bins, a year",
    url: "https://worms.example/bins",
    finalUrl: "https://worms.example/bins",
    text: "Our worm bin turned 40 kilograms of kitchen scraps into castings in twelve months.",
  }),
  source(3, {
    kind: "owner-note",
    scope: "blog",
    url: null,
    finalUrl: null,
    title: "The owner's first-hand notes for this blog",
    text: "We have composted in a flat since 2019.",
    fetchedAt: null,
  }),
  source(4, { title: "Never cited" }),
];

describe("linkCitations", () => {
  it("links markers to their sources, numbered by first citation, and lists the sources", () => {
    const result = linkCitations(
      "<p>A worm bin turns 40 kilograms of scraps into castings in a year [2]. A bokashi bucket ferments in 14 days.[1]</p><p>Bokashi works in a flat [1][3].</p>",
      sources,
    );
    expect(result.html).toBe(
      '<p>A worm bin turns 40 kilograms of scraps into castings in a year<sup><a href="https://worms.example/bins">[1]</a></sup>. A bokashi bucket ferments in 14 days.<sup><a href="https://garden.example/bokashi?utm_source=search" rel="nofollow">[2]</a></sup></p>' +
        '<p>Bokashi works in a flat<sup><a href="https://garden.example/bokashi?utm_source=search" rel="nofollow">[2]</a></sup>.</p>' +
        '<h2>Sources</h2><ol><li><a href="https://worms.example/bins">Worm bins, a year</a> (worms.example)</li><li><a href="https://garden.example/bokashi?utm_source=search" rel="nofollow">Bokashi composting, measured</a> (garden.example)</li></ol>',
    );
    expect(result.cited).toEqual([
      {
        n: 2,
        number: 1,
        kind: "owner-url",
        url: "https://worms.example/bins",
        title: "Worm bins, a year",
      },
      {
        n: 1,
        number: 2,
        kind: "search",
        url: "https://garden.example/bokashi?utm_source=search",
        title: "Bokashi composting, measured",
      },
      { n: 3, number: null, kind: "owner-note", url: null, title: sources[2]?.title },
    ]);
    expect(result.unknown).toEqual([]);
    // It survives the sanitizer readers' HTML goes through, unchanged.
    expect(sanitizePostHtml(result.html)).toBe(result.html);
  });

  it("reports each citation with its sentence, its paragraph and where to check it", () => {
    const { citations } = linkCitations(
      "<p>We weighed it all. A 16-litre bokashi bucket ferments fully in 14 days [1]. Then it goes <em>into the bed</em> [3].</p><ul><li>Worms turn 40 kilograms of scraps into castings in a year.[2]</li></ul>",
      sources,
    );
    expect(citations).toEqual([
      {
        n: 1,
        number: 1,
        sentence: "A 16-litre bokashi bucket ferments fully in 14 days.",
        passage:
          "We weighed it all. A 16-litre bokashi bucket ferments fully in 14 days. Then it goes into the bed.",
        supportingText: "A 16-litre bokashi bucket fermented fully in 14 days at 20 °C.",
        checkUrl:
          "https://garden.example/bokashi?utm_source=search#:~:text=A%2016%2Dlitre%20bokashi%20bucket,days%20at%2020%20%C2%B0C.",
      },
      {
        n: 3,
        number: null,
        sentence: "Then it goes into the bed.",
        passage:
          "We weighed it all. A 16-litre bokashi bucket ferments fully in 14 days. Then it goes into the bed.",
        supportingText: null,
        checkUrl: null,
      },
      {
        n: 2,
        number: 2,
        sentence: "Worms turn 40 kilograms of scraps into castings in a year.",
        passage: "Worms turn 40 kilograms of scraps into castings in a year.",
        supportingText:
          "Our worm bin turned 40 kilograms of kitchen scraps into castings in twelve months.",
        checkUrl: expect.stringMatching(/^https:\/\/worms\.example\/bins#:~:text=Our%20worm/),
      },
    ]);
  });

  it("removes markers of sources that do not exist, and of notes (nothing to click)", () => {
    const result = linkCitations(
      "<p>Made up [7]. Also made up [0]. From our own flat [3]. Real [1, 9].</p>",
      sources,
    );
    expect(result.html).toBe(
      '<p>Made up. Also made up. From our own flat. Real<sup><a href="https://garden.example/bokashi?utm_source=search" rel="nofollow">[1]</a></sup>.</p>' +
        '<h2>Sources</h2><ol><li><a href="https://garden.example/bokashi?utm_source=search" rel="nofollow">Bokashi composting, measured</a> (garden.example)</li></ol>',
    );
    expect(result.unknown).toEqual([0, 7, 9]);
    expect(result.citations.map((c) => c.n)).toEqual([3, 1]);
  });

  it("strips outside links (text kept), keeps the blog's own and the sources'", () => {
    const result = linkCitations(
      '<p>See <a href="https://spam.example/buy">this deal</a>, <a href="/posts/worms">our worm post</a>, <a href="#faq">the FAQ</a>, ' +
        '<a href="https://myblog.example.com/about">about us</a>, <a href="https://worms.example/bins#top" rel="sponsored" target="_blank">the worm study</a>, ' +
        '<a href="https://www.garden.example/articles/bokashi">the bokashi test</a>, <a href="//evil.example/x">sneaky</a>, <a href="/\\evil.example">sneakier</a>, ' +
        '<a href="javascript:alert(1)">script</a>, <a href="mailto:a@b.example">mail</a> and <a name="x">an anchor</a>.</p>',
      sources,
      { internalOrigins: ["https://myblog.example.com"] },
    );
    expect(result.html).toBe(
      '<p>See this deal, <a href="/posts/worms">our worm post</a>, <a href="#faq">the FAQ</a>, ' +
        '<a href="https://myblog.example.com/about">about us</a>, <a href="https://worms.example/bins#top" target="_blank">the worm study</a>, ' +
        '<a href="https://www.garden.example/articles/bokashi" rel="nofollow">the bokashi test</a>, sneaky, sneakier, script, mail and an anchor.</p>',
    );
    expect(result.removedLinks).toEqual([
      { href: "https://spam.example/buy", text: "this deal" },
      { href: "//evil.example/x", text: "sneaky" },
      { href: "/\\evil.example", text: "sneakier" },
      { href: "javascript:alert(1)", text: "script" },
      { href: "mailto:a@b.example", text: "mail" },
    ]);
    // Links to sources are no citations: nothing is listed.
    expect(result.cited).toEqual([]);
  });

  it("never nests links: a marker inside a kept link follows it; links inside links are unwrapped", () => {
    const result = linkCitations(
      '<p><a href="https://worms.example/bins">the worm study [2] and <a href="https://spam.example">spam [1]</a></a> end.</p>' +
        '<p><a href="/posts/a">ours <strong>[1]</strong></a>.</p>' +
        '<p><a href="/posts/b">two <em>[2]</em> in one [1]</a> link.</p>',
      sources,
    );
    const a = '<a href="https://garden.example/bokashi?utm_source=search" rel="nofollow">';
    expect(result.html).toBe(
      `<p><a href="https://worms.example/bins">the worm study and</a><sup><a href="https://worms.example/bins">[1]</a></sup> spam<sup>${a}[2]</a></sup> end.</p>` +
        `<p><a href="/posts/a">ours</a><sup>${a}[2]</a></sup>.</p>` +
        `<p><a href="/posts/b">two  in one</a><sup><a href="https://worms.example/bins">[1]</a></sup><sup>${a}[2]</a></sup> link.</p>` +
        `<h2>Sources</h2><ol><li><a href="https://worms.example/bins">Worm bins, a year</a> (worms.example)</li><li>${a}Bokashi composting, measured</a> (garden.example)</li></ol>`,
    );
    expect(result.removedLinks).toEqual([{ href: "https://spam.example", text: "spam [1]" }]);
  });

  it("cites one source twice under one number, leaves code alone, replaces the model's own list", () => {
    const result = linkCitations(
      "<h2>Why</h2><p>Fast [1]. Cheap [1].</p><pre><code>bins[1] = 2</code></pre><p>Set <sup>[2]</sup> apart.</p>" +
        "<h2>References</h2><p>Our own section of that name stays.</p><h2>After</h2><p>End.</p>" +
        '<h2>Sources:</h2><ol><li><a href="https://worms.example/bins">[2] Worms</a></li></ol><h3>Books</h3><p>Still sources.</p>',
      sources,
    );
    expect(result.html).toBe(
      '<h2>Why</h2><p>Fast<sup><a href="https://garden.example/bokashi?utm_source=search" rel="nofollow">[1]</a></sup>. Cheap<sup><a href="https://garden.example/bokashi?utm_source=search" rel="nofollow">[1]</a></sup>.</p>' +
        '<pre><code>bins[1] = 2</code></pre><p>Set <sup><a href="https://worms.example/bins">[2]</a></sup> apart.</p>' +
        "<h2>References</h2><p>Our own section of that name stays.</p><h2>After</h2><p>End.</p>" +
        '<h2>Sources</h2><ol><li><a href="https://garden.example/bokashi?utm_source=search" rel="nofollow">Bokashi composting, measured</a> (garden.example)</li><li><a href="https://worms.example/bins">Worm bins, a year</a> (worms.example)</li></ol>',
    );
    expect(result.citations.map((c) => [c.n, c.number, c.sentence])).toEqual([
      [1, 1, "Fast."],
      [1, 1, "Cheap."],
      [2, 2, "Set apart."],
    ]);
    expect(result.cited.map((c) => c.n)).toEqual([1, 2]);
  });

  it("answers the HTML as it was, less outside links, when nothing is cited", () => {
    const result = linkCitations(
      '<p>Plain &amp; simple, <a href="https://x.example">x</a>.</p>',
      [],
    );
    expect(result).toEqual({
      html: "<p>Plain &amp; simple, x.</p>",
      cited: [],
      citations: [],
      unknown: [],
      removedLinks: [{ href: "https://x.example", text: "x" }],
    });
  });
});

describe("checking a claim", () => {
  it("finds the source sentence that shares most with the claim, or none", () => {
    const text =
      "Worms dislike citrus.\n\nA bin turned 40 kg of scraps into castings. Bins need air.";
    expect(supportingSentence(text, "40 kg of scraps became castings")).toBe(
      "A bin turned 40 kg of scraps into castings.",
    );
    expect(supportingSentence(text, "Tomatoes need sun")).toBeNull();
  });

  it("links to the passage with a text fragment, escaping what the syntax uses", () => {
    expect(checkUrlOf("https://a.example/p#top", "Well-known fact, again & again")).toBe(
      "https://a.example/p#:~:text=Well%2Dknown%20fact%2C%20again%20%26%20again",
    );
    expect(checkUrlOf("https://a.example/p", null)).toBe("https://a.example/p");
  });
});
