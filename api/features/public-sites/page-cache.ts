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

/** Bytes a page holds in memory (its body and its gzip copy). */
export const pageBytes = (page: CachedPage) => page.body.length + (page.gzip?.length ?? 0);

/**
 * How long anything stays in the cache at most (decision 359). Changes are announced through
 * the bus and drop entries at once; this bounds how long a process that missed an announcement
 * (a lost PostgreSQL NOTIFY) can answer from what it held before.
 */
export const pageCacheTtlMs = 10_000;

export type PageCacheOptions = {
  /** Bytes held at most (pages, their gzip copies, an estimate for the rest). */
  maxBytes?: number;
  /** Age of an entry at most, in milliseconds (`pageCacheTtlMs`). */
  ttlMs?: number;
  /** The clock, in milliseconds (tests move it by hand). */
  now?: () => number;
};

type Entry = { value: unknown; bytes: number };
const defaultBytes = (value: unknown) =>
  typeof value === "object" && value !== null && Buffer.isBuffer((value as CachedPage).body)
    ? pageBytes(value as CachedPage)
    : 1024;

/** A blog's entries are keyed under its id; blog ids never hold a NUL. */
export const blogKey = (blogId: string, name: string) => `${blogId}\u0000${name}`;
const hostKey = (host: string) => `\u0000host\u0000${host}`;

/**
 * The one cache in front of readers' pages (decision 359): a `lru-cache` bounded in bytes and
 * in age. What it holds is loaded by `cached(key, load)`, and only from where the truth is:
 * a page from storage (never a render's page before it is stored), a blog's published index
 * and not-found pages from the database, a host's blog from the database. Changes drop
 * entries (`drop`, `dropBlog`), and a load that a drop overtakes answers its caller but is not
 * kept. Beside pages it holds a few small things readers' requests need on every request: the
 * blog a Host header names and each blog's published index, under the same bounds.
 */
export function createPageCache({
  maxBytes = 64 * 1024 * 1024,
  ttlMs = pageCacheTtlMs,
  now,
}: PageCacheOptions = {}) {
  const entries = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    ttl: ttlMs,
    sizeCalculation: (entry) => entry.bytes || 1,
    // A hand-moved clock is read on every check; the real one may be reused for a millisecond.
    ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
  });
  /** Loads under way, by key: concurrent misses share one. */
  const loading = new Map<string, Promise<unknown>>();

  const dropWhere = (matches: (key: string) => boolean) => {
    for (const key of [...entries.keys()]) if (matches(key)) entries.delete(key);
    for (const key of [...loading.keys()]) if (matches(key)) loading.delete(key);
  };

  /** Drops one key (and any load of it under way). */
  const drop = (key: string) => {
    entries.delete(key);
    loading.delete(key);
  };
  /** Drops everything of one blog: its pages, not-found pages and index. */
  const dropBlog = (blogId: string) => {
    const prefix = blogKey(blogId, "");
    dropWhere((key) => key.startsWith(prefix));
  };

  return {
    /**
     * What `key` holds, loaded by `load` when it holds nothing (undefined: nothing to keep,
     * such as a file that is not stored). `bytes` says what a loaded value weighs (a page's
     * body and gzip copy by default, else a kilobyte); `ttlMs` shortens its age (a patched
     * value keeps the age of what it was patched from).
     */
    cached<T>(
      key: string,
      load: () => Promise<T | undefined>,
      options: { bytes?: (value: T) => number; ttlMs?: number } = {},
    ): Promise<T | undefined> {
      const hit = entries.get(key);
      if (hit) return Promise.resolve(hit.value as T);
      const pending = loading.get(key) as Promise<T | undefined> | undefined;
      if (pending) return pending;
      const promise = load().then(
        (value) => {
          // Kept only if nothing dropped the key while it loaded.
          if (loading.get(key) !== promise) return value;
          loading.delete(key);
          if (value !== undefined) {
            const size = options.bytes ? options.bytes(value) : defaultBytes(value);
            entries.set(key, { value, bytes: size }, { ttl: Math.max(1, options.ttlMs ?? ttlMs) });
          }
          return value;
        },
        (error: unknown) => {
          if (loading.get(key) === promise) loading.delete(key);
          throw error;
        },
      );
      loading.set(key, promise);
      return promise;
    },
    /** What `key` holds now, without loading (the synchronous hot path). */
    peek<T>(key: string): T | undefined {
      return entries.get(key)?.value as T | undefined;
    },
    /** The load of `key` under way, if any. */
    loading<T>(key: string): Promise<T | undefined> | undefined {
      return loading.get(key) as Promise<T | undefined> | undefined;
    },
    /** Milliseconds `key` has left (0 when it holds nothing). */
    remainingMs(key: string): number {
      return Math.max(0, entries.getRemainingTTL(key));
    },
    drop,
    dropBlog,
    /** Drops everything (another process's changes may have been missed). */
    clear() {
      entries.clear();
      loading.clear();
    },

    /** A file of the blog changed, or all of them (`file` undefined). */
    dropFile(blogId: string, file?: string) {
      if (file === undefined) dropBlog(blogId);
      else drop(blogKey(blogId, file));
    },

    /**
     * Which blog a Host header serves, as last looked up in the database (the hot path looks
     * the header up as it came, without parsing it).
     */
    hosts: {
      remember(host: string, blogId: string) {
        entries.set(hostKey(host), { value: blogId, bytes: 64 + host.length * 2 });
      },
      lookup(host: string): string | undefined {
        return entries.get(hostKey(host))?.value as string | undefined;
      },
      /** Forgets every host (a domain changed). */
      clear() {
        const prefix = hostKey("");
        dropWhere((key) => key.startsWith(prefix));
      },
      /** Hosts held (expired ones included until looked up). */
      get size() {
        const prefix = hostKey("");
        let n = 0;
        for (const key of entries.keys()) if (key.startsWith(prefix)) n++;
        return n;
      },
    },

    /** Entries held. */
    get size() {
      return entries.size;
    },
    /** Bytes held (bodies and their gzip copies, estimates for the rest). */
    get bytes() {
      return entries.calculatedSize;
    },
  };
}
export type PageCache = ReturnType<typeof createPageCache>;
export type HostMap = PageCache["hosts"];

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
