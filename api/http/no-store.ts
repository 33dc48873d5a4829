import type { RequestHandler } from "express";

// Readers' JSON (the public API) and Caddy's TLS question may be cached; nothing else under /api.
const shareable = ["/api/public/", "/api/tls/"];

/**
 * Owner answers (`/api/*`, the sign-in pages) are private to one session: no browser, proxy or
 * CDN may keep them (`private, no-store`), and they carry no ETag to revalidate against
 * (the app's `etag` setting is off; issue 13, finding 9).
 */
export const noStoreOwnerAnswers: RequestHandler = (req, res, next) => {
  const path = req.path;
  const owner =
    (path.startsWith("/api/") && !shareable.some((prefix) => path.startsWith(prefix))) ||
    path.startsWith("/auth/");
  if (owner) res.setHeader("Cache-Control", "private, no-store");
  next();
};
