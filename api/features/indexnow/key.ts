import { createHmac } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { installSecret } from "../../db/app-settings.ts";
import type { Database } from "../../db/client.ts";

/* Each blog's IndexNow key and the file that proves it (decision 378). */

/** The path of a key file: 32 lower-case hex characters and `.txt`, at the blog's root. */
const keyFilePath = /^\/[0-9a-f]{32}\.txt$/;

/** Whether a request path could be a blog's key file (never a page, nor a page's 404). */
export const isKeyFilePath = (path: string) => keyFilePath.test(path);

/**
 * The blog's key: derived from an install secret and the blog's id, so it needs no column,
 * is the same in every process and never changes while the install keeps its secret.
 */
export async function indexNowKey(db: Database, blogId: string): Promise<string> {
  const secret = await installSecret(db, "indexnow_key");
  return createHmac("sha256", secret).update(blogId).digest("hex").slice(0, 32);
}

/**
 * Answers `/{key}.txt` of a blog (on its host, or under its path on the app's host) with the
 * key as plain text; false for any other path or key, which the blog answers as usual (404).
 */
export async function serveIndexNowKey(
  db: Database,
  req: IncomingMessage,
  res: ServerResponse,
  blogId: string,
  path: string,
): Promise<boolean> {
  if ((req.method !== "GET" && req.method !== "HEAD") || !isKeyFilePath(path)) return false;
  const key = await indexNowKey(db, blogId);
  if (path !== `/${key}.txt`) return false;
  res.writeHead(200, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "public, max-age=3600",
    "X-Content-Type-Options": "nosniff",
    "Content-Length": Buffer.byteLength(key),
  });
  res.end(req.method === "HEAD" ? undefined : key);
  return true;
}
