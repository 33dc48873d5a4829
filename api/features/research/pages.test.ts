import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../env.ts";
import { boilerplateWords, startPageServer, testArticles } from "../../test/page-server.ts";
import { startSearchServer } from "../../test/search-server.ts";
import { createCpuPool } from "../../workers/run.ts";
import { fetchSourcePage, type PageFailure } from "./pages.ts";
import { researchFromEnv } from "./research.ts";

let pages: Awaited<ReturnType<typeof startPageServer>>;
beforeAll(async () => {
  pages = await startPageServer();
});
afterAll(async () => {
  await pages.close();
});

/** What tests pass: 127.0.0.1 (the page server) and nothing else. */
const testPeer = { testLoopback: true } as const;
const failureOf = async (url: string, options = {}) =>
  (await fetchSourcePage(url, { ...testPeer, ...options })) as PageFailure;

describe("fetchSourcePage", () => {
  it("reads an article's main text and title, without navigation, banner or footer", async () => {
    const fetchedAt = new Date("2026-12-01T10:00:00Z");
    const page = await fetchSourcePage(pages.url("/articles/bokashi"), {
      ...testPeer,
      now: () => fetchedAt,
    });
    expect(page).toMatchObject({
      ok: true,
      url: pages.url("/articles/bokashi"),
      finalUrl: pages.url("/articles/bokashi"),
      title: "Bokashi composting, measured",
      fetchedAt: "2026-12-01T10:00:00.000Z",
    });
    if (!page.ok) throw new Error(page.error);
    for (const fact of testArticles["/articles/bokashi"].facts) expect(page.text).toContain(fact);
    for (const words of [...boilerplateWords, "About us", "Ten tips", "window.analytics"]) {
      expect(page.text).not.toContain(words);
    }
    // Paragraphs stay apart: the model sees the page's structure.
    expect(page.text.split("\n\n").length).toBeGreaterThanOrEqual(4);
  });

  it("extracts on a worker thread of the pool what it extracts inline", async () => {
    const pool = createCpuPool({ size: 1 });
    try {
      const now = () => new Date("2026-12-01T10:00:00Z");
      const onPool = await fetchSourcePage(pages.url("/latin1"), { ...testPeer, pool, now });
      const inline = await fetchSourcePage(pages.url("/latin1"), { ...testPeer, now });
      expect(onPool).toEqual(inline);
      expect(onPool.ok).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it("follows a redirect and reports where it led; decodes the page's own charset", async () => {
    const page = await fetchSourcePage(pages.url("/go/bokashi"), testPeer);
    expect(page).toMatchObject({ ok: true, finalUrl: pages.url("/articles/bokashi") });
    const latin = await fetchSourcePage(pages.url("/latin1"), testPeer);
    expect(latin).toMatchObject({ ok: true, title: "Crème fraîche in the garden" });
    expect(latin.ok && latin.text).toContain("A déjà vu: the same trick worked on courgettes");
  });

  it("refuses what is not a web page, too big, too slow, missing or without text", async () => {
    expect(await failureOf(pages.url("/report.pdf"))).toEqual({
      ok: false,
      url: pages.url("/report.pdf"),
      reason: "not-html",
      error: `${pages.url("/report.pdf")} is not a web page (application/pdf); only HTML pages are read as sources.`,
    });
    expect(await failureOf(pages.url("/huge"), { maxBytes: 1024 * 1024 })).toMatchObject({
      reason: "too-large",
      error: expect.stringContaining("is larger than 1 MB"),
    });
    const started = Date.now();
    expect(await failureOf(pages.url("/slow"), { timeoutMs: 300 })).toMatchObject({
      reason: "timeout",
      error: `${pages.url("/slow")} did not load in time.`,
    });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await failureOf(pages.url("/missing"))).toMatchObject({
      reason: "http-status",
      error: `${pages.url("/missing")} answered HTTP 404.`,
    });
    expect(await failureOf(pages.url("/empty"))).toMatchObject({ reason: "no-text" });
    expect(await failureOf("file:///etc/passwd")).toMatchObject({ reason: "refused" });
  });

  it("the test allowance lets 127.0.0.1 through and nothing else: every other redirect is refused", async () => {
    for (const [path, shown] of [
      ["/to-private", "10.0.0.1"],
      ["/to-metadata", "169.254.169.254"],
      ["/to-loopback6", "::1"],
      ["/to-other-loopback", "127.0.0.2"],
    ] as const) {
      expect(await failureOf(pages.url(path)), path).toMatchObject({
        reason: "refused",
        error: expect.stringContaining(`leads to ${shown}, which is not a public address`),
      });
    }
    // A public address is refused too: tests never reach the internet.
    expect(await failureOf("http://1.1.1.1/")).toMatchObject({ reason: "refused" });
    // A name is checked by every address it resolves to, whatever answers the lookup.
    const resolveHost = async () => [
      { address: "127.0.0.1", family: 4 },
      { address: "::1", family: 6 },
    ];
    expect(
      await failureOf(`http://pages.test:${pages.port}/articles/bokashi`, { resolveHost }),
    ).toMatchObject({ reason: "refused" });
  });

  it("production's research refuses 127.0.0.1, whatever the environment says, and never connects", async () => {
    const search = await startSearchServer();
    try {
      const before = pages.hits.get("/articles/bokashi") ?? 0;
      for (const vars of [
        {},
        { NODE_ENV: "test" },
        { NODE_ENV: "development", SEARCH_PROVIDER: "searxng", SEARCH_URL: search.base },
      ]) {
        const research = researchFromEnv(parseEnv(vars));
        for (const url of [
          pages.url("/articles/bokashi"),
          `http://localhost:${pages.port}/articles/bokashi`,
        ]) {
          expect(await research.fetchPage(url), url).toMatchObject({
            ok: false,
            reason: "refused",
            error: expect.stringContaining("not a public address"),
          });
        }
        const gathered = await research.gatherSources({
          owner: { post: { urls: [pages.url("/articles/bokashi")] } },
        });
        expect(gathered.sources).toEqual([]);
        expect(gathered.failures).toMatchObject([{ reason: "refused" }]);
      }
      expect(pages.hits.get("/articles/bokashi") ?? 0).toBe(before);
    } finally {
      await search.close();
    }
  });
});
