import type { LinkStatus } from "../../../contracts/link-health.ts";
import { probePublic, RemoteFetchError, type ResolveHost } from "../../net/public-fetch.ts";

/** How the checker asks (decision 379). */
export type LinkCheckOptions = {
  /** Per request, headers only (a slow body is never waited for). */
  timeoutMs: number;
  maxRedirects: number;
  userAgent: string;
  /**
   * Tests only: let exactly 127.0.0.1 through, where their merchant server listens, and
   * nothing else. Never set from the environment; production passes nothing.
   */
  testLoopback?: boolean;
  resolveHost?: ResolveHost;
  /** Waits for the host's turn before each request (the per-host rate limit). */
  beforeRequest?: (host: string) => Promise<void>;
};

export const defaultLinkCheckOptions: LinkCheckOptions = {
  timeoutMs: 10_000,
  maxRedirects: 5,
  userAgent: "Blogfleet-LinkCheck/1.0 (+https://github.com/blogfleet; checks links in posts)",
};

export type LinkCheckResult = {
  status: Exclude<LinkStatus, "unchecked">;
  httpStatus: number | null;
  finalUrl: string | null;
  redirects: string[];
  error: string | null;
};

const onlyTestPeer = (address: string) => address === "127.0.0.1";

/** Answers a HEAD cannot be trusted for: the link is asked again with a GET. */
const headRefused = new Set([400, 403, 405, 406, 429, 500, 501, 503]);

/**
 * Checks one address: HEAD, then GET when HEAD is refused or unreliable; redirects are
 * followed one hop at a time (each through the guarded fetcher) and recorded. 2xx is `ok`
 * (`redirected` when it took a redirect), 4xx/5xx `broken`, no answer `unreachable`.
 */
export async function checkLink(url: string, options: LinkCheckOptions): Promise<LinkCheckResult> {
  const redirects: string[] = [];
  let current = url;
  for (let hop = 0; hop <= options.maxRedirects; hop++) {
    let answer: { status: number; location: string };
    try {
      answer = await ask(current, "HEAD", options);
      if (headRefused.has(answer.status)) answer = await ask(current, "GET", options);
    } catch (error) {
      if (!(error instanceof RemoteFetchError)) throw error;
      return {
        status: "unreachable",
        httpStatus: null,
        finalUrl: redirects.length > 0 ? current : null,
        redirects,
        error: error.message,
      };
    }
    const { status, location } = answer;
    if (status >= 300 && status < 400 && location) {
      redirects.push(location);
      current = location;
      continue;
    }
    const finalUrl = redirects.length > 0 ? current : null;
    if (status >= 200 && status < 300) {
      return {
        status: redirects.length > 0 ? "redirected" : "ok",
        httpStatus: status,
        finalUrl,
        redirects,
        error: null,
      };
    }
    return {
      status: "broken",
      httpStatus: status,
      finalUrl,
      redirects,
      error: `${current} answered HTTP ${status}.`,
    };
  }
  return {
    status: "broken",
    httpStatus: null,
    finalUrl: current,
    redirects,
    error: `The address redirects more than ${options.maxRedirects} times.`,
  };
}

async function ask(url: string, method: "HEAD" | "GET", options: LinkCheckOptions) {
  await options.beforeRequest?.(hostOf(url));
  return probePublic(url, {
    method,
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs,
    allowAddress: options.testLoopback ? onlyTestPeer : undefined,
    resolveHost: options.resolveHost,
  });
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return "";
  }
}
