import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { createBlog, createOwner, createPost } from "../test/factories.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { jobs, startJobs } from "./jobs.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ publishing: true });
});
afterAll(() => app.close());

describe("the job list", () => {
  it("names every background job once", () => {
    expect(jobs.map((job) => job.name)).toEqual([
      "renders",
      "scheduled publishing",
      "content automation",
      "weekly suggestions",
      "imports",
      "analytics rollups",
      "session cleanup",
    ]);
  });

  it("starts them from one call, which publishes what fell due, and stops them all", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const post = await createPost(owner, blog.id);
    const due = new Date(Date.now() - 60_000);
    await app.db.update(posts).set({ scheduledPublishAt: due }).where(eq(posts.id, post.id));
    const publishing = app.publishing;
    if (!publishing) throw new Error("publishing expected");
    const running = startJobs(
      {
        db: app.db,
        ai: app.aiGate,
        publishing,
        contentEvents: publishing.contentEvents,
        logger: createLogger("silent"),
      },
      ["scheduled publishing", "session cleanup"],
    );
    await expect
      .poll(async () => (await owner.get<{ status: string }>(`/api/posts/${post.id}`)).body.status)
      .toBe("published");
    running.runSoon("session cleanup");
    await running.stop();
  });
});
