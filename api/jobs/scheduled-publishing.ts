import { and, asc, isNotNull, lte, sql } from "drizzle-orm";
import { type Clock, systemClock } from "../auth/sessions.ts";
import type { Database } from "../db/client.ts";
import { first } from "../db/query.ts";
import { posts } from "../db/schema.ts";
import { publishPosts } from "../features/posts/service.ts";
import type { ContentEvents } from "../features/publishing/content-events.ts";
import { withOutbox } from "../features/publishing/outbox.ts";
import type { Logger } from "../logger.ts";

export type PublishedPost = { blogId: string; postId: string };

/**
 * Publishes every post whose scheduled time has come, in one transaction, through
 * `publishPosts` (the one way posts become public) with the renders recorded in the outbox.
 * The schedule lives on the post itself, so after a crash or a restart the next run finds
 * exactly the posts still due: none is lost, none is published twice.
 */
export async function publishDuePosts(
  db: Database,
  events: ContentEvents,
  now: Date,
): Promise<PublishedPost[]> {
  return withOutbox(db, events, async (tx, record) => {
    // The schedule is claimed by clearing it, in the database's own conditional update: when
    // two processes run this at once (PostgreSQL), the second waits for the first's row locks,
    // finds no schedule left and publishes nothing. (The post's time of change stays: only the
    // publish below changes the post.)
    const due = await tx
      .update(posts)
      .set({ scheduledPublishAt: null, updatedAt: sql`${posts.updatedAt}` })
      .where(and(isNotNull(posts.scheduledPublishAt), lte(posts.scheduledPublishAt, now)))
      .returning({ id: posts.id });
    const published = await publishPosts(
      tx,
      record,
      due.map((post) => post.id),
      now,
    );
    return published.map((post) => ({ blogId: post.blogId, postId: post.id }));
  });
}

export type ScheduledPublishingOptions = {
  db: Database;
  clock?: Clock;
  /** Told after the commit (through the outbox) about every blog whose posts were published. */
  contentEvents: ContentEvents;
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
    const next = await first(
      db
        .select({ at: posts.scheduledPublishAt })
        .from(posts)
        .where(isNotNull(posts.scheduledPublishAt))
        .orderBy(asc(posts.scheduledPublishAt))
        .limit(1),
    );
    if (!next?.at) return intervalMs;
    return Math.min(intervalMs, Math.max(0, next.at.getTime() - clock().getTime()));
  }

  async function run(): Promise<PublishedPost[]> {
    let delay = intervalMs;
    let published: PublishedPost[] = [];
    try {
      published = await publishDuePosts(db, options.contentEvents, clock());
      if (published.length > 0) logger?.info({ published }, "scheduled posts published");
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
