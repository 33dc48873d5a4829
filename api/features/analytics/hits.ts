import type { Request, Response } from "express";
import { z } from "zod";
import { hitImagePath, hitPath } from "../../../site-builder/theme/lib/beacon.ts";
import { classifyFile, type IndexSource, movedTarget } from "../public-sites/published-index.ts";
import { fileForRequestPath, type HitEndpoint } from "../public-sites/serve.ts";
import type { Analytics, BeaconInput, PageMismatch } from "./ingest.ts";

/** What the beacon sends (short names keep every page's script small). */
const beaconBody = z.object({
  p: z.string().max(512).startsWith("/", "p must be a path"),
  r: z.string().max(2048).optional(),
  q: z.string().max(1024).optional(),
  s: z.union([z.literal(200), z.literal(404)]).default(200),
  i: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional(),
});

/** Longest not-found path kept, in characters once normalized (a view's path is a real page's). */
const notFoundPathLength = 256;

/**
 * `path` as a browser's address bar holds it (`location.pathname`, what the beacon sends):
 * dot segments resolved, characters a path cannot hold percent-encoded, no query, no trailing
 * slash (the blog answers both spellings alike).
 */
function normalizePath(path: string): string {
  const { pathname } = new URL(`http://blog.invalid${path}`);
  return pathname.replace(/(.)\/+$/, "$1");
}

/**
 * What a reader meets at `path` as the blog server answers it (`serveBlog`, from the same
 * index): one of the blog's pages, which carry the beacon (`postSlug` for a post's); its
 * not-found page (404, or 410 for a removed post); or anything else (a redirect, a feed, a
 * file), where no beacon runs.
 */
function pageAt(
  source: IndexSource,
  path: string,
): { kind: "page"; postSlug?: string } | { kind: "not-found" } | { kind: "other" } {
  const file = fileForRequestPath(path);
  const verdict = file === undefined ? undefined : classifyFile(source.index, file);
  if (verdict === undefined || verdict.kind !== "content") {
    // An imported permalink that names nothing here now answers a 301 to where it moved.
    const moved = verdict?.kind !== "gone" && movedTarget(source.index, path) !== undefined;
    return moved ? { kind: "other" } : { kind: "not-found" };
  }
  if (verdict.live || verdict.asset || !file?.endsWith(".html")) return { kind: "other" };
  return { kind: "page", postSlug: /^post\/(.+)\.html$/.exec(file)?.[1] };
}

/**
 * The view a valid beacon reports, judged against the blog's pages (decision 311): a view of a
 * page the blog serves, with the id of the post at that path if any; a 404 of a path it does
 * not serve (its path bounded); otherwise the mismatch, and nothing is stored.
 */
function judgeView(
  source: IndexSource,
  beacon: z.infer<typeof beaconBody>,
): { input: BeaconInput; mismatch?: PageMismatch } {
  const path = normalizePath(beacon.p);
  const page = pageAt(source, path);
  const input: BeaconInput = { path, referrer: beacon.r, search: beacon.q, status: beacon.s };
  if (beacon.s === 404) {
    if (page.kind !== "not-found") return { input, mismatch: "served-path" };
    // Cut where no percent-escape is split; a not-found page names no post.
    input.path = path.slice(0, notFoundPathLength).replace(/%[0-9A-Fa-f]?$/, "");
    return { input };
  }
  if (page.kind !== "page") return { input, mismatch: "unknown-path" };
  if (beacon.i) {
    const post = source.posts.get(beacon.i);
    if (page.postSlug === undefined || post?.slug !== page.postSlug) {
      return { input, mismatch: "unknown-post" };
    }
    input.postId = beacon.i;
  }
  return { input };
}

// A 1×1 transparent GIF for the no-script image.
const pixel = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const maxBody = 4096;

function readBody(req: Request): Promise<string | undefined> {
  return new Promise((resolve) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBody) {
        resolve(undefined);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", () => resolve(undefined));
  });
}

function refuse(res: Response, status: number, issues: { path: string; message: string }[]) {
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  res.json({
    code: status === 400 ? "validation_failed" : "forbidden",
    message: issues.map((i) => i.message).join("; "),
    issues,
  });
}

/**
 * The blog's counting endpoints: `POST {home}_hit` from the beacon and `GET {home}_hit.gif`
 * from the no-script image. Answers `true` when `path` was one of them. Never cached: a CDN in
 * front of the blog passes every one to the origin. A valid report is answered the same way
 * whether it was stored or not (decision 311): the sender learns neither which paths the blog
 * serves nor when a limit holds its hits back.
 */
export function createHitEndpoint(analytics: Analytics): HitEndpoint {
  return async (req, res, blogId, path, homeHref, indexes) => {
    const beacon = path === hitPath && req.method === "POST";
    const image = path === hitImagePath && (req.method === "GET" || req.method === "HEAD");
    if (!beacon && !image) return false;
    // Only the blog's own pages report views: another site cannot post them for it.
    const site = req.headers["sec-fetch-site"];
    if (site !== undefined && site !== "same-origin") {
      refuse(res, 403, [{ path: "", message: "Views are only counted from the blog's own pages" }]);
      return true;
    }
    let raw: unknown;
    if (beacon && req.body !== undefined) {
      // On the app's own host a JSON body was already parsed by the app (the beacon itself
      // sends text/plain, which nothing parses before this).
      raw = req.body;
    } else if (beacon) {
      const text = req.readableEnded ? "" : await readBody(req);
      if (text === undefined) {
        refuse(res, 400, [{ path: "", message: "The body is larger than 4 kB" }]);
        return true;
      }
      try {
        raw = JSON.parse(text);
      } catch {
        refuse(res, 400, [{ path: "", message: "The body is not JSON" }]);
        return true;
      }
    } else {
      const query = req.query as Record<string, unknown>;
      // A not-found page does not know its address: the image's Referer (same origin) does.
      let fallbackPath = "/";
      try {
        const page = new URL(String(req.headers.referer)).pathname;
        if (page.startsWith(homeHref)) fallbackPath = `/${page.slice(homeHref.length)}`;
      } catch {}
      raw = {
        p: typeof query.p === "string" && query.p !== "" ? query.p : fallbackPath,
        s: query.s === "404" ? 404 : 200,
        i: typeof query.i === "string" ? query.i : undefined,
      };
    }
    const parsed = beaconBody.safeParse(raw);
    if (!parsed.success) {
      refuse(
        res,
        400,
        parsed.error.issues.map((issue) => ({
          path: issue.path.map(String).join("."),
          message: issue.message,
        })),
      );
      return true;
    }
    const { input, mismatch } = judgeView(await indexes.source(blogId), parsed.data);
    await analytics.record({
      blogId,
      host: req.hostname ?? "",
      address: req.ip ?? req.socket.remoteAddress ?? "",
      headers: req.headers,
      beacon: input,
      mismatch,
    });
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("CDN-Cache-Control", "no-store");
    res.setHeader("X-Robots-Tag", "noindex");
    if (beacon) {
      res.status(204).end();
    } else {
      res.status(200).type("image/gif").setHeader("Content-Length", pixel.length);
      res.end(req.method === "HEAD" ? undefined : pixel);
    }
    return true;
  };
}
