import express, { type RequestHandler } from "express";
import { postRequestBytes } from "../../contracts/content-length.ts";

/** The 1 MB of every JSON body that does not carry a post's content. */
export const defaultBodyBytes = 1024 * 1024;

/** Routes whose bodies carry a post's content (create, update, pending changes, checks). */
export const carriesPostContent = (path: string) =>
  path.startsWith("/api/posts") ||
  path === "/api/ai/optimize-meta" ||
  /^\/api\/blogs\/[^/]+\/internal-links\/suggestions$/.test(path);

/** The body limit a request gets: larger only for a signed-in owner's post content. */
export const bodyLimitOf = (path: string, signedIn: boolean) =>
  signedIn && carriesPostContent(path) ? postRequestBytes : defaultBodyBytes;

/**
 * JSON bodies: 1 MB, except a signed-in owner's requests that carry a post's content, whose
 * byte limit is derived from the content's character limit so any text within it fits, in
 * any script (docs/decisions/098). Mounted after the session is read.
 */
export function jsonBodies(): RequestHandler {
  const small = express.json({ limit: defaultBodyBytes });
  const post = express.json({ limit: postRequestBytes });
  return (req, res, next) =>
    (bodyLimitOf(req.path, req.user !== undefined) === postRequestBytes ? post : small)(
      req,
      res,
      next,
    );
}
