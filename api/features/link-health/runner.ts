import { and, asc, eq, inArray, isNull, lte, ne, notExists, or, sql } from "drizzle-orm";
import type { Database, Queryable } from "../../db/client.ts";
import { affiliateLinks, blogs, linkChecks, linkScans, linkUses, posts } from "../../db/schema.ts";
import { checkLink, hostOf, type LinkCheckOptions, type LinkCheckResult } from "./check-link.ts";
import { outboundLinks } from "./extract.ts";

const day = 24 * 60 * 60 * 1000;

/** How often a link is checked again after each outcome (decision 379). */
export const recheckAfterMs: Record<LinkCheckResult["status"], number> = {
  ok: 7 * day,
  redirected: 7 * day,
  broken: day,
  unreachable: day,
};

export type LinkHealthRunDeps = {
  db: Database;
  clock: () => Date;
  check: LinkCheckOptions;
  /** At most this many links are checked in one run, so a run ends (the rest wait for the next). */
  checksPerRun?: number;
  /** At most this many posts have their links read again in one run. */
  postsPerRun?: number;
  /** Hosts asked at once; each host is asked one request at a time. */
  hostsAtOnce?: number;
  /** Between two requests to one host (the per-host rate limit). */
  hostIntervalMs?: number;
};

/**
 * One run of the "link health" job: the links of posts changed since their last reading are
 * read into `link_uses`, every affiliate link's URL gets a check row, URLs no longer used lose
 * theirs, and the links that are due are checked.
 */
export async function runLinkHealth(deps: LinkHealthRunDeps) {
  const scanned = await scanChangedPosts(deps.db, deps.clock(), deps.postsPerRun ?? 500);
  await syncCheckRows(deps.db, deps.clock());
  const checked = await checkDueLinks(deps);
  return { scanned, checked };
}

/** Reads the links of posts whose content changed since they were last read (or never were). */
export async function scanChangedPosts(db: Database, now: Date, limit: number): Promise<number> {
  const changed = await db
    .select({
      id: posts.id,
      blogId: posts.blogId,
      content: posts.content,
      updatedAt: posts.updatedAt,
      subdomain: blogs.subdomain,
      customDomain: blogs.customDomain,
    })
    .from(posts)
    .innerJoin(blogs, eq(blogs.id, posts.blogId))
    .leftJoin(linkScans, eq(linkScans.postId, posts.id))
    .where(or(isNull(linkScans.postId), ne(linkScans.postUpdatedAt, posts.updatedAt)))
    .limit(limit);
  for (const post of changed) {
    const urls = outboundLinks(post.content, post);
    await db.transaction((tx) => saveLinkUses(tx, post, urls, now));
  }
  return changed.length;
}

/** Replaces the post's rows in `link_uses` (inside the caller's transaction). */
export async function saveLinkUses(
  tx: Queryable,
  post: { id: string; blogId: string; updatedAt: Date },
  urls: string[],
  now: Date,
): Promise<void> {
  await tx.delete(linkUses).where(eq(linkUses.postId, post.id));
  if (urls.length > 0) {
    await tx
      .insert(linkUses)
      .values(urls.map((url) => ({ postId: post.id, blogId: post.blogId, url })))
      .onConflictDoNothing();
    await addCheckRows(tx, urls, now);
  }
  await tx
    .insert(linkScans)
    .values({ postId: post.id, postUpdatedAt: post.updatedAt })
    .onConflictDoUpdate({ target: linkScans.postId, set: { postUpdatedAt: post.updatedAt } });
}

async function addCheckRows(tx: Queryable, urls: string[], now: Date) {
  if (urls.length === 0) return;
  await tx
    .insert(linkChecks)
    .values(urls.map((url) => ({ url, host: hostOf(url), nextCheckAt: now })))
    .onConflictDoNothing();
}

/** A check row for every affiliate link's URL; none for a URL nothing uses any more. */
async function syncCheckRows(db: Database, now: Date) {
  const affiliate = await db.selectDistinct({ url: affiliateLinks.url }).from(affiliateLinks);
  for (let i = 0; i < affiliate.length; i += 500)
    await addCheckRows(
      db,
      affiliate.slice(i, i + 500).map((row) => row.url),
      now,
    );
  await db
    .delete(linkChecks)
    .where(
      and(
        notExists(
          db.select({ one: sql`1` }).from(linkUses).where(eq(linkUses.url, linkChecks.url)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(affiliateLinks)
            .where(eq(affiliateLinks.url, linkChecks.url)),
        ),
      ),
    );
}

/**
 * Checks the links that are due, oldest first, up to the run's cap. Hosts are asked in
 * parallel (`hostsAtOnce`), each host one request at a time and no more often than
 * `hostIntervalMs`, so a slow or silent host holds up only its own links, each for at most
 * the request's time limit.
 */
export async function checkDueLinks(deps: LinkHealthRunDeps): Promise<number> {
  const { db, clock } = deps;
  const due = await db
    .select({ id: linkChecks.id, url: linkChecks.url, host: linkChecks.host })
    .from(linkChecks)
    .where(lte(linkChecks.nextCheckAt, clock()))
    .orderBy(asc(linkChecks.nextCheckAt), asc(linkChecks.id))
    .limit(deps.checksPerRun ?? 300);
  const byHost = new Map<string, typeof due>();
  for (const link of due) byHost.set(link.host, [...(byHost.get(link.host) ?? []), link]);
  const hosts = [...byHost.values()];
  const turn = hostTurns(deps.hostIntervalMs ?? 1000);
  const options: LinkCheckOptions = { ...deps.check, beforeRequest: turn };
  const worker = async () => {
    for (let links = hosts.shift(); links; links = hosts.shift()) {
      for (const link of links) {
        const result = await checkLink(link.url, options);
        await saveResult(db, link.id, result, clock());
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, deps.hostsAtOnce ?? 8) }, worker));
  return due.length;
}

/** Waits until the host's next request may go (one per `intervalMs` per host). */
function hostTurns(intervalMs: number) {
  const next = new Map<string, number>();
  return async (host: string) => {
    const now = Date.now();
    const at = Math.max(now, next.get(host) ?? 0);
    next.set(host, at + intervalMs);
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}

async function saveResult(db: Database, id: string, result: LinkCheckResult, now: Date) {
  const worked = result.status === "ok" || result.status === "redirected";
  await db
    .update(linkChecks)
    .set({
      status: result.status,
      httpStatus: result.httpStatus,
      finalUrl: result.finalUrl,
      redirects: result.redirects,
      error: result.error,
      lastCheckedAt: now,
      ...(worked ? { lastWorkedAt: now } : {}),
      nextCheckAt: new Date(now.getTime() + recheckAfterMs[result.status]),
    })
    .where(eq(linkChecks.id, id));
}

/** Asks for the given URLs to be checked at the next run (after a replacement, for one). */
export async function checkSoon(tx: Queryable, urls: string[], now: Date): Promise<void> {
  if (urls.length === 0) return;
  await addCheckRows(tx, urls, now);
  await tx.update(linkChecks).set({ nextCheckAt: now }).where(inArray(linkChecks.url, urls));
}
