import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sanitizePostHtml } from "../../content/sanitize.ts";
import { renderJobs } from "../../db/schema.ts";
import { createBlog, createOwner, createPost, createPublishedPost } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { noContentEvents } from "./content-events.ts";
import { createPublishing } from "./publishing.ts";

/**
 * The outbox: a change readers can see writes its render request in the same transaction as
 * the data, so a process that dies after the commit and before the render still renders it at
 * the next start. Here the dispatch after the commit is lost (as if the process died there):
 * a second pipeline on the same database and folder — the next process — renders the change.
 */
let app: TestApp;
beforeAll(async () => {
  // Publishing is built (theme, output), but nothing is told after commits: the "dead" process.
  app = await startTestApp({ publishing: true, contentEvents: noContentEvents });
});
afterAll(() => app.close());

const livePage = (blogId: string, file: string) => {
  const path = join(app.env.SITES_DIR, "blogs", blogId, "current", file);
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
};

describe("the outbox", () => {
  it("keeps every committed change's render request, and the next process renders it", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Outbox Garden");
    const draft = await createPost(owner, blog.id, { title: "Written before the crash" });
    const published = await createPublishedPost(owner, blog.id, {
      title: "Published before the crash",
    });
    expect(draft.status).toBe("draft");

    // Committed, and the request is in the same database: nothing rendered it yet.
    const [pending] = await app.db.select().from(renderJobs).where(eq(renderJobs.blogId, blog.id));
    expect(pending?.postIds).toEqual([published.id]);
    expect(livePage(blog.id, `post/${published.slug}.html`)).toBeUndefined();

    // The next process: a fresh pipeline resumes the pending requests at start.
    const next = await createPublishing({ db: app.db, env: app.env, sanitize: sanitizePostHtml });
    try {
      await next.queue.resume();
      await next.queue.onIdle();
      expect(livePage(blog.id, `post/${published.slug}.html`)).toContain(
        "Published before the crash",
      );
      expect(livePage(blog.id, "index.html")).toContain("Published before the crash");
      expect(livePage(blog.id, "index.html")).not.toContain("Written before the crash");
      expect(await app.db.select().from(renderJobs).where(eq(renderJobs.blogId, blog.id))).toEqual(
        [],
      );
    } finally {
      await next.queue.stop();
    }
  });

  it("writes nothing when the change itself fails", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Outbox Failure");
    const post = await createPublishedPost(owner, blog.id);
    await app.db.delete(renderJobs).where(eq(renderJobs.blogId, blog.id));
    // An invalid transition is refused inside the transaction: no render request remains.
    const refused = await owner.patch(`/api/posts/${post.id}/status`, { status: "published" });
    expect(refused.status).toBe(409);
    expect(await app.db.select().from(renderJobs).where(eq(renderJobs.blogId, blog.id))).toEqual(
      [],
    );
  });
});
