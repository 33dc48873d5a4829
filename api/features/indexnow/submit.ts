import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogs } from "../../db/schema.ts";
import type { JobData } from "../../jobs/queue.ts";
import type { Logger } from "../../logger.ts";
import { type CanonicalSettings, canonicalBaseOf } from "../public-sites/hosts.ts";
import { indexNowKey } from "./key.ts";

/** The shared IndexNow endpoint: it passes each ping on to every engine taking part. */
export const indexNowEndpoint = "https://api.indexnow.org/indexnow";

/** The protocol's limit of addresses per request. */
export const urlsPerRequest = 10_000;

export type IndexNowSettings = {
  /** Test injection only (a loopback receiver); production always uses `indexNowEndpoint`. */
  endpoint?: string;
  /** Requests per second this process sends at most (default 5). */
  perSecond?: number;
  /** How long a request may take (default 15 s). */
  timeoutMs?: number;
};

export type IndexNowSubmitDeps = {
  db: Database;
  canonical: CanonicalSettings;
  logger: Logger;
  settings?: IndexNowSettings;
};

/** The endpoint asks for time: the job fails and the queue tries it again after its back-off. */
export class IndexNowBusy extends Error {}

/** Spaces requests at least `intervalMs` apart across every job of the process. */
function pacer(intervalMs: number) {
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + intervalMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}

/**
 * The `indexnow` job's handler (decision 378): posts the change's addresses to the endpoint,
 * 10,000 per request, with the blog's key and where its key file lives. 200 and 202 are done;
 * 400, 403 and 422 will not change on a retry, so they are logged and the job ends; 429, other
 * answers and network failures throw, and the queue tries again with back-off. A retry sends
 * the whole change again: a second ping of an address is harmless.
 */
export function indexNowSubmitter(deps: IndexNowSubmitDeps) {
  const endpoint = deps.settings?.endpoint ?? indexNowEndpoint;
  const pace = pacer(1000 / (deps.settings?.perSecond ?? 5));
  const timeoutMs = deps.settings?.timeoutMs ?? 15_000;

  return async (data: JobData) => {
    const blogId = String(data.blogId);
    const urls = Array.isArray(data.urls) ? data.urls.map(String) : [];
    const blog = await first(deps.db.select().from(blogs).where(eq(blogs.id, blogId)));
    // A blog deleted since: its addresses answer 410 already, and its key file is gone.
    if (!blog || urls.length === 0) return;
    const base = canonicalBaseOf(blog, deps.canonical);
    const key = await indexNowKey(deps.db, blogId);
    const host = new URL(base).host;
    // Only addresses on the blog's current base: a key file vouches for its own folder.
    const own = urls.filter((url) => url.startsWith(`${base}/`));
    for (let from = 0; from < own.length; from += urlsPerRequest) {
      await pace();
      const urlList = own.slice(from, from + urlsPerRequest);
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json; charset=utf-8" },
        body: JSON.stringify({ host, key, keyLocation: `${base}/${key}.txt`, urlList }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
      await response.body?.cancel();
      if (response.status === 429)
        throw new IndexNowBusy("IndexNow answered 429: too many requests");
      if ([400, 403, 422].includes(response.status)) {
        deps.logger.warn(
          { blogId, status: response.status, urls: urlList.length },
          "IndexNow refused the ping",
        );
      } else if (response.status !== 200 && response.status !== 202) {
        throw new Error(`IndexNow answered ${response.status}`);
      }
    }
  };
}
