import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPageServer, testArticles } from "../../test/page-server.ts";
import { researchOn, startSearchServer } from "../../test/search-server.ts";
import { cutToBudget, gatherSources, sameSourceKey } from "./sources.ts";

let pages: Awaited<ReturnType<typeof startPageServer>>;
let searchServer: Awaited<ReturnType<typeof startSearchServer>>;
beforeAll(async () => {
  pages = await startPageServer();
  searchServer = await startSearchServer();
});
afterAll(async () => {
  await pages.close();
  await searchServer.close();
});

const research = () => researchOn(searchServer);

describe("gatherSources", () => {
  it("numbers the owner's notes, then the owner's pages, then search results, each page once", async () => {
    searchServer.state.results = [
      // The owner's page again, under its redirect and with tracking: read once, as the owner's.
      { url: pages.url("/go/bokashi?utm_source=x"), title: "Bokashi", snippet: "" },
      { url: pages.url("/report.pdf"), title: "A report", snippet: "" },
      { url: pages.url("/articles/worm-bins"), title: "Worms", snippet: "worms" },
    ];
    const { search, gatherSources } = research();
    const results = (await search?.search("composting")) ?? [];
    const { sources, failures } = await gatherSources({
      owner: {
        post: { urls: [pages.url("/articles/bokashi")], notes: ["We compost in a flat."] },
        blog: { notes: ["We have kept worm bins since 2019.", "We compost in a flat."] },
      },
      search: results,
    });
    expect(
      sources.map(({ n, kind, scope, url, title }) => ({ n, kind, scope, url, title })),
    ).toEqual([
      {
        n: 1,
        kind: "owner-note",
        scope: "post",
        url: null,
        title: "The owner's first-hand notes for this post",
      },
      {
        n: 2,
        kind: "owner-note",
        scope: "blog",
        url: null,
        title: "The owner's first-hand notes for this blog",
      },
      {
        n: 3,
        kind: "owner-url",
        scope: "post",
        url: pages.url("/articles/bokashi"),
        title: testArticles["/articles/bokashi"].title,
      },
      {
        n: 4,
        kind: "search",
        scope: null,
        url: pages.url("/articles/worm-bins"),
        title: testArticles["/articles/worm-bins"].title,
      },
    ]);
    expect(sources[0]).toMatchObject({ text: "We compost in a flat.", fetchedAt: null });
    expect(sources[3]?.text).toContain("40 kilograms of kitchen scraps");
    expect(failures).toEqual([
      {
        url: pages.url("/report.pdf"),
        kind: "search",
        scope: null,
        reason: "not-html",
        error: expect.stringContaining("only HTML pages are read as sources"),
      },
    ]);
    // Stored as JSON and read back unchanged.
    expect(JSON.parse(JSON.stringify(sources))).toEqual(sources);
  });

  it("reads at most the pages allowed, the owner's first; a failed search result gives its place", async () => {
    const latinHits = pages.hits.get("/latin1") ?? 0;
    const { sources, failures } = await gatherSources(
      {
        owner: { topic: { urls: [pages.url("/articles/bokashi"), pages.url("/missing")] } },
        search: [
          { url: pages.url("/empty"), title: "", snippet: "" },
          { url: pages.url("/articles/worm-bins"), title: "", snippet: "" },
          { url: pages.url("/latin1"), title: "", snippet: "" },
        ],
      },
      { pages: { testLoopback: true }, pagesPerPost: 2 },
    );
    expect(sources.map((s) => [s.kind, s.url])).toEqual([
      ["owner-url", pages.url("/articles/bokashi")],
      ["search", pages.url("/articles/worm-bins")],
    ]);
    expect(failures.map((f) => [f.kind, f.url, f.reason])).toEqual([
      ["owner-url", pages.url("/missing"), "http-status"],
      ["search", pages.url("/empty"), "no-text"],
    ]);
    // The places were filled: the last result was never fetched.
    expect(pages.hits.get("/latin1") ?? 0).toBe(latinHits);

    const over = await gatherSources(
      {
        owner: {
          post: { urls: [pages.url("/articles/bokashi")] },
          blog: { urls: [pages.url("/articles/worm-bins")] },
        },
        search: [{ url: pages.url("/latin1"), title: "", snippet: "" }],
      },
      { pages: { testLoopback: true }, pagesPerPost: 1 },
    );
    expect(over.sources.map((s) => s.url)).toEqual([pages.url("/articles/bokashi")]);
    expect(over.failures).toMatchObject([
      {
        url: pages.url("/articles/worm-bins"),
        reason: "over-limit",
        error: expect.stringContaining("at most 1 pages per post"),
      },
    ]);
  });

  it("cuts every text to a fair share of the budget, at a word", async () => {
    const long = `${"Bokashi bran ferments scraps. ".repeat(200)}`.trim();
    const { sources } = await gatherSources(
      { owner: { post: { notes: [long, "Short note."] } } },
      { totalChars: 1000, charsPerSource: 800 },
    );
    expect(sources[0]?.text.length).toBeLessThanOrEqual(500);
    expect(sources[0]?.text).toMatch(/scraps\.…$|ferments…$|bran…$|Bokashi…$/);
    expect(sources[0]?.truncated).toBe(true);
    expect(sources[1]).toMatchObject({ text: "Short note.", truncated: false });
  });
});

describe("helpers", () => {
  it("sameSourceKey ignores the fragment, tracking parameters, host case and default port", () => {
    expect(sameSourceKey("HTTPS://Garden.Example:443/a?utm_source=x&id=2#top")).toBe(
      "https://garden.example/a?id=2",
    );
    expect(sameSourceKey("not a url ")).toBe("not a url");
  });

  it("cutToBudget keeps whole paragraphs or words", () => {
    expect(cutToBudget("one two three", 20)).toBe("one two three");
    expect(cutToBudget("one two three", 9)).toBe("one two…");
    const text = `${"a".repeat(90)}\n\nsecond paragraph here`;
    expect(cutToBudget(text, 100)).toBe(`${"a".repeat(90)}…`);
  });
});
