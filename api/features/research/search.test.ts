import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "../../env.ts";
import { startSearchServer } from "../../test/search-server.ts";
import {
  createBraveProvider,
  createSearxngProvider,
  SearchFailed,
  searchProviderFromEnv,
} from "./search.ts";

let server: Awaited<ReturnType<typeof startSearchServer>>;
beforeAll(async () => {
  server = await startSearchServer({ apiKey: "brave-key-1" });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.state.mode = "ok";
  server.state.requests.length = 0;
  server.state.results = [
    {
      url: "https://garden.example/bokashi",
      title: "Bokashi &amp; you",
      snippet: "Bokashi ferments kitchen scraps in two weeks.",
    },
    { url: "https://garden.example/bokashi#comments", title: "Same page", snippet: "again" },
    { url: "javascript:alert(1)", title: "Not a page", snippet: "" },
    { url: "https://worms.example/bins", title: "Worm bins", snippet: "Worms eat scraps." },
    { url: "https://third.example/", title: "", snippet: "A third result." },
  ];
});

const fromEnv = (vars: Record<string, string>) => searchProviderFromEnv(parseEnv(vars));

describe("search providers", () => {
  it("none configured: undefined, so the writer can say it has no search", () => {
    expect(fromEnv({})).toBeUndefined();
  });

  it("SearXNG: its JSON API, results as plain text, each http(s) address once", async () => {
    const search = fromEnv({ SEARCH_PROVIDER: "searxng", SEARCH_URL: server.base });
    expect(search?.name).toBe("searxng");
    const results = await search?.search("bokashi composting", { limit: 3 });
    expect(results).toEqual([
      {
        url: "https://garden.example/bokashi",
        title: "Bokashi & you",
        snippet: "Bokashi ferments kitchen scraps in two weeks.",
      },
      { url: "https://garden.example/bokashi#comments", title: "Same page", snippet: "again" },
      { url: "https://worms.example/bins", title: "Worm bins", snippet: "Worms eat scraps." },
    ]);
    const [request] = server.state.requests;
    expect(request?.path).toBe("/search");
    expect(request?.query.get("q")).toBe("bokashi composting");
    expect(request?.query.get("format")).toBe("json");
    // The default limit, and a title-less result named by its host.
    const all = await search?.search("bokashi");
    expect(all?.at(-1)).toEqual({
      url: "https://third.example/",
      title: "third.example",
      snippet: "A third result.",
    });
  });

  it("SearXNG under a path keeps the path; JSON switched off is explained", async () => {
    const search = createSearxngProvider({ baseUrl: `${server.base}/searx/` });
    await expect(search.search("x")).rejects.toThrow(/HTTP 404/);
    expect(server.state.requests[0]?.path).toBe("/searx/search");
    server.state.mode = "refused";
    await expect(createSearxngProvider({ baseUrl: server.base }).search("x")).rejects.toThrow(
      "add json to search.formats in the instance's settings.yml",
    );
  });

  it("Brave: the key in X-Subscription-Token, count as the limit, markup removed", async () => {
    const search = fromEnv({
      SEARCH_PROVIDER: "brave",
      SEARCH_API_KEY: "brave-key-1",
      SEARCH_URL: server.base,
    });
    expect(search?.name).toBe("brave");
    const results = await search?.search("Bokashi bins", { limit: 2 });
    expect(results?.[0]).toEqual({
      url: "https://garden.example/bokashi",
      title: "Bokashi & you",
      snippet: "Bokashi ferments kitchen scraps in two weeks.",
    });
    const [request] = server.state.requests;
    expect(request?.path).toBe("/res/v1/web/search");
    expect(request?.query.get("count")).toBe("2");
    expect(request?.headers["x-subscription-token"]).toBe("brave-key-1");
  });

  it("Brave with a wrong key says to check SEARCH_API_KEY", async () => {
    const search = createBraveProvider({ apiKey: "wrong", baseUrl: server.base });
    const error = await search.search("x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchFailed);
    expect((error as Error).message).toContain("check SEARCH_API_KEY");
  });

  it("follows no redirect (the key stays with the configured host), and limits time", async () => {
    server.state.mode = "redirect";
    const brave = createBraveProvider({ apiKey: "brave-key-1", baseUrl: server.base });
    await expect(brave.search("x")).rejects.toThrow(
      /redirects to http:\/\/elsewhere\.test\/res\/v1\/web\/search: set SEARCH_URL/,
    );
    expect(server.state.requests).toHaveLength(1);

    server.state.mode = "not-json";
    await expect(createSearxngProvider({ baseUrl: server.base }).search("x")).rejects.toThrow(
      "did not answer JSON",
    );

    server.state.mode = "slow";
    const slow = createSearxngProvider({ baseUrl: server.base, timeoutMs: 300 });
    const started = Date.now();
    await expect(slow.search("x")).rejects.toBeInstanceOf(SearchFailed);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
