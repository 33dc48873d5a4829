import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBlog, createOwner, createPublishedPost } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let app: TestApp;
beforeAll(async () => {
  // A file where the sites folder should be: every render fails, as on a full disk.
  app = await startTestApp({ publishing: true, env: { SITES_DIR: "/dev/null/sites" } });
});
afterAll(() => app.close());

describe("GET /api/blogs/{id}/site while renders fail", () => {
  it("says 'retrying', when the next attempt is, and why the last one failed", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Failing Renders");
    await createPublishedPost(owner, blog.id, { title: "Hello" });
    await app.publishing?.queue.onIdle();
    const status = await owner.get(`/api/blogs/${blog.id}/site`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ state: "retrying", liveSince: null });
    expect(Date.parse(status.body.nextAttemptAt)).toBeGreaterThan(Date.now() - 1000);
    // In plain words: no server folder in what the owner reads.
    expect(status.body.lastError).toMatch(
      /^The rendered site's files could not be written \(ENOTDIR on \w+\)$/,
    );
  });
});
