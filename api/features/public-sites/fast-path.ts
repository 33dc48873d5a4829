import type { IncomingMessage, ServerResponse } from "node:http";
import { type PageCache, sendCachedPage } from "./page-cache.ts";
import { classifyFile, movedTarget, type PublishedIndexes } from "./published-index.ts";
import {
  fileForRequestPath,
  notFoundKey,
  publicHeaders,
  sendNotFoundPage,
  statusOf,
} from "./serve.ts";

/**
 * Which blog a Host header serves, as last looked up in the database. Entries expire after a few
 * seconds, and domain changes clear them at once.
 */
export function createHostMap(ttlMs = 10_000, now = () => Date.now()) {
  const hosts = new Map<string, { blogId: string; until: number }>();
  return {
    /** `host` is the Host header as it came: the hot path looks it up without parsing it. */
    remember(host: string, blogId: string) {
      hosts.set(host, { blogId, until: now() + ttlMs });
    },
    lookup(host: string): string | undefined {
      const entry = hosts.get(host);
      if (!entry) return undefined;
      if (entry.until < now()) {
        hosts.delete(host);
        return undefined;
      }
      return entry.blogId;
    },
    clear() {
      hosts.clear();
    },
    /** Entries held (expired ones included until looked up). */
    get size() {
      return hosts.size;
    },
  };
}
export type HostMap = ReturnType<typeof createHostMap>;

/**
 * The hot path for readers: a page already in memory for a host already known is answered
 * here, before the app's middleware runs; so is an address the blog's index says names nothing
 * (404, or 410 for a removed post), with the not-found page kept in memory. Anything else
 * (first request, unknown host, a page not cached yet) returns false and takes the full path,
 * which fills the caches.
 */
export function createFastPath(hostMap: HostMap, cache: PageCache, indexes?: PublishedIndexes) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const host = req.headers.host;
    if (!host) return false;
    const blogId = hostMap.lookup(host);
    if (!blogId) return false;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    // Affiliate redirects, page-view reports and media files are never pages (nor their 404):
    // media files are not in the page cache and are no page the index knows.
    if (
      path.startsWith("/api/") ||
      path.startsWith("/go/") ||
      path.startsWith("/_hit") ||
      path.startsWith("/media/")
    ) {
      return false;
    }
    const file = fileForRequestPath(path);
    if (!file) return false;
    const page = cache.get(blogId, file);
    if (page) {
      sendCachedPage(req, res, page, publicHeaders);
      return true;
    }
    const index = indexes?.peek(blogId);
    if (!index) return false;
    const verdict = classifyFile(index, file);
    if (verdict.kind === "content") return false;
    // An imported permalink: the full path answers its 301.
    if (verdict.kind === "missing" && movedTarget(index, path)) return false;
    // On a blog's own host the home is `/`, as the full path renders it.
    const notFound = cache.get(blogId, notFoundKey(verdict.notFound, "/"));
    if (!notFound) return false;
    sendNotFoundPage(req, res, statusOf(verdict), notFound);
    return true;
  };
}
