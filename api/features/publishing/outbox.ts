import { eq } from "drizzle-orm";
import type { Database, Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogs, renderJobs } from "../../db/schema.ts";
import type { BlogChange, ContentEvents } from "./content-events.ts";

/**
 * The outbox (docs/architecture.md, the publish flow; Outline writes its events in the transaction and queues
 * them after commit): a change readers can see writes its render request — the blog's
 * `render_jobs` row, which the render queue runs — in the same transaction as the data. After
 * the commit it is dispatched to the queue. A process that dies in between leaves the row, and
 * the queue resumes every pending row at start: no render is lost, and none is guessed.
 *
 * Requests for one blog merge into its one row: the posts to re-render add up, a full render
 * wins, and `requestedAt` (the job's version) always moves forward.
 */
export async function recordChange(
  tx: Queryable,
  blogId: string,
  change: BlogChange,
  now: Date,
): Promise<void> {
  const row = await first(tx.select().from(renderJobs).where(eq(renderJobs.blogId, blogId)));
  if (!row) {
    await tx.insert(renderJobs).values({
      blogId,
      full: Boolean(change.full),
      postIds: change.postIds ?? [],
      requestedAt: now,
    });
    return;
  }
  // Two changes in one millisecond are still two versions.
  const requestedAt =
    now.getTime() <= row.requestedAt.getTime() ? new Date(row.requestedAt.getTime() + 1) : now;
  const postIds = [...new Set([...row.postIds, ...(change.postIds ?? [])])];
  // A new change is a new chance: it runs at once, with the backoff started afresh.
  await tx
    .update(renderJobs)
    .set({ full: row.full || Boolean(change.full), postIds, requestedAt, attempts: 0 })
    .where(eq(renderJobs.blogId, blogId));
}

/** Records a change inside the transaction it belongs to. */
export type RecordChange = (blogId: string, change: BlogChange) => Promise<void>;

/**
 * Runs `work` in one transaction. Every change it records is written in that transaction and,
 * once it has committed, dispatched (`events.blogChanged`: the render queue runs the row, and
 * pages kept in memory are dropped). Nothing is dispatched when the transaction fails.
 */
export async function withOutbox<T>(
  db: Database,
  events: ContentEvents,
  work: (tx: Queryable, record: RecordChange) => Promise<T>,
  clock: () => Date = () => new Date(),
): Promise<T> {
  const recorded: [string, BlogChange][] = [];
  const result = await db.transaction((tx) => {
    // A transaction PostgreSQL retried (decision 180) runs this again: only its last run counts.
    recorded.length = 0;
    return work(tx, async (blogId, change) => {
      await recordChange(tx, blogId, change, clock());
      recorded.push([blogId, change]);
    });
  });
  for (const [blogId, change] of recorded) await events.blogChanged(blogId, change);
  return result;
}

/**
 * Records a full render of every blog (a new theme in development, or anything else that
 * changes every page without a change of content); the queue runs them at its next start or
 * dispatch.
 */
export async function requestFullRenders(db: Database, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const all = await tx.select({ id: blogs.id }).from(blogs);
    for (const blog of all) await recordChange(tx, blog.id, { full: true }, now);
    return all.length;
  });
}
