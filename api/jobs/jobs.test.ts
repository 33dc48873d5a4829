import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "../../contracts/posts.ts";
import { posts } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { onPostgres } from "../test/dialect.ts";
import {
  blogWithPendingRender,
  createBlog,
  createOwner,
  createPost,
  createScheduledPost,
} from "../test/factories.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { type JobName, jobs, startJobs } from "./jobs.ts";
import { createPgBossQueue } from "./pg-boss-queue.ts";
import type { JobQueue } from "./queue.ts";
import { createSqliteQueue } from "./sqlite-queue.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ publishing: true });
});
afterAll(() => app.close());

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** The queue a server on this database uses (decision 320). */
async function queueOf(): Promise<JobQueue> {
  const queue = onPostgres
    ? await createPgBossQueue({
        connectionString: app.env.DATABASE_URL,
        pollingIntervalSeconds: 0.5,
      })
    : await createSqliteQueue({ db: app.db });
  stops.push(() => queue.stop());
  return queue;
}

async function start(only: JobName[]) {
  const publishing = app.publishing;
  if (!publishing) throw new Error("publishing expected");
  const running = await startJobs(
    {
      db: app.db,
      ai: app.aiGate,
      publishing,
      contentEvents: publishing.contentEvents,
      logger: createLogger("silent"),
      queue: await queueOf(),
    },
    only,
  );
  // Only the job queue is stopped after each test (`running.stop` would also stop the app's
  // render queue, which the next tests use).
  return running;
}

const statusOf = async (owner: Awaited<ReturnType<typeof createOwner>>, id: string) =>
  (await owner.get<Post>(`/api/posts/${id}`)).body.status;

describe("the job list", () => {
  it("names every background job once", () => {
    expect(jobs.map((job) => job.name)).toEqual([
      "renders",
      "scheduled publishing",
      "content automation",
      "AI writer",
      "weekly suggestions",
      "imports",
      "analytics rollups",
      "session cleanup",
      "activity retention",
      "notification e-mails",
      "newsletters",
      "indexnow",
      "link health",
    ]);
  });

  it("starts them on the queue, which publishes at once what fell due while stopped", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const post = await createPost(owner, blog.id);
    const due = new Date(Date.now() - 60_000);
    await app.db.update(posts).set({ scheduledPublishAt: due }).where(eq(posts.id, post.id));
    const running = await start(["scheduled publishing", "session cleanup"]);
    await expect
      .poll(() => statusOf(owner, post.id), { timeout: 10_000, interval: 50 })
      .toBe("published");
    running.runSoon("session cleanup");
  });

  it("renders a request left pending (its process died after the commit)", async () => {
    const { blog, publishing } = await blogWithPendingRender(app);
    await start(["renders"]);
    await expect
      .poll(() => publishing.output.hasLive(blog.id), { timeout: 20_000, interval: 50 })
      .toBe(true);
    // The render job waited for the render itself, not for a poll of its state.
    await publishing.queue.settled(blog.id);
    expect(publishing.queue.stateOf(blog.id)).toBe("idle");
  }, 30_000);

  it("publishes a post at its time, not at the next period", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const { post, due } = await createScheduledPost(owner, blog.id, 2_000);
    const running = await start(["scheduled publishing"]);
    running.runSoon("scheduled publishing");
    await expect
      .poll(() => statusOf(owner, post.id), { timeout: 20_000, interval: 50 })
      .toBe("published");
    const publishedAt = Date.now();
    expect(publishedAt).toBeGreaterThanOrEqual(due.getTime());
    // The period is 15 s: published within a few seconds of its time, not at the next period.
    expect(publishedAt - due.getTime()).toBeLessThan(onPostgres ? 5_000 : 1_000);
  }, 30_000);
});
