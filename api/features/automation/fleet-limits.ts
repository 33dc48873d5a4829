import { and, count, eq, gte, sql } from "drizzle-orm";
import type { ReviewReason } from "../../../contracts/posts.ts";
import type { Queryable } from "../../db/client.ts";
import { exec, first, isPostgres } from "../../db/query.ts";
import { blogs, posts } from "../../db/schema.ts";

/**
 * Fleet limits on content automation (docs/decisions/343-fleet-limits-and-risk.md): how many
 * posts automation may publish on its own, per owner across every blog and per new blog.
 */
export type FleetLimits = {
  /** Auto-published posts per owner in any 7 days, all blogs together (AUTO_PUBLISH_WEEKLY_CAP). */
  weeklyCap: number;
  /**
   * Auto-published posts per blog in any 7 days, by the blog's age in weeks: entry 0 is its
   * first week. A blog older than the list publishes at its own rate (AUTO_PUBLISH_RAMP).
   */
  ramp: readonly number[];
  /** A blog the AI created (maximum trust) holds this many first posts for the owner's approval. */
  aiBlogApprovedPosts: number;
};

export const defaultFleetLimits: FleetLimits = {
  weeklyCap: 20,
  ramp: [2, 3, 5, 5],
  aiBlogApprovedPosts: 3,
};

/** Blogs the AI may create for one owner in any 30 days (maximum trust's leash). */
export const aiBlogsPerMonth = 2;

const dayMs = 24 * 60 * 60 * 1000;
const weekMs = 7 * dayMs;

/** The ramp's cap for a blog created at `createdAt`, or null once the blog is past its ramp. */
export function rampCapOf(limits: FleetLimits, createdAt: Date, now: Date): number | null {
  const week = Math.floor(Math.max(0, now.getTime() - createdAt.getTime()) / weekMs);
  return limits.ramp[week] ?? null;
}

/**
 * Serializes the fleet check of one owner with every other in the same transaction: on
 * PostgreSQL a transaction-scoped advisory lock on the owner (released at commit); on SQLite the
 * transaction already holds the single write lock (decision 220), so nothing else is needed.
 */
export async function lockOwnerFleet(tx: Queryable, ownerId: string): Promise<void> {
  if (isPostgres(tx))
    await exec(tx, sql`select pg_advisory_xact_lock(hashtext(${`fleet:${ownerId}`}))`);
}

/**
 * Reasons the fleet limits hold an automated post that would otherwise be published now. Runs
 * inside the transaction that saves and publishes it, after `lockOwnerFleet`, so ten blogs
 * finishing at once count each other's posts.
 */
export async function fleetLimitReasons(
  tx: Queryable,
  limits: FleetLimits,
  blog: { id: string; ownerId: string; createdAt: Date; createdByAi: boolean },
  now: Date,
): Promise<ReviewReason[]> {
  const reasons: ReviewReason[] = [];
  const since = new Date(now.getTime() - weekMs);
  if (blog.createdByAi) {
    const earlier = await first(
      tx.select({ n: count() }).from(posts).where(eq(posts.blogId, blog.id)),
    );
    const n = Number(earlier?.n ?? 0);
    if (n < limits.aiBlogApprovedPosts)
      reasons.push({
        id: "ai-blog-approval",
        label: "New AI-created blog",
        reason: `The AI created this blog: its first ${limits.aiBlogApprovedPosts} posts wait for your approval (this is post ${n + 1}).`,
      });
  }
  const fleet = await first(
    tx
      .select({ n: count() })
      .from(posts)
      .innerJoin(blogs, eq(blogs.id, posts.blogId))
      .where(
        and(
          eq(blogs.ownerId, blog.ownerId),
          eq(posts.autoPublished, true),
          eq(posts.status, "published"),
          gte(posts.publishedAt, since),
        ),
      ),
  );
  const fleetCount = Number(fleet?.n ?? 0);
  if (fleetCount >= limits.weeklyCap)
    reasons.push({
      id: "fleet-cap",
      label: "Weekly fleet cap",
      reason: `Automation published ${fleetCount} posts across your blogs in the last 7 days, the cap is ${limits.weeklyCap}: publish this one yourself, or it waits.`,
    });
  const rampCap = rampCapOf(limits, blog.createdAt, now);
  if (rampCap !== null) {
    const own = await first(
      tx
        .select({ n: count() })
        .from(posts)
        .where(
          and(
            eq(posts.blogId, blog.id),
            eq(posts.autoPublished, true),
            eq(posts.status, "published"),
            gte(posts.publishedAt, since),
          ),
        ),
    );
    const ownCount = Number(own?.n ?? 0);
    const week = Math.floor((now.getTime() - blog.createdAt.getTime()) / weekMs) + 1;
    if (ownCount >= rampCap)
      reasons.push({
        id: "new-blog-ramp",
        label: "New blog ramp",
        reason: `The blog is in its week ${week}: automation publishes at most ${rampCap} posts a week on it until week ${limits.ramp.length + 1}, and ${ownCount} went out in the last 7 days.`,
      });
  }
  return reasons;
}

/** Reads the blog the check needs. */
export async function fleetBlogOf(tx: Queryable, blogId: string) {
  const row = await first(
    tx
      .select({
        id: blogs.id,
        ownerId: blogs.ownerId,
        createdAt: blogs.createdAt,
        createdByAi: blogs.createdByAi,
      })
      .from(blogs)
      .where(eq(blogs.id, blogId)),
  );
  if (!row) throw new Error(`blog ${blogId} not found`);
  return row;
}

/** The limits the environment sets (api/env.ts), the rest at their defaults. */
export function fleetLimitsFromEnv(env: {
  AUTO_PUBLISH_WEEKLY_CAP: number;
  AUTO_PUBLISH_RAMP: number[];
}): FleetLimits {
  return {
    ...defaultFleetLimits,
    weeklyCap: env.AUTO_PUBLISH_WEEKLY_CAP,
    ramp: env.AUTO_PUBLISH_RAMP,
  };
}
