import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "../../contracts/posts.ts";
import { posts } from "../db/schema.ts";
import type { BlogChange, ContentEvents } from "../features/publishing/content-events.ts";
import { createLogger } from "../logger.ts";
import {
  blogWithPendingRender,
  createBlog,
  createOwner,
  createPost,
  createScheduledPost,
} from "../test/factories.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { startJobs } from "./jobs.ts";
import { createPgBossQueue } from "./pg-boss-queue.ts";
import type { JobQueue } from "./queue.ts";
import { createTestPostgresDatabase } from "./test-postgres.ts";

// Two worker processes on one shared queue (PostgreSQL), over the app's database.
let app: TestApp;
let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
const queues: JobQueue[] = [];
beforeAll(async () => {
  app = await startTestApp({ publishing: true });
  database = await createTestPostgresDatabase();
});
afterAll(async () => {
  await Promise.all(queues.map((queue) => queue.stop()));
  await app?.close();
  await database?.drop();
});

/** A worker process of its own on the shared queue, running `jobs` over the app's database. */
async function startWorker(
  instanceName: string,
  jobs: Parameters<typeof startJobs>[1],
  contentEvents?: ContentEvents,
) {
  const publishing = app.publishing;
  if (!publishing) throw new Error("publishing expected");
  const queue = await createPgBossQueue({
    connectionString: database.url,
    instanceName,
    pollingIntervalSeconds: 0.5,
  });
  queues.push(queue);
  return startJobs(
    {
      db: app.db,
      ai: app.aiGate,
      publishing,
      contentEvents: contentEvents ?? publishing.contentEvents,
      logger: createLogger("silent"),
      queue,
    },
    jobs,
  );
}

describe("the jobs on the shared queue", () => {
  it("publish a due post once with two workers running the schedule", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const post = await createPost(owner, blog.id);
    await app.db
      .update(posts)
      .set({ scheduledPublishAt: new Date(Date.now() - 60_000) })
      .where(eq(posts.id, post.id));
    const publishing = app.publishing;
    if (!publishing) throw new Error("publishing expected");
    const told: [string, BlogChange][] = [];
    const contentEvents: ContentEvents = {
      blogChanged: (blogId, change) => {
        told.push([blogId, change]);
        publishing.contentEvents.blogChanged(blogId, change);
      },
    };
    const workers = [];
    for (const name of ["worker-1", "worker-2"]) {
      workers.push(await startWorker(name, ["scheduled publishing"], contentEvents));
    }
    // Both ask for a run now, as two processes starting at once would.
    for (const worker of workers) worker.runSoon("scheduled publishing");
    await expect
      .poll(
        async () => (await owner.get<{ status: string }>(`/api/posts/${post.id}`)).body.status,
        {
          timeout: 15_000,
        },
      )
      .toBe("published");
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(told.filter(([blogId]) => blogId === blog.id)).toEqual([
      [blog.id, { postIds: [post.id] }],
    ]);
  }, 30_000);

  it("render a request whose job was never queued (a web process died after its commit)", async () => {
    const { blog, publishing } = await blogWithPendingRender(app);
    await startWorker("worker-3", ["renders"]);
    await expect.poll(() => publishing.output.hasLive(blog.id), { timeout: 20_000 }).toBe(true);
  }, 30_000);

  it("publish a post at its time, not at the next period", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const { post, due } = await createScheduledPost(owner, blog.id, 4_000);
    const worker = await startWorker("worker-4", ["scheduled publishing"]);
    worker.runSoon("scheduled publishing");
    await expect
      .poll(async () => (await owner.get<Post>(`/api/posts/${post.id}`)).body.status, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe("published");
    const publishedAt = Date.now();
    expect(publishedAt).toBeGreaterThanOrEqual(due.getTime());
    // The period is 15 s: published within a few seconds of its time, not at the next period.
    expect(publishedAt - due.getTime()).toBeLessThan(5_000);
  }, 30_000);
});
