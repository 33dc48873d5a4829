import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "../../contracts/posts.ts";
import { posts, renderJobs } from "../db/schema.ts";
import type { BlogChange, ContentEvents } from "../features/publishing/content-events.ts";
import { createLogger } from "../logger.ts";
import { createBlog, createOwner, createPost } from "../test/factories.ts";
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
      const queue = await createPgBossQueue({
        connectionString: database.url,
        instanceName: name,
        pollingIntervalSeconds: 0.5,
      });
      queues.push(queue);
      workers.push(
        await startJobs(
          {
            db: app.db,
            ai: app.aiGate,
            publishing,
            contentEvents,
            logger: createLogger("silent"),
            queue,
          },
          ["scheduled publishing"],
        ),
      );
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
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const publishing = app.publishing;
    if (!publishing) throw new Error("publishing expected");
    expect(await publishing.output.hasLive(blog.id)).toBe(false);
    // The outbox row alone, as a commit leaves it before anyone is told.
    await app.db
      .insert(renderJobs)
      .values({ blogId: blog.id, full: true, postIds: [], requestedAt: new Date() });
    const queue = await createPgBossQueue({
      connectionString: database.url,
      instanceName: "worker-3",
      pollingIntervalSeconds: 0.5,
    });
    queues.push(queue);
    await startJobs(
      {
        db: app.db,
        ai: app.aiGate,
        publishing,
        contentEvents: publishing.contentEvents,
        logger: createLogger("silent"),
        queue,
      },
      ["renders"],
    );
    await expect.poll(() => publishing.output.hasLive(blog.id), { timeout: 20_000 }).toBe(true);
  }, 30_000);

  it("publish a post at its time, not at the next period", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const post = await createPost(owner, blog.id);
    const due = new Date(Date.now() + 4_000);
    const scheduled = await owner.patch(`/api/posts/${post.id}/schedule`, {
      scheduledPublishAt: due.toISOString(),
    });
    expect(scheduled.status).toBe(200);
    const publishing = app.publishing;
    if (!publishing) throw new Error("publishing expected");
    const queue = await createPgBossQueue({
      connectionString: database.url,
      instanceName: "worker-4",
      pollingIntervalSeconds: 0.5,
    });
    queues.push(queue);
    const worker = await startJobs(
      {
        db: app.db,
        ai: app.aiGate,
        publishing,
        contentEvents: publishing.contentEvents,
        logger: createLogger("silent"),
        queue,
      },
      ["scheduled publishing"],
    );
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
