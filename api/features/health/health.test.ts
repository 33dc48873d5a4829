import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderJobs, siteBuilds } from "../../db/schema.ts";
import { createBlog, createOwner } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

const now = new Date("2026-11-23T10:00:00Z");
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ clock: () => now });
});
afterAll(() => app.close());

describe("GET /healthz", () => {
  it("answers the database and the render queue's state, without a session", async () => {
    const idle = await app.client().get("/healthz");
    expect(idle.status).toBe(200);
    expect(idle.headers.get("cache-control")).toBe("no-store");
    expect(idle.body).toEqual({
      status: "ok",
      database: "ok",
      queue: { pending: 0, running: 0, oldestPendingSeconds: 0, failedBlogs: 0 },
    });

    const owner = await createOwner(app);
    const waiting = await createBlog(owner);
    const working = await createBlog(owner);
    const broken = await createBlog(owner);
    await app.db.insert(renderJobs).values([
      { blogId: waiting.id, full: true, requestedAt: new Date(now.getTime() - 20 * 60 * 1000) },
      { blogId: working.id, full: false, requestedAt: now, startedAt: now },
    ]);
    const build = { full: true, startedAt: now, durationMs: 5, pagesWritten: 0 };
    await app.db.insert(siteBuilds).values([
      {
        ...build,
        blogId: broken.id,
        status: "succeeded",
        finishedAt: new Date(now.getTime() - 2000),
      },
      { ...build, blogId: broken.id, status: "failed", finishedAt: now, error: "boom" },
      {
        ...build,
        blogId: working.id,
        status: "failed",
        finishedAt: new Date(now.getTime() - 2000),
      },
      { ...build, blogId: working.id, status: "succeeded", finishedAt: now },
    ]);

    const busy = await app.client().get("/healthz");
    expect(busy.status).toBe(200);
    // A render waiting 20 minutes is a stuck or overloaded queue: degraded, still serving.
    expect(busy.body).toEqual({
      status: "degraded",
      database: "ok",
      queue: { pending: 1, running: 1, oldestPendingSeconds: 1200, failedBlogs: 1 },
    });
  });
});
