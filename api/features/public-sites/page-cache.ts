import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";

/** A rendered file held in memory with everything a response needs, computed once. */
export type CachedPage = {
  body: Buffer;
  gzip: Buffer | undefined;
  etag: string;
  lastModified: string;
  contentType: string;
  cacheControl: string;
  /** Response headers prepared once per variant (identity, gzip), extra headers included. */
  prepared?: { plain: Record<string, string | number>; gzip?: Record<string, string | number> };
};

/** Small or incompressible bodies go out as they are. */
const compressible = (type: string) => /^(text\/|application\/(xml|rss\+xml|json))/.test(type);

export function cachedPage(
  body: Buffer,
  modified: Date,
  contentType: string,
  cacheControl: string,
): CachedPage {
  const gzip =
    body.length > 1024 && compressible(contentType) ? gzipSync(body, { level: 6 }) : undefined;
  return {
    body,
    gzip: gzip && gzip.length < body.length ? gzip : undefined,
    etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`,
    lastModified: modified.toUTCString(),
    contentType,
    cacheControl,
  };
}

/**
 * Rendered files kept in memory for the hot path (a post page under load answers without a
 * disk read). Least recently used entries go first past `maxBytes` (lru-cache); the render
 * pipeline drops a blog's entries whenever it writes that blog's files.
 */
export function createPageCache(maxBytes = 64 * 1024 * 1024) {
  const entries = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    sizeCalculation: (page) => page.body.length + (page.gzip?.length ?? 0) || 1,
  });
  // Bumped on every invalidation of a blog: a page read from disk before a render replaced it
  // must not enter the cache after the render dropped the old entry.
  const generations = new Map<string, number>();
  /** Bumped by `clear`: every blog's generation moves with it. */
  let epoch = 0;
  const key = (blogId: string, file: string) => `${blogId}\u0000${file}`;
  /** Pages `put` before their files were stored, by key, until those files' changes arrive. */
  const unstored = new Map<string, CachedPage>();

  return {
    get(blogId: string, file: string): CachedPage | undefined {
      return entries.get(key(blogId, file));
    },
    generation(blogId: string): number {
      return (generations.get(blogId) ?? 0) + epoch;
    },
    /** Stores a page read while the blog was at `generation`; ignored if it has moved on since. */
    set(blogId: string, file: string, page: CachedPage, generation: number) {
      if ((generations.get(blogId) ?? 0) + epoch !== generation) return;
      entries.set(key(blogId, file), page);
    },
    /**
     * Holds a page a render has just made, before its file is stored: served from memory at
     * once (decision 301). Moves the blog's generation, so a read of the file it replaces,
     * still in flight, does not take its place; the file's own change, once stored, keeps it.
     */
    put(blogId: string, file: string, page: CachedPage) {
      generations.set(blogId, (generations.get(blogId) ?? 0) + 1);
      const k = key(blogId, file);
      entries.set(k, page);
      unstored.set(k, page);
    },
    /**
     * Drops one file of a blog, or all of them. A file's entry put before it was stored stays,
     * once, when this is that file's change arriving (the same page is now on disk).
     */
    invalidate(blogId: string, file?: string) {
      generations.set(blogId, (generations.get(blogId) ?? 0) + 1);
      if (file !== undefined) {
        const k = key(blogId, file);
        const early = unstored.get(k);
        unstored.delete(k);
        if (early === undefined || entries.peek(k) !== early) entries.delete(k);
        return;
      }
      const prefix = `${blogId}\u0000`;
      for (const k of [...entries.keys()]) if (k.startsWith(prefix)) entries.delete(k);
      for (const k of [...unstored.keys()]) if (k.startsWith(prefix)) unstored.delete(k);
    },
    /** Drops every page of every blog (another process's changes may have been missed). */
    clear() {
      epoch++;
      entries.clear();
      unstored.clear();
    },
    get size() {
      return entries.size;
    },
    /** Bytes held (bodies and their gzip copies). */
    get bytes() {
      return entries.calculatedSize;
    },
  };
}
export type PageCache = ReturnType<typeof createPageCache>;

/** Writes a cached page as the response: 304 when the reader's copy is current, gzip when accepted. */
export function sendCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  headers: Record<string, string>,
): void {
  page.prepared ??= prepareHeaders(page, headers);
  const match = req.headers["if-none-match"];
  if (match && (match === page.etag || match.split(/\s*,\s*/).includes(page.etag))) {
    const {
      "Content-Length": _length,
      "Content-Encoding": _encoding,
      ...notModified
    } = page.prepared.plain;
    res.writeHead(304, notModified);
    res.end();
    return;
  }
  const accept = req.headers["accept-encoding"];
  const gzip = page.prepared.gzip !== undefined && accept?.includes("gzip") === true;
  res.writeHead(200, gzip ? page.prepared.gzip : page.prepared.plain);
  res.end(req.method === "HEAD" ? undefined : gzip ? page.gzip : page.body);
}

function prepareHeaders(page: CachedPage, extra: Record<string, string>) {
  const common = {
    ...extra,
    ETag: page.etag,
    "Last-Modified": page.lastModified,
    "Cache-Control": page.cacheControl,
    Vary: "Accept-Encoding",
    "Content-Type": page.contentType,
  };
  return {
    plain: { ...common, "Content-Length": page.body.length },
    ...(page.gzip
      ? { gzip: { ...common, "Content-Encoding": "gzip", "Content-Length": page.gzip.length } }
      : {}),
  };
}
