import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createResearch } from "../features/research/research.ts";
import { createSearxngProvider } from "../features/research/search.ts";

export type SearchHit = { url: string; title: string; snippet: string };

export type SearchServerMode =
  /** Answers the results. */
  | "ok"
  /** SearXNG with the JSON format switched off (its 403), Brave with a bad key (401). */
  | "refused"
  /** A redirect to another host (a key must not follow it). */
  | "redirect"
  /** Headers, then nothing. */
  | "slow"
  | "not-json";

/**
 * A web search on loopback speaking two real protocols, for tests of the search providers and
 * the AI writer: SearXNG's JSON API (`GET /search?q=…&format=json`) and Brave Search's web
 * search (`GET /res/v1/web/search?q=…&count=…` with `X-Subscription-Token`). Both answer the
 * hits `resultsFor(query)` gives (by default `state.results`) in their own format, with their
 * own markup in titles and snippets, and record every request.
 */
export async function startSearchServer(options: { apiKey?: string } = {}) {
  const state = {
    mode: "ok" as SearchServerMode,
    results: [] as SearchHit[],
    resultsFor: undefined as ((query: string) => SearchHit[]) | undefined,
    apiKey: options.apiKey ?? "test-brave-key",
    requests: [] as { path: string; query: URLSearchParams; headers: Record<string, unknown> }[],
  };
  const hits = (query: string) => state.resultsFor?.(query) ?? state.results;
  const json = (res: import("node:http").ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://search.test");
    state.requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    const query = url.searchParams.get("q") ?? "";
    if (state.mode === "redirect") {
      return res.writeHead(302, { location: `http://elsewhere.test${url.pathname}` }).end();
    }
    if (state.mode === "slow") {
      res.writeHead(200, { "content-type": "application/json" });
      res.write("{");
      return;
    }
    if (state.mode === "not-json") {
      return res.writeHead(200, { "content-type": "text/html" }).end("<html>search</html>");
    }
    if (url.pathname === "/search") {
      if (url.searchParams.get("format") !== "json" || state.mode === "refused") {
        return res.writeHead(403, { "content-type": "text/html" }).end("<h1>403 Forbidden</h1>");
      }
      return json(res, 200, {
        query,
        number_of_results: 0,
        results: hits(query).map((hit, i) => ({
          url: hit.url,
          title: hit.title,
          content: hit.snippet,
          engine: "duckduckgo",
          engines: ["duckduckgo", "brave"],
          parsed_url: ["https", new URL(hit.url).host, new URL(hit.url).pathname, "", "", ""],
          positions: [i + 1],
          score: 1 / (i + 1),
          category: "general",
        })),
        answers: [],
        corrections: [],
        infoboxes: [],
        suggestions: [],
        unresponsive_engines: [],
      });
    }
    if (url.pathname === "/res/v1/web/search") {
      if (state.mode === "refused" || req.headers["x-subscription-token"] !== state.apiKey) {
        return json(res, 401, {
          type: "ErrorResponse",
          error: {
            code: "SUBSCRIPTION_TOKEN_INVALID",
            status: 401,
            detail: "The token is invalid.",
          },
        });
      }
      const count = Number(url.searchParams.get("count") ?? 20);
      return json(res, 200, {
        type: "search",
        query: { original: query },
        web: {
          type: "search",
          results: hits(query)
            .slice(0, count)
            .map((hit) => ({
              type: "search_result",
              title: hit.title,
              url: hit.url,
              // Brave marks the matched words.
              description: hit.snippet.replace(
                new RegExp(`(${escapeRegExp(query.split(" ")[0] ?? "")})`, "i"),
                "<strong>$1</strong>",
              ),
              meta_url: { hostname: new URL(hit.url).hostname },
            })),
        },
      });
    }
    res.writeHead(404).end();
  }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    state,
    /** The instance's base address: SEARCH_URL for either provider. */
    base,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") || "^$";

/** The AI writer's research searching this server, reading pages on loopback as tests serve them. */
export function researchOn(server: { base: string }) {
  return createResearch({
    search: createSearxngProvider({ baseUrl: server.base }),
    pages: { testLoopback: true },
  });
}
