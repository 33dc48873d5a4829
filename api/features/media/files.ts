import { and, eq } from "drizzle-orm";
import type { Request, RequestHandler, Response } from "express";
import { mediaFilePattern } from "../../../contracts/media.ts";
import type { Storage } from "../../../site-builder/storage/storage.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { media } from "../../db/schema.ts";
import { mediaKey } from "./service.ts";

const contentTypes = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
} as const;

/** A file's name is its content's hash: it never changes, so anyone may keep it for a year. */
export const immutableCache = "public, max-age=31536000, immutable";

/**
 * Sends stored media files: on a blog's host (and under `/blog/{slug}/`) only that blog's,
 * on the app's host (`/media/{file}`, for the editor) any blog's, found by the hash in the name.
 * Names are unguessable (128 bits of the content's hash), like the addresses of any publishing
 * platform's uploads.
 */
export function createMediaFiles(db: Database, storage: Storage) {
  async function send(req: Request, res: Response, blogId: string | undefined, file: string) {
    const match = mediaFilePattern.exec(file);
    const row = match
      ? await first(
          db
            .select({ blogId: media.blogId, variants: media.variants })
            .from(media)
            .where(
              blogId
                ? and(eq(media.hash, match[1] as string), eq(media.blogId, blogId))
                : eq(media.hash, match[1] as string),
            ),
        )
      : undefined;
    const body =
      row?.variants.some((variant) => variant.file === file) === true
        ? await storage.get(mediaKey(row.blogId, file))
        : undefined;
    res.removeHeader("Cross-Origin-Embedder-Policy");
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (!body) {
      res.status(404).setHeader("Cache-Control", "no-cache");
      res.type("text/plain").end("Not found");
      return;
    }
    const etag = `"${file}"`;
    res.setHeader("Cache-Control", immutableCache);
    res.setHeader("ETag", etag);
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    res.setHeader("Content-Type", contentTypes[match?.[3] as keyof typeof contentTypes]);
    if (req.headers["if-none-match"] === etag) {
      res.status(304).end();
      return;
    }
    res.setHeader("Content-Length", body.length);
    res.status(200).end(req.method === "HEAD" ? undefined : body);
  }

  /** `/media/{file}` on the app's host. */
  const appRoute: RequestHandler = async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !req.path.startsWith("/media/"))
      return next();
    await send(req, res, undefined, req.path.slice("/media/".length));
  };

  return { send, appRoute };
}
