import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, Response } from "express";
import { fileForPath } from "../../../site-builder/pipeline/page-plan.ts";
import type { SiteOutput } from "../../../site-builder/pipeline/site-output.ts";
import type { Theme } from "../../../site-builder/pipeline/theme.ts";
import { beaconScriptHash } from "../../../site-builder/theme/lib/beacon.ts";
import { allWebFonts } from "../../../site-builder/theme/lib/fonts.ts";
import { isKeyFilePath } from "../indexnow/key.ts";
import type { SiteSnapshot } from "../publishing/snapshot.ts";
import type { BlogRow } from "./hosts.ts";
import {
  blogKey,
  type CachedPage,
  cachedPage,
  type PageCache,
  sendCachedPage,
} from "./page-cache.ts";
import {
  classifyFile,
  movedTarget,
  type NotFoundKind,
  notFoundPaths,
  type PathVerdict,
  type PublishedIndexes,
} from "./published-index.ts";

/**
 * Public blog pages run one script: the counting beacon, allowed by its hash (decision 130);
 * no other script, inline or not, can run. Forms post only to the blog's own host. `connect-src 'self'` lets the beacon report to the
 * blog's own host, and audit tools that fetch in the page's context are held to it: Lighthouse
 * and PageSpeed Insights read the blog's /robots.txt that way (docs/quality.md).
 */
export const blogContentSecurityPolicy = [
  "default-src 'none'",
  `script-src ${beaconScriptHash}`,
  "connect-src 'self'",
  "img-src * data:",
  "style-src 'unsafe-inline'",
  "font-src 'self' data:",
  "base-uri 'none'",
  // The subscribe form posts to the blog's own /subscribe (decision 375), and nowhere else.
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

// Browsers revalidate every time (a 304 costs little, and an owner sees a change at once);
// CDNs, told by the targeted CDN-Cache-Control header (RFC 9213), may keep a page a minute
// and serve it stale while they revalidate.
const publicCache = "public, max-age=0, must-revalidate";
export const cdnCache = "max-age=60, stale-while-revalidate=600";

const contentTypes: Record<string, string> = {
  html: "text/html; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  png: "image/png",
  woff2: "font/woff2",
};

/** Fonts and social cards are named by their content: a new version is a new name. */
export const immutableCache = "public, max-age=31536000, immutable";

/**
 * The file a request path names inside a blog's output, or undefined for a path that is not a
 * page (traversal attempts, encoded slashes, odd characters).
 */
export function fileForRequestPath(rawPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (path.includes("\0") || path.includes("\\")) return undefined;
  if (path !== "/" && path.endsWith("/")) path = path.slice(0, -1);
  const segments = path.split("/").slice(1);
  if (
    path !== "/" &&
    segments.some((s) => s === "" || s === "." || s === ".." || !/^[\p{L}\p{N}._~-]+$/u.test(s))
  ) {
    return undefined;
  }
  if (path === "/404") return undefined;
  return fileForPath(path);
}

/**
 * Counts a page view reported by a page's beacon (analytics/hits.ts makes it); true when `path`
 * was the endpoint. `homeHref` is the blog's home as the request reached it (`/` or
 * `/blog/{slug}/`); `indexes` say which of the blog's paths are pages and which post each shows.
 */
export type HitEndpoint = (
  req: Request,
  res: Response,
  blogId: string,
  path: string,
  homeHref: string,
  indexes: Pick<PublishedIndexes, "source">,
) => Promise<boolean>;

export type BlogServerDeps = {
  output: SiteOutput;
  cache: PageCache;
  theme: Theme;
  /** Fresh snapshot for pages rendered on request (no finished render, or a page still pending). */
  loadSnapshot: (blogId: string, path: string) => Promise<SiteSnapshot | undefined>;
  /**
   * Counts a page view reported by a page's beacon; true when `path` was the endpoint. `indexes`
   * say which of the blog's paths are pages (only their views count, decision 311).
   */
  hits?: HitEndpoint;
  /** The target of one of the blog's affiliate links (counting the click), or undefined. */
  followLink?: (req: Request, blog: BlogRow, linkId: string) => Promise<string | undefined>;
  /** A snapshot holding one post of the blog, whatever its status (owner preview). */
  loadPreview: (blogId: string, postId: string) => Promise<SiteSnapshot | undefined>;
  /** The blog without its posts: enough for its not-found pages. */
  loadShell: (blogId: string) => Promise<SiteSnapshot | undefined>;
  /** What each blog's addresses can name (published slugs, categories, archive pages). */
  index: PublishedIndexes;
  /** Sends one of the blog's media files (`/media/{file}`), or a 404. */
  serveMedia?: (req: Request, res: Response, blogId: string, file: string) => Promise<void>;
};

/** The page-cache key of a blog's not-found page of one kind, as reached from `homeHref`. */
export const notFoundKey = (kind: NotFoundKind, homeHref: string) =>
  `\u0000not-found\u0000${kind}\u0000${homeHref}`;

/** The status a verdict answers: 410 for a post that was published and is gone, else 404. */
export const statusOf = (verdict: PathVerdict) => (verdict.kind === "gone" ? 410 : 404);

/**
 * Sends a blog's not-found page (already rendered and kept in the page cache) with its status.
 * A missing page may appear any moment (a publish): nobody keeps the answer.
 */
export function sendNotFoundPage(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  page: CachedPage,
): void {
  const gzip = page.gzip !== undefined && req.headers["accept-encoding"]?.includes("gzip") === true;
  const body = gzip ? (page.gzip as Buffer) : page.body;
  res.removeHeader("Cross-Origin-Embedder-Policy");
  res.writeHead(status, {
    ...publicHeaders,
    "Content-Type": page.contentType,
    "Cache-Control": "no-cache",
    Vary: "Accept-Encoding",
    "Content-Length": body.length,
    ...(gzip ? { "Content-Encoding": "gzip" } : {}),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

export const publicHeaders = {
  "CDN-Cache-Control": cdnCache,
  "Content-Security-Policy": blogContentSecurityPolicy,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

export function contentTypeOf(file: string): string {
  if (file.endsWith("rss.xml")) return "application/rss+xml; charset=utf-8";
  return contentTypes[file.slice(file.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}

function setPublicHeaders(res: Response) {
  for (const [name, value] of Object.entries(publicHeaders)) res.setHeader(name, value);
  res.removeHeader("Cross-Origin-Embedder-Policy");
}

/**
 * Serves one blog: its rendered file when there is one, otherwise the same theme rendered on
 * request from the database, so a reader never meets a missing page for published content.
 * `homeHref` is the blog's home as this reader reached it (`/` or `/blog/{slug}/`).
 */
export function createBlogServer(deps: BlogServerDeps) {
  /**
   * The blog's not-found page of this kind, rendered from the blog without its posts (a miss
   * never loads the blog's content) and kept in the page cache until the blog changes.
   */
  async function notFoundPage(blog: BlogRow, kind: NotFoundKind, homeHref: string) {
    const page = await deps.cache.cached(
      blogKey(blog.id, notFoundKey(kind, homeHref)),
      async () => {
        const shell = await deps.loadShell(blog.id);
        const page = await deps.theme.render(shell?.site, notFoundPaths[kind], { homeHref });
        return cachedPage(Buffer.from(page.body), new Date(), page.contentType, "no-cache");
      },
    );
    return page as CachedPage;
  }

  async function answerMissing(
    req: Request,
    res: Response,
    blog: BlogRow,
    verdict: Exclude<PathVerdict, { kind: "content" }>,
    homeHref: string,
  ) {
    const page = await notFoundPage(blog, verdict.notFound, homeHref);
    sendNotFoundPage(req, res, statusOf(verdict), page);
  }

  async function renderLive(
    res: Response,
    blog: BlogRow,
    path: string,
    homeHref: string,
    head: boolean,
  ) {
    const snapshot = await deps.loadSnapshot(blog.id, path);
    const page = await deps.theme.render(snapshot?.site, path, { homeHref });
    setPublicHeaders(res);
    if (page.location) {
      res.redirect(301, page.location);
      return;
    }
    res.status(page.status);
    res.setHeader("Content-Type", page.contentType);
    // A missing page may appear any moment (a publish): nobody keeps the 404.
    res.setHeader("Cache-Control", page.status === 200 ? publicCache : "no-cache");
    res.end(head ? undefined : page.body);
  }

  /** 'Blog not found', for a `/blog/{slug}` that names no blog. */
  async function serveUnknownBlog(req: Request, res: Response) {
    const page = await deps.theme.render(undefined, "/", { homeHref: "/" });
    setPublicHeaders(res);
    res.status(404);
    res.setHeader("Content-Type", page.contentType);
    res.setHeader("Cache-Control", "public, max-age=30");
    res.end(req.method === "HEAD" ? undefined : page.body);
  }

  async function serveBlog(
    req: Request,
    res: Response,
    blog: BlogRow,
    path: string,
    homeHref: string,
  ) {
    const head = req.method === "HEAD";
    if (path.startsWith("/_hit") && (await serveHit(req, res, blog.id, path, homeHref))) return;
    if (req.method !== "GET" && !head) {
      res.setHeader("Allow", "GET, HEAD");
      res.status(405).type("text/plain").end("Method Not Allowed");
      return;
    }
    const mediaFile = /^\/media\/([^/]{1,100})$/.exec(path);
    if (mediaFile && deps.serveMedia) {
      await deps.serveMedia(req, res, blog.id, mediaFile[1] as string);
      return;
    }
    const go = /^\/go\/([A-Za-z0-9]{1,64})$/.exec(path);
    if (go && deps.followLink) {
      const target = await deps.followLink(req, blog, go[1] as string);
      if (target) {
        res.setHeader("Cache-Control", "no-store");
        res.setHeader("X-Robots-Tag", "noindex, nofollow");
        res.setHeader("Referrer-Policy", "no-referrer-when-downgrade");
        res.redirect(302, target);
        return;
      }
      await answerMissing(req, res, blog, { kind: "missing", notFound: "page" }, homeHref);
      return;
    }
    const file = fileForRequestPath(path);
    const index = await deps.index.get(blog.id);
    // An old address of the blog (an imported permalink) that names nothing here now: 301.
    const movedTo = (verdict: PathVerdict) =>
      verdict.kind === "missing" ? movedTarget(index, path) : undefined;
    const redirectTo = (target: string) => {
      res.setHeader("Cache-Control", "max-age=3600");
      res.redirect(301, `${homeHref}${target.replace(/^\//, "")}`);
    };
    if (!file) {
      const missingPage: PathVerdict = { kind: "missing", notFound: "page" };
      const target = movedTo(missingPage);
      if (target) return redirectTo(target);
      await answerMissing(req, res, blog, missingPage, homeHref);
      return;
    }
    // Only addresses that can name published content go further: the index answers the rest
    // without the disk or the blog's content, and a post that is not published is never
    // served, even while its file lags behind the database (a render failed or is pending).
    const verdict = classifyFile(index, file);
    if (verdict.kind !== "content") {
      const target = movedTo(verdict);
      if (target) return redirectTo(target);
      await answerMissing(req, res, blog, verdict, homeHref);
      return;
    }
    if (verdict.asset) {
      await serveAsset(req, res, blog, file, homeHref);
      return;
    }
    // From the page cache, which holds the file as stored (the local folder, or object
    // storage when nothing is on a local path); under `/blog/{slug}/` as on the blog's host.
    const page = verdict.live
      ? undefined
      : await deps.cache.cached(blogKey(blog.id, file), async () => {
          const stored = await deps.output.readLiveFile(blog.id, file);
          return (
            stored && cachedPage(stored.body, stored.modified, contentTypeOf(file), publicCache)
          );
        });
    if (!page) {
      await renderLive(
        res,
        blog,
        path.endsWith("/") && path !== "/" ? path.slice(0, -1) : path,
        homeHref,
        head,
      );
      return;
    }
    res.removeHeader("Cross-Origin-Embedder-Policy");
    sendCachedPage(req, res, page, publicHeaders);
  }

  /**
   * A font or social card of the blog, cached for a year (its name changes with its content).
   * A font is the product's own: answered from the package even before the blog's first render
   * wrote it (a page rendered on request names it). A card not drawn yet is a 404 for now.
   */
  async function serveAsset(
    req: Request,
    res: Response,
    blog: BlogRow,
    file: string,
    homeHref: string,
  ) {
    const page = await deps.cache.cached(blogKey(blog.id, file), async () => {
      const stored = await deps.output.readLiveFile(blog.id, file);
      const source = allWebFonts().get(file)?.source;
      const body = stored?.body ?? (source ? await readFile(source) : undefined);
      return body && cachedPage(body, new Date(), contentTypeOf(file), immutableCache);
    });
    if (!page) {
      await answerMissing(req, res, blog, { kind: "missing", notFound: "page" }, homeHref);
      return;
    }
    res.removeHeader("Cross-Origin-Embedder-Policy");
    sendCachedPage(req, res, page, publicHeaders);
  }

  /**
   * The owner's preview of one post, whatever its status: rendered on request, marked noindex
   * and never stored by a cache. Links on it lead to the blog's published pages.
   */
  async function servePreview(req: Request, res: Response, blog: BlogRow, postId: string) {
    const snapshot = await deps.loadPreview(blog.id, postId);
    const post = snapshot?.site.posts[0];
    if (!snapshot || !post) return serveUnknownBlog(req, res);
    const page = await deps.theme.render(snapshot.site, `/post/${post.slug}`);
    setPublicHeaders(res);
    res.status(page.status);
    res.setHeader("Content-Type", page.contentType);
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    res.end(page.body);
  }

  /** A page's beacon (or no-script image) reporting a view; false when `path` is not one. */
  async function serveHit(
    req: Request,
    res: Response,
    blogId: string,
    path: string,
    homeHref = "/",
  ) {
    return deps.hits ? deps.hits(req, res, blogId, path, homeHref, deps.index) : false;
  }

  return { serveBlog, serveUnknownBlog, servePreview, serveHit };
}
export type BlogServer = ReturnType<typeof createBlogServer>;

/**
 * Readers' requests answered from the page cache before the app's middleware runs: a page
 * already held for a host already known, and an address the blog's index says names nothing
 * (404, or 410 for a removed post) when its not-found page is held. Anything else (first
 * request, unknown host, a page not held, an entry past its age) returns false and takes the
 * full path, which loads the cache.
 */
export function createHotPath(cache: PageCache, indexes: Pick<PublishedIndexes, "peek">) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const host = req.headers.host;
    if (!host) return false;
    const blogId = cache.hosts.lookup(host);
    if (!blogId) return false;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    // Affiliate redirects, page-view reports, media files and the e-mail list's links are never
    // pages (nor their 404): media files are not in the page cache and are no page the index
    // knows; a confirmation or unsubscribe link is answered from the database (decision 372),
    // and so is the IndexNow key file (decision 378).
    if (
      isKeyFilePath(path) ||
      path.startsWith("/api/") ||
      path.startsWith("/go/") ||
      path.startsWith("/_hit") ||
      path.startsWith("/media/") ||
      path === "/subscribe/confirm" ||
      path === "/unsubscribe"
    ) {
      return false;
    }
    const file = fileForRequestPath(path);
    if (!file) return false;
    const page = cache.peek<CachedPage>(blogKey(blogId, file));
    if (page) {
      sendCachedPage(req, res, page, publicHeaders);
      return true;
    }
    const index = indexes.peek(blogId);
    if (!index) return false;
    const verdict = classifyFile(index, file);
    if (verdict.kind === "content") return false;
    // An imported permalink: the full path answers its 301.
    if (verdict.kind === "missing" && movedTarget(index, path)) return false;
    // On a blog's own host the home is `/`, as the full path renders it.
    const notFound = cache.peek<CachedPage>(blogKey(blogId, notFoundKey(verdict.notFound, "/")));
    if (!notFound) return false;
    sendNotFoundPage(req, res, statusOf(verdict), notFound);
    return true;
  };
}
