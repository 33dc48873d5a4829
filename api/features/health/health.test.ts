import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderJobs, siteBuilds } from "../../db/schema.ts";
import { describeSqliteOnly } from "../../test/dialect.ts";
import { createBlog, createOwner } from "../../test/factories.ts";
import { fullDatabaseDisk } from "../../test/full-disk.ts";
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
      reasons: [],
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
    // A render waiting 20 minutes is a stuck or overloaded queue, and a blog's latest render
    // failed: degraded (readers still get the last good site), 503 so a monitor sees it at once.
    expect(busy.status).toBe(503);
    expect(busy.body).toEqual({
      status: "degraded",
      database: "ok",
      queue: { pending: 1, running: 1, oldestPendingSeconds: 1200, failedBlogs: 1 },
      reasons: [
        "The latest render of 1 blog failed (boom); the previous site stays live and the render is retried.",
        "A render has waited 20 minutes: the queue is stuck or far behind.",
      ],
    });
  });
});

// SQLITE_FULL is SQLite's (decision 181).
describeSqliteOnly("GET /healthz when the disk fills", () => {
  it("says at once that database writes fail, and ok again once a write succeeds", async () => {
    let at = new Date("2026-11-23T10:00:00Z");
    const disk = fullDatabaseDisk();
    const full = await startTestApp({ clock: () => at, wrapDatabaseClient: disk.wrap });
    try {
      expect((await full.client().get("/healthz")).status).toBe(200);
      disk.fill();
      // Nothing else writes: the check's own probe finds out (at most every 5 s).
      at = new Date(at.getTime() + 6000);
      const failing = await full.client().get("/healthz");
      expect(failing.status).toBe(503);
      expect(failing.body).toMatchObject({ status: "degraded", database: "writes_failing" });
      expect(failing.body.reasons).toEqual([
        expect.stringMatching(
          /^Database writes fail since \S+ \(SQLITE_FULL\): nothing can be saved until the database disk has room again\.$/,
        ),
      ]);
      disk.free();
      at = new Date(at.getTime() + 6000);
      const healed = await full.client().get("/healthz");
      expect(healed.status).toBe(200);
      expect(healed.body).toMatchObject({ status: "ok", database: "ok", reasons: [] });
    } finally {
      await full.close();
    }
  });

  it("reports a failing render at once, not after 15 minutes", async () => {
    const broken = await startTestApp({
      publishing: true,
      // A file where the sites folder should be: every render fails.
      env: { SITES_DIR: "/dev/null/sites" },
    });
    try {
      const owner = await createOwner(broken);
      const blog = await createBlog(owner);
      await broken.publishing?.queue.enqueue(blog.id, { full: true });
      await broken.publishing?.queue.onIdle();
      const health = await broken.client().get("/healthz");
      expect(health.status).toBe(503);
      expect(health.body.status).toBe("degraded");
      expect(health.body.queue.failedBlogs).toBe(1);
      expect(health.body.reasons[0]).toMatch(/^The latest render of 1 blog failed \(/);
    } finally {
      await broken.close();
    }
  });
});
