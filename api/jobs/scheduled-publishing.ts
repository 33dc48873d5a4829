import { and, asc, isNotNull, lte, sql } from "drizzle-orm";
import { type Clock, systemClock } from "../auth/sessions.ts";
import type { Database } from "../db/client.ts";
import { posts } from "../db/schema.ts";
import type { BlogChange } from "../features/publishing/content-events.ts";
import type { Logger } from "../logger.ts";

export type PublishedPost = { blogId: string; postId: string };

/**
 * Publishes every post whose scheduled time has come, in one UPDATE (so atomically): status
 * published, `publishedAt` set unless the post was published before, schedule cleared. The
 * schedule lives on the post itself, so after a crash or a restart the next run finds exactly
 * the posts still due: none is lost, none is published twice.
 */
export async function publishDuePosts(db: Database, now: Date): Promise<PublishedPost[]> {
  return db
    .update(posts)
    .set({
      status: "published",
      publishedAt: sql`coalesce(${posts.publishedAt}, ${now.getTime()})`,
      scheduledPublishAt: null,
      // Scheduling is the owner's decision to publish: held-for-review reasons are answered.
      reviewReasons: null,
    })
    .where(and(isNotNull(posts.scheduledPublishAt), lte(posts.scheduledPublishAt, now)))
    .returning({ blogId: posts.blogId, postId: posts.id });
}

/** One change per blog, naming its newly published posts (what `ContentEvents` takes). */
export function changesByBlog(published: PublishedPost[]): Map<string, BlogChange> {
  const changes = new Map<string, BlogChange>();
  for (const { blogId, postId } of published) {
    const change = changes.get(blogId) ?? { postIds: [] };
    change.postIds?.push(postId);
    changes.set(blogId, change);
  }
  return changes;
}

export type ScheduledPublishingOptions = {
  db: Database;
  clock?: Clock;
  /** Called after each run that published something (the posts are already committed). */
  onPublished?: (published: PublishedPost[]) => void | Promise<void>;
  /** How often due posts are looked for, at the latest. */
  intervalMs?: number;
  logger?: Logger;
};

export type ScheduledPublishing = {
  /** Runs now (a run already in progress is joined, never doubled). */
  runNow: () => Promise<PublishedPost[]>;
  stop: () => Promise<void>;
};

/**
 * Runs `publishDuePosts` at start (catching up on everything that fell due while the server
 * was down), then again when the next scheduled post falls due or after `intervalMs`,
 * whichever comes first. A schedule set in between is found by the next interval run.
 */
export function startScheduledPublishing(options: ScheduledPublishingOptions): ScheduledPublishing {
  const { db, logger } = options;
  const clock = options.clock ?? systemClock;
  const intervalMs = options.intervalMs ?? 15_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<PublishedPost[]> | undefined;
  let stopped = false;

  async function delayUntilNextRun(): Promise<number> {
    const next = await db
      .select({ at: posts.scheduledPublishAt })
      .from(posts)
      .where(isNotNull(posts.scheduledPublishAt))
      .orderBy(asc(posts.scheduledPublishAt))
      .limit(1)
      .get();
    if (!next?.at) return intervalMs;
    return Math.min(intervalMs, Math.max(0, next.at.getTime() - clock().getTime()));
  }

  async function run(): Promise<PublishedPost[]> {
    let delay = intervalMs;
    let published: PublishedPost[] = [];
    try {
      published = await publishDuePosts(db, clock());
      if (published.length > 0) {
        logger?.info({ published }, "scheduled posts published");
        await options.onPublished?.(published);
      }
      delay = await delayUntilNextRun();
    } catch (error) {
      // Nothing is lost: the schedules stay in the database for the next run.
      logger?.error({ err: error }, "scheduled publishing failed; retrying at the next interval");
    }
    if (!stopped) {
      clearTimeout(timer);
      timer = setTimeout(() => void runNow(), delay);
      timer.unref();
    }
    return published;
  }

  function runNow(): Promise<PublishedPost[]> {
    if (stopped) return Promise.resolve([]);
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  }

  void runNow();

  return {
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
