import { randomUUID } from "node:crypto";
import { and, eq, gte, inArray } from "drizzle-orm";
import { absoluteUrl, paths } from "../../../site-builder/theme/lib/urls.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogs, postSlugHistory, posts, removedPostSlugs } from "../../db/schema.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { Logger } from "../../logger.ts";
import { type CanonicalSettings, canonicalBaseOf } from "../public-sites/hosts.ts";
import type { BlogChange, ContentEvents } from "../publishing/content-events.ts";

/** The job that tells the IndexNow endpoint about one change (its data: `blogId`, `urls`). */
export const indexNowJob = "indexnow";

/**
 * How long a removed address counts as part of the change that fires now: a deleted post's row
 * is gone when its change fires, so its former addresses are those removed this recently.
 */
const removedWithinMs = 5 * 60_000;

export type IndexNowPingDeps = {
  db: Database;
  queue: Pick<JobQueue, "enqueue">;
  canonical: CanonicalSettings;
  logger: Logger;
  /**
   * Test injection only: ping blogs whose canonical host is local (localhost, `.test`, `.local`,
   * an address). Search engines cannot read those, so production never pings them.
   */
  localHosts?: boolean;
};

/** A host no search engine can reach: never worth a ping. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return (
    host === "localhost" ||
    /\.(localhost|test|local|internal|invalid|example)$/.test(host) ||
    /^[\d.]+$/.test(host) ||
    host.startsWith("[")
  );
}

/**
 * The addresses a committed change made new, different or gone, on the blog's canonical base:
 * each changed post's address when it is published, the addresses it had when it no longer is,
 * and the home page that lists posts. Empty when no post readers could see is concerned (a
 * change of look, a draft).
 */
export async function changedUrls(
  deps: Pick<IndexNowPingDeps, "db" | "canonical">,
  blogId: string,
  change: BlogChange,
  now = new Date(),
): Promise<{ base: string; urls: string[] } | undefined> {
  const postIds = change.postIds ?? [];
  if (postIds.length === 0) return undefined;
  const { db } = deps;
  const blog = await first(db.select().from(blogs).where(eq(blogs.id, blogId)));
  if (!blog) return undefined;
  const rows = await db
    .select({ id: posts.id, slug: posts.slug, status: posts.status })
    .from(posts)
    .where(and(eq(posts.blogId, blogId), inArray(posts.id, postIds)));
  const slugs = new Set(rows.filter((p) => p.status === "published").map((p) => p.slug));
  const notLive = rows.filter((p) => p.status !== "published");
  const deleted = postIds.length > rows.length;
  if (notLive.length > 0 || deleted) {
    // Addresses that answer 410 since this change: those of posts taken down (their current
    // and former slugs), and for deleted posts those removed in the last few minutes.
    const removed = await db
      .select({ slug: removedPostSlugs.slug, removedAt: removedPostSlugs.removedAt })
      .from(removedPostSlugs)
      .where(
        and(
          eq(removedPostSlugs.blogId, blogId),
          gte(removedPostSlugs.removedAt, new Date(now.getTime() - removedWithinMs)),
        ),
      );
    const former = notLive.length
      ? await db
          .select({ slug: postSlugHistory.slug })
          .from(postSlugHistory)
          .where(
            inArray(
              postSlugHistory.postId,
              notLive.map((p) => p.id),
            ),
          )
      : [];
    const ofTakenDown = new Set([...notLive.map((p) => p.slug), ...former.map((f) => f.slug)]);
    for (const { slug } of removed) if (deleted || ofTakenDown.has(slug)) slugs.add(slug);
  }
  if (slugs.size === 0) return undefined;
  const base = canonicalBaseOf(blog, deps.canonical);
  const urls = [
    absoluteUrl(base, paths.home()),
    ...[...slugs].sort().map((slug) => absoluteUrl(base, paths.post(slug))),
  ];
  return { base, urls };
}

/**
 * Content events that also queue an IndexNow ping after each change readers can see (decision
 * 378): the addresses are worked out when the change fires, one job per change carries them.
 * A ping that cannot be queued is logged; it never fails the change, already committed.
 */
export function withIndexNow(events: ContentEvents, deps: IndexNowPingDeps): ContentEvents {
  return {
    async blogChanged(blogId, change) {
      await events.blogChanged(blogId, change);
      try {
        const changed = await changedUrls(deps, blogId, change);
        if (!changed) return;
        if (!deps.localHosts && isLocalHost(new URL(changed.base).hostname)) return;
        await deps.queue.enqueue(
          indexNowJob,
          { blogId, urls: changed.urls },
          { key: `indexnow:${randomUUID()}` },
        );
      } catch (error) {
        deps.logger.error({ err: error, blogId }, "IndexNow ping not queued");
      }
    },
  };
}
