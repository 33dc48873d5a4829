import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BlogJobs, hasWorkInProgress } from "../../../contracts/background-work.ts";
import type { SiteStatus } from "../../../contracts/blogs.ts";
import { emptyProgress } from "../../../contracts/generation.ts";
import { aiGateOptions, createAiGate } from "../../ai/gate.ts";
import { sanitizePostHtml } from "../../content/sanitize.ts";
import { openDatabase } from "../../db/client.ts";
import {
  aiGenerations,
  automationSettings,
  importJobs,
  renderJobs,
  siteBuilds,
} from "../../db/schema.ts";
import { parseEnv } from "../../env.ts";
import { runDueAutomation } from "../../jobs/content-automation.ts";
import { startJobs } from "../../jobs/jobs.ts";
import { createPgBossQueue } from "../../jobs/pg-boss-queue.ts";
import { createLogger } from "../../logger.ts";
import { onPostgres } from "../../test/dialect.ts";
import { createBlog, createOwner, createPublishedPost } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { scriptedWriter } from "../../test/writer-model.ts";
import { createPublishing } from "../publishing/publishing.ts";

// The app here serves without rendering, as a web process of a PostgreSQL set-up does: changes
// write their render requests (the outbox rows) and nothing in this process runs them. What it
// answers comes from the database alone.
let app: TestApp;
let modelDown = false;
beforeAll(async () => {
  // A model that is down while `modelDown` says so.
  app = await startTestApp({
    env: { AI_CALLS_PER_MINUTE: "10000" },
    ai: scriptedWriter({
      fail: () => modelDown && "The AI provider did not answer in time. Try again.",
    }),
  });
});
afterAll(() => app.close());

const jobsOf = async (owner: TestClient, blogId: string) => {
  const res = await owner.get<BlogJobs>(`/api/blogs/${blogId}/jobs`);
  expect(res.status).toBe(200);
  return res.body;
};
const siteOf = async (owner: TestClient, blogId: string) => {
  const res = await owner.get<SiteStatus>(`/api/blogs/${blogId}/site`);
  expect(res.status).toBe(200);
  return res.body;
};

describe("GET /api/blogs/{blogId}/jobs on a process that renders nothing", () => {
  it("reports a pending render as queued, a failed try with its error and next try, a running one, then done", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Background Gardens");
    expect((await jobsOf(owner, blog.id)).render).toEqual({
      state: "none",
      attempts: 0,
      nextAttemptAt: null,
      lastError: null,
      lastFinishedAt: null,
    });

    await createPublishedPost(owner, blog.id, { title: "Hello" });
    expect((await jobsOf(owner, blog.id)).render).toMatchObject({ state: "queued", attempts: 0 });
    expect(await siteOf(owner, blog.id)).toMatchObject({ state: "queued", attempts: 0 });

    // A worker's try fails: the render queue records it as it does (its build, the row's tries).
    const failedAt = new Date();
    await app.db.insert(siteBuilds).values({
      blogId: blog.id,
      status: "failed",
      full: true,
      startedAt: new Date(failedAt.getTime() - 40),
      finishedAt: failedAt,
      durationMs: 40,
      error: "The disk of the rendered sites is full (no space left on device)",
    });
    await app.db
      .update(renderJobs)
      .set({ attempts: 5, startedAt: null, full: true })
      .where(eq(renderJobs.blogId, blog.id));
    const retrying = await jobsOf(owner, blog.id);
    expect(retrying.render).toMatchObject({
      state: "retrying",
      attempts: 5,
      lastError: "The disk of the rendered sites is full (no space left on device)",
      lastFinishedAt: failedAt.toISOString(),
    });
    // The render queue's back-off after a fifth failure in a row: 16 s.
    expect(retrying.render.nextAttemptAt).toBe(new Date(failedAt.getTime() + 16_000).toISOString());
    expect(await siteOf(owner, blog.id)).toMatchObject({
      state: "retrying",
      attempts: 5,
      lastError: "The disk of the rendered sites is full (no space left on device)",
      nextAttemptAt: retrying.render.nextAttemptAt,
      liveSince: null,
    });

    // Another try starts.
    await app.db
      .update(renderJobs)
      .set({ startedAt: new Date() })
      .where(eq(renderJobs.blogId, blog.id));
    expect((await jobsOf(owner, blog.id)).render.state).toBe("running");
    expect((await siteOf(owner, blog.id)).state).toBe("rendering");

    // It succeeds: the row goes, the build is recorded.
    const doneAt = new Date(failedAt.getTime() + 3000);
    await app.db.transaction(async (tx) => {
      await tx.delete(renderJobs).where(eq(renderJobs.blogId, blog.id));
      await tx.insert(siteBuilds).values({
        blogId: blog.id,
        status: "succeeded",
        full: true,
        pagesWritten: 12,
        startedAt: new Date(doneAt.getTime() - 50),
        finishedAt: doneAt,
        durationMs: 50,
      });
    });
    expect((await jobsOf(owner, blog.id)).render).toEqual({
      state: "done",
      attempts: 0,
      nextAttemptAt: null,
      lastError: null,
      lastFinishedAt: doneAt.toISOString(),
    });
    expect(await siteOf(owner, blog.id)).toMatchObject({
      state: "live",
      liveSince: doneAt.toISOString(),
      lastError: null,
    });
  });

  it("says 'failed' when the last try failed and nothing is pending", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const at = new Date();
    await app.db.insert(siteBuilds).values({
      blogId: blog.id,
      status: "failed",
      full: true,
      startedAt: at,
      finishedAt: at,
      durationMs: 0,
      error: "The database disk is full",
    });
    expect((await jobsOf(owner, blog.id)).render).toMatchObject({
      state: "failed",
      nextAttemptAt: null,
      lastError: "The database disk is full",
    });
  });

  it("lists imports under way first with their progress, then the five newest finished", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const row = (n: number, status: (typeof importJobs.$inferInsert)["status"], more = {}) => ({
      blogId: blog.id,
      format: "wordpress" as const,
      fileName: `export-${n}.xml`,
      status,
      payload: {},
      total: 10,
      report: { imported: [], skipped: [], imagesMissing: [] },
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)),
      ...more,
    });
    await app.db
      .insert(importJobs)
      .values([
        row(0, "running", { done: 3, currentItem: "Post three" }),
        ...[1, 2, 3, 4, 5, 6].map((n) => row(n, "succeeded", { done: 10 })),
        row(7, "failed", { error: "The file is not a WordPress export." }),
      ]);
    const { imports } = await jobsOf(owner, blog.id);
    expect(imports.map((job) => [job.fileName, job.status, job.done, job.total])).toEqual([
      ["export-0.xml", "running", 3, 10],
      ["export-7.xml", "failed", 0, 10],
      ["export-6.xml", "succeeded", 10, 10],
      ["export-5.xml", "succeeded", 10, 10],
      ["export-4.xml", "succeeded", 10, 10],
      ["export-3.xml", "succeeded", 10, 10],
    ]);
    expect(imports[1]?.error).toBe("The file is not a WordPress export.");
    expect(imports[0]).not.toHaveProperty("report");
  });

  it("shows automation's last run, next run and why the last due run wrote nothing", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    expect((await jobsOf(owner, blog.id)).automation).toEqual({
      state: "off",
      lastRunAt: null,
      nextRunAt: null,
      lastError: null,
      writing: null,
    });
    expect(
      (
        await owner.post(`/api/blogs/${blog.id}/automation`, {
          enabled: true,
          topics: ["Worm bins"],
        })
      ).status,
    ).toBe(201);
    const due = (await jobsOf(owner, blog.id)).automation;
    expect(due).toMatchObject({ state: "due", lastRunAt: null, lastError: null });

    // The AI provider fails: nothing is written, the owner is told why, the run stays due.
    const now = new Date(Date.now() + 1000);
    const deps = { db: app.db, ai: app.aiGate, clock: () => now, generations: app.generations };
    modelDown = true;
    await runDueAutomation(deps);
    await app.generations.idle();
    modelDown = false;
    expect((await jobsOf(owner, blog.id)).automation).toEqual({
      ...due,
      lastError:
        "The last post could not be written: The AI provider did not answer in time. Automation tries again within a minute.",
    });

    // The next run writes the post: its time, the next one's, and no error.
    await runDueAutomation(deps);
    await app.generations.idle();
    const [settings] = await app.db
      .select()
      .from(automationSettings)
      .where(eq(automationSettings.blogId, blog.id));
    expect((await jobsOf(owner, blog.id)).automation).toEqual({
      state: "scheduled",
      lastRunAt: now.toISOString(),
      nextRunAt: settings?.nextRunAt?.toISOString(),
      lastError: null,
      writing: null,
    });
    expect(settings?.nextRunAt?.getTime()).toBeGreaterThan(now.getTime());
  });

  it("shows the post automation's writer is writing, and how far it is", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const ownerId = (await owner.get<{ id: string }>("/api/auth/user")).body.id;
    expect((await jobsOf(owner, blog.id)).automation.writing).toBeNull();
    const [row] = await app.db
      .insert(aiGenerations)
      .values({
        ownerId,
        blogId: blog.id,
        origin: "automation",
        input: { topic: "Leaf mould", tone: "professional", length: "medium" },
        status: "running",
        progress: {
          ...emptyProgress(),
          step: "sections",
          outline: [1, 2, 3, 4].map((n) => ({ heading: `H${n}`, subheadings: [] })),
          sectionsWritten: 2,
        },
      })
      .returning();
    const jobs = await jobsOf(owner, blog.id);
    expect(jobs.automation.writing).toEqual({
      generationId: row?.id,
      topic: "Leaf mould",
      step: "sections",
      sectionsWritten: 2,
      sectionsTotal: 4,
      waiting: null,
    });
    expect(hasWorkInProgress(jobs)).toBe(true);
    // Done: nothing in progress.
    await app.db
      .update(aiGenerations)
      .set({ status: "succeeded" })
      .where(eq(aiGenerations.id, row?.id as string));
    expect((await jobsOf(owner, blog.id)).automation.writing).toBeNull();
  });

  it("answers 404 for another owner's blog and 400 for an id that cannot be one", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const stranger = await createOwner(app);
    const res = await stranger.get(`/api/blogs/${blog.id}/jobs`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "not_found" });
    expect(JSON.stringify(res.body)).not.toContain(blog.name);
    expect((await stranger.get(`/api/blogs/${"x".repeat(65)}/jobs`)).status).toBe(400);
    expect((await app.client().get(`/api/blogs/${blog.id}/jobs`)).status).toBe(401);
  });
});

// PostgreSQL set-up with split roles: this app is the web process; a worker process (its own
// connections, render queue and pg-boss queue on the same database) renders, and every render
// fails (a file where its sites folder should be).
describe.runIf(onPostgres)("a web process beside a worker whose renders fail", () => {
  it("reports the pending render as queued, then the worker's failed try with its error", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Split Roles");
    await createPublishedPost(owner, blog.id, { title: "Hello" });
    expect(await siteOf(owner, blog.id)).toMatchObject({ state: "queued", lastError: null });
    expect((await jobsOf(owner, blog.id)).render.state).toBe("queued");

    const worker = await startWorker(app.env.DATABASE_URL);
    try {
      const deadline = Date.now() + 20_000;
      let site = await siteOf(owner, blog.id);
      while (!(site.state === "retrying" && site.lastError) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        site = await siteOf(owner, blog.id);
      }
      expect(site).toMatchObject({ state: "retrying", liveSince: null });
      expect(site.lastError).toMatch(
        /^The rendered site's files could not be written \(ENOTDIR on \w+\)$/,
      );
      expect(site.attempts).toBeGreaterThanOrEqual(1);
      if (site.nextAttemptAt !== null)
        expect(Date.parse(site.nextAttemptAt)).toBeGreaterThan(
          Date.parse(site.lastRenderedAt ?? ""),
        );
      const { render } = await jobsOf(owner, blog.id);
      expect(["retrying", "running", "queued"]).toContain(render.state);
      expect(render.lastError).toMatch(
        /^The rendered site's files could not be written \(ENOTDIR on \w+\)$/,
      );
      // The web process's own render queue knows nothing of it.
      expect(app.publishing).toBeUndefined();
    } finally {
      await worker.stop();
    }
  }, 40_000);
});

/** A worker process as api/server.ts composes one (role `worker`), running the render jobs. */
async function startWorker(databaseUrl: string) {
  const env = parseEnv({
    NODE_ENV: "test",
    DATABASE_URL: databaseUrl,
    SITES_DIR: "/dev/null/sites",
    LOG_LEVEL: "silent",
  });
  const logger = createLogger("silent");
  const database = await openDatabase(env.DATABASE_URL);
  const queue = await createPgBossQueue({
    connectionString: databaseUrl,
    instanceName: "worker",
    pollingIntervalSeconds: 0.5,
  });
  const publishing = await createPublishing({
    db: database.db,
    env,
    sanitize: sanitizePostHtml,
    logger,
    requestRender: (blogId) => void queue.enqueue("render", { blogId }, { key: blogId }),
  });
  const ai = createAiGate({ db: database.db, ...aiGateOptions(env), sanitize: sanitizePostHtml });
  const jobs = await startJobs(
    { db: database.db, ai, publishing, contentEvents: publishing.contentEvents, logger, queue },
    ["renders"],
  );
  return {
    stop: async () => {
      await jobs.stop();
      await database.close();
    },
  };
}
