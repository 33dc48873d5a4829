import { eq } from "drizzle-orm";
import { type Request, type RequestHandler, type Response, Router } from "express";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogs } from "../../db/schema.ts";
import { HttpError } from "../../http/errors.ts";
import { blogPathAddress, type RemovedAddresses } from "../blogs/delete-blog.ts";
import { serveIndexNowKey } from "../indexnow/key.ts";
import type { SubscriptionHandler } from "../newsletters/routes.ts";
import { postFor } from "../posts/post-access.ts";
import { isUsualHostSpelling, normalizeHost, resolveBlogByHost } from "./hosts.ts";
import type { HostMap } from "./page-cache.ts";
import { type BlogServer, publicHeaders } from "./serve.ts";

const gonePage = Buffer.from(
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Blog deleted</title></head>' +
    "<body><main><h1>This blog has been deleted</h1><p>Its owner deleted this blog; its pages are gone for good.</p></main></body></html>",
);

/** 410 Gone: the address belonged to a blog its owner deleted (decision 141). */
function sendBlogGone(req: Request, res: Response) {
  res.writeHead(410, {
    ...publicHeaders,
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-cache",
    "X-Robots-Tag": "noindex",
    "Content-Length": gonePage.length,
  });
  res.end(req.method === "HEAD" ? undefined : gonePage);
}

/**
 * Requests whose Host is a blog's (its subdomain of the blog domain, or its verified custom
 * domain) get that blog and nothing else; every other host falls through to the app.
 */
export function blogHostRoutes(
  db: Database,
  blogDomain: string,
  server: BlogServer,
  hostMap: HostMap,
  reservedLabels: ReadonlySet<string> = new Set(),
  removed?: RemovedAddresses,
  /** The platform's own hosts (the dashboard's): never a blog's, so never looked up. */
  platformHosts: ReadonlySet<string> = new Set(),
  /** Subscribing to the blog's e-mail list (decision 372). */
  subscriptions?: SubscriptionHandler,
): RequestHandler {
  return async (req, res, next) => {
    // The public JSON API answers on blog hosts too ("which blog is this host?").
    if (req.path.startsWith("/api/public/")) return next();
    // The dashboard and its API: one database read fewer per request.
    const platformHost = normalizeHost(req.get("host"));
    if (platformHost && platformHosts.has(platformHost)) return next();
    // Page views from a host already known skip the lookup: beacons come in bursts.
    const known = req.path.startsWith("/_hit") ? hostMap.lookup(req.headers.host ?? "") : undefined;
    if (known && (await server.serveHit(req, res, known, req.path))) return;
    const blog = await resolveBlogByHost(db, blogDomain, req.get("host"), reservedLabels);
    if (!blog) {
      const host = normalizeHost(req.get("host"));
      if (host && removed && (await removed.has(host))) return sendBlogGone(req, res);
      return next();
    }
    if (isUsualHostSpelling(req.headers.host, req.socket.localPort)) {
      hostMap.remember(req.headers.host as string, blog.id);
    }
    if (subscriptions && (await subscriptions(req, res, blog, req.path, "/"))) return;
    // The blog's IndexNow key file (decision 378), which search engines read to trust its pings.
    if (await serveIndexNowKey(db, req, res, blog.id, req.path)) return;
    await server.serveBlog(req, res, blog, req.path, "/");
  };
}

/** On the app's own host: the same pages under `/blog/{slug}/`, for previews and development. */
export function blogPathRoutes(
  db: Database,
  server: BlogServer,
  removed?: RemovedAddresses,
  subscriptions?: SubscriptionHandler,
): Router {
  // Strict: `/blog/x` (redirected) and `/blog/x/` (the home page) are different routes.
  const router = Router({ strict: true });

  // The blog's e-mail list, under its path as on its host (decision 372).
  if (subscriptions) {
    const list = (inside: string) => async (req: Request, res: Response) => {
      const blog = await first(
        db
          .select()
          .from(blogs)
          .where(eq(blogs.slug, req.params.slug as string)),
      );
      if (!blog) return server.serveUnknownBlog(req, res);
      const base = `/blog/${encodeURIComponent(blog.slug)}/`;
      if (!(await subscriptions(req, res, blog, inside, base))) server.serveUnknownBlog(req, res);
    };
    router.post("/blog/:slug/subscribe", list("/subscribe"));
    router.get("/blog/:slug/subscribe/confirm", list("/subscribe/confirm"));
    router.get("/blog/:slug/unsubscribe", list("/unsubscribe"));
    router.post("/blog/:slug/unsubscribe", list("/unsubscribe"));
  }

  router.get("/blog/:slug", (req, res) => {
    // Links on blog pages are relative to the folder, so the blog's home needs its slash.
    const query = req.originalUrl.includes("?")
      ? req.originalUrl.slice(req.originalUrl.indexOf("?"))
      : "";
    res.redirect(301, `/blog/${encodeURIComponent(req.params.slug)}/${query}`);
  });

  // The editor's Preview: a post as readers will see it, before it is published, for those who
  // can read it (its blog's owner and editors, and its own writer: decision 367).
  router.get("/blog/:slug/preview/:postId", async (req, res) => {
    const blog = await first(db.select().from(blogs).where(eq(blogs.slug, req.params.slug)));
    const readable =
      blog && req.user
        ? await postFor(db, req.user.id, req.params.postId, "read").then(
            (access) => access.post.blogId === blog.id,
            (error: unknown) => {
              if (error instanceof HttpError) return false;
              throw error;
            },
          )
        : false;
    // Anyone else gets the same answer as for a blog that does not exist.
    if (!blog || !readable) return server.serveUnknownBlog(req, res);
    await server.servePreview(req, res, blog, req.params.postId);
  });

  // A page's beacon reports its view (issue 18); every other method on a blog is refused there.
  router.post("/blog/:slug/_hit", async (req, res) => {
    const blog = await first(db.select().from(blogs).where(eq(blogs.slug, req.params.slug)));
    if (!blog) return server.serveUnknownBlog(req, res);
    await server.serveBlog(req, res, blog, "/_hit", `/blog/${encodeURIComponent(blog.slug)}/`);
  });

  router.get("/blog/:slug/{*rest}", async (req, res) => {
    const blog = await first(db.select().from(blogs).where(eq(blogs.slug, req.params.slug)));
    if (!blog) {
      if (removed && (await removed.has(blogPathAddress(req.params.slug))))
        return sendBlogGone(req, res);
      return server.serveUnknownBlog(req, res);
    }
    const prefix = `/blog/${encodeURIComponent(blog.slug)}`;
    const path = req.path.slice(prefix.length) || "/";
    if (await serveIndexNowKey(db, req, res, blog.id, path)) return;
    await server.serveBlog(req, res, blog, path, `${prefix}/`);
  });

  return router;
}
