import { htmlToText } from "../../../contracts/content-text.ts";
import { researchLimits } from "../../../contracts/research.ts";
import type { Env } from "../../env.ts";

export type SearchResult = { url: string; title: string; snippet: string };

/**
 * A web search behind a small interface (issue 31): the writer asks it for pages about a topic
 * and reads them as sources. Throws a `SearchFailed` whose message says what to fix.
 */
export interface SearchProvider {
  readonly name: string;
  search(query: string, options?: { limit?: number }): Promise<SearchResult[]>;
}

export class SearchFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SearchFailed";
  }
}

type ProviderOptions = {
  timeoutMs?: number;
  maxBytes?: number;
};

/**
 * The search provider the operator configured (`SEARCH_PROVIDER`, `SEARCH_URL`,
 * `SEARCH_API_KEY`), or undefined when none is: the writer then works from the owner's
 * sources alone and says so.
 */
export function searchProviderFromEnv(
  env: Pick<Env, "SEARCH_PROVIDER" | "SEARCH_URL" | "SEARCH_API_KEY">,
): SearchProvider | undefined {
  if (env.SEARCH_PROVIDER === "searxng" && env.SEARCH_URL) {
    return createSearxngProvider({ baseUrl: env.SEARCH_URL });
  }
  if (env.SEARCH_PROVIDER === "brave" && env.SEARCH_API_KEY) {
    return createBraveProvider({ apiKey: env.SEARCH_API_KEY, baseUrl: env.SEARCH_URL });
  }
  return undefined;
}

/** A self-hosted SearXNG instance through its JSON API (`/search?format=json`). */
export function createSearxngProvider(
  options: { baseUrl: string } & ProviderOptions,
): SearchProvider {
  return {
    name: "searxng",
    async search(query, { limit } = {}) {
      const url = endpoint(options.baseUrl, "search");
      url.searchParams.set("q", query);
      url.searchParams.set("format", "json");
      const body = await getJson(url, {}, options, "SearXNG", (status) =>
        status === 403
          ? "SearXNG refused the JSON format (HTTP 403): add json to search.formats in the instance's settings.yml."
          : undefined,
      );
      const results = (body as { results?: unknown }).results;
      if (!Array.isArray(results)) {
        throw new SearchFailed(`SearXNG at ${options.baseUrl} answered JSON without results.`);
      }
      return cleanResults(
        results.map((r: { url?: unknown; title?: unknown; content?: unknown }) => ({
          url: r.url,
          title: r.title,
          snippet: r.content,
        })),
        limitOf(limit),
      );
    },
  };
}

/** Brave Search's web search API, with the subscription key in `X-Subscription-Token`. */
export function createBraveProvider(
  options: { apiKey: string; baseUrl?: string | undefined } & ProviderOptions,
): SearchProvider {
  const baseUrl = options.baseUrl ?? "https://api.search.brave.com";
  return {
    name: "brave",
    async search(query, { limit } = {}) {
      const count = limitOf(limit);
      const url = endpoint(baseUrl, "res/v1/web/search");
      url.searchParams.set("q", query);
      url.searchParams.set("count", String(count));
      const body = await getJson(
        url,
        { "x-subscription-token": options.apiKey },
        options,
        "Brave Search",
        (status) =>
          status === 401 || status === 403
            ? `Brave Search refused the key (HTTP ${status}): check SEARCH_API_KEY.`
            : status === 429
              ? "Brave Search answered HTTP 429: the plan's rate or monthly limit is reached."
              : undefined,
      );
      const results = (body as { web?: { results?: unknown } }).web?.results ?? [];
      if (!Array.isArray(results)) {
        throw new SearchFailed("Brave Search answered JSON without web results.");
      }
      return cleanResults(
        results.map((r: { url?: unknown; title?: unknown; description?: unknown }) => ({
          url: r.url,
          title: r.title,
          snippet: r.description,
        })),
        count,
      );
    },
  };
}

const limitOf = (limit: number | undefined) =>
  Math.max(1, Math.min(limit ?? researchLimits.searchResults, researchLimits.searchResultsMax));

/** `path` under the base address, keeping the base's own path (`https://host/searx/`). */
function endpoint(baseUrl: string, path: string): URL {
  return new URL(path, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
}

/**
 * One GET to the operator's search endpoint (not an owner's address: the SSRF guard does not
 * apply, a SearXNG on the private network is the usual set-up). Redirects are not followed, so
 * a key is never sent to another host; size and time are limited.
 */
async function getJson(
  url: URL,
  headers: Record<string, string>,
  options: ProviderOptions,
  service: string,
  explain: (status: number) => string | undefined,
): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? researchLimits.searchTimeoutMs;
  const maxBytes = options.maxBytes ?? researchLimits.searchBytes;
  const where = `${url.origin}${url.pathname}`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: "application/json", "user-agent": "Blogfleet", ...headers },
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    throw new SearchFailed(
      name === "TimeoutError"
        ? `${service} at ${where} did not answer within ${timeoutMs / 1000} s.`
        : `${service} at ${where} could not be reached: ${(error as Error).message}.`,
    );
  }
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel();
    throw new SearchFailed(
      `${service} at ${where} redirects to ${res.headers.get("location") ?? "another address"}: set SEARCH_URL to the address it redirects to.`,
    );
  }
  if (res.status !== 200) {
    await res.body?.cancel();
    throw new SearchFailed(
      explain(res.status) ?? `${service} at ${where} answered HTTP ${res.status}.`,
    );
  }
  const text = await readBounded(res, maxBytes, `${service} at ${where}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new SearchFailed(`${service} at ${where} did not answer JSON.`);
  }
}

async function readBounded(res: Response, maxBytes: number, who: string): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new SearchFailed(`${who} answered more than ${maxBytes} bytes.`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof SearchFailed) throw error;
    throw new SearchFailed(`${who} stopped answering: ${(error as Error).message}.`);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Results with an http(s) address, each address once, titles and snippets as plain text
 * (both services may mark up the matched words).
 */
function cleanResults(
  raw: { url: unknown; title: unknown; snippet: unknown }[],
  limit: number,
): SearchResult[] {
  const seen = new Set<string>();
  const results: SearchResult[] = [];
  for (const r of raw) {
    if (typeof r.url !== "string") continue;
    let url: URL;
    try {
      url = new URL(r.url);
    } catch {
      continue;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") continue;
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    results.push({
      url: url.href,
      title: plain(r.title) || url.hostname,
      snippet: plain(r.snippet),
    });
    if (results.length >= limit) break;
  }
  return results;
}

const plain = (value: unknown) =>
  typeof value === "string" ? htmlToText(value).replace(/\s+/g, " ").trim() : "";
