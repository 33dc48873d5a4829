import { researchLimits, type SourceFailure } from "../../../contracts/research.ts";
import {
  fetchPublic,
  formatBytes,
  RemoteFetchError,
  type ResolveHost,
} from "../../net/public-fetch.ts";
import { type CpuPool, runCpu } from "../../workers/run.ts";
import type { ExtractedArticle } from "./extract.ts";

/** A page read as a source: its main text, without navigation, footers and the like. */
export type FetchedPage = {
  ok: true;
  url: string;
  finalUrl: string;
  title: string;
  text: string;
  fetchedAt: string;
};

/** A page that could not be read, and why in words an owner understands. */
export type PageFailure = {
  ok: false;
  url: string;
  reason: SourceFailure["reason"];
  error: string;
};

export type PageFetchOptions = {
  maxBytes?: number;
  timeoutMs?: number;
  /**
   * Tests only: let exactly 127.0.0.1 through, where their page servers listen, and nothing
   * else (no public address, no other loopback or private one, however a redirect or a name
   * leads there). Never set from the environment; production passes nothing.
   */
  testLoopback?: boolean;
  /**
   * The process's worker pool: Readability on a large page takes seconds of CPU (decision
   * 330), so the text is extracted on a worker thread. Without one (tests), inline.
   */
  pool?: CpuPool;
  /** Tests only: how host names resolve (default: the system resolver). */
  resolveHost?: ResolveHost;
  now?: () => Date;
};

const htmlTypes = new Set(["text/html", "application/xhtml+xml"]);
const onlyTestPeer = (address: string) => address === "127.0.0.1";

/**
 * Fetches one web page through the server's guarded fetcher (public addresses only, every
 * redirect checked, size and time limited) and reduces it to its main text. Never throws:
 * a page that cannot be used answers why.
 */
export async function fetchSourcePage(
  url: string,
  options: PageFetchOptions = {},
): Promise<FetchedPage | PageFailure> {
  const maxBytes = options.maxBytes ?? researchLimits.pageBytes;
  let fetched: Awaited<ReturnType<typeof fetchPublic>>;
  try {
    fetched = await fetchPublic(url, {
      allowAddress: options.testLoopback ? onlyTestPeer : undefined,
      maxBytes,
      timeoutMs: options.timeoutMs ?? researchLimits.pageTimeoutMs,
      accept: "text/html,application/xhtml+xml;q=0.9",
      // No stated type is let through: the extractor then finds text or says there is none.
      acceptType: (type) => type === "" || htmlTypes.has(type),
      resolveHost: options.resolveHost,
    });
  } catch (error) {
    if (error instanceof RemoteFetchError) return failureOf(url, error, maxBytes);
    throw error;
  }
  let article: ExtractedArticle | null;
  try {
    article = await runCpu(
      options.pool,
      "extractArticle",
      { bytes: new Uint8Array(fetched.bytes), contentType: fetched.contentType },
      { lane: "background" },
    );
  } catch {
    // A thread that failed on this page (its memory cap, a bug in the extractor): this page only.
    article = null;
  }
  if (!article || article.text.length < researchLimits.minPageChars) {
    return {
      ok: false,
      url,
      reason: "no-text",
      error: `${url} has no article text to read (${article?.text.length ?? 0} characters found).`,
    };
  }
  return {
    ok: true,
    url,
    finalUrl: fetched.finalUrl,
    title: article.title || new URL(fetched.finalUrl).hostname,
    text: article.text,
    fetchedAt: (options.now?.() ?? new Date()).toISOString(),
  };
}

function failureOf(url: string, error: RemoteFetchError, maxBytes: number): PageFailure {
  const fail = (reason: PageFailure["reason"], message: string): PageFailure => ({
    ok: false,
    url,
    reason,
    error: message,
  });
  switch (error.reason) {
    case "invalid-url":
    case "not-http":
    case "credentials":
      return fail(
        "refused",
        `${url} is not an address a source can be read from: ${error.message}`,
      );
    case "non-public":
      return fail(
        "refused",
        `${url} leads to ${error.detail}, which is not a public address; sources are read from the public web only.`,
      );
    case "too-many-redirects":
      return fail("refused", `${url} redirects more than ${error.detail} times.`);
    case "unwanted-type":
      return fail(
        "not-html",
        `${url} is not a web page (${error.detail}); only HTML pages are read as sources.`,
      );
    case "too-large":
      return fail("too-large", `${url} is larger than ${formatBytes(maxBytes)}.`);
    case "timeout":
      return fail("timeout", `${url} did not load in time.`);
    case "http-status":
      return fail("http-status", `${url} answered HTTP ${error.detail}.`);
    case "unreachable":
      return fail("unreachable", `${url} could not be reached.`);
  }
}
