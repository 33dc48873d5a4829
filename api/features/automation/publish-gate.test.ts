import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AiProvider } from "../../ai/provider.ts";
import { automationSettings, blogs, posts } from "../../db/schema.ts";
import { runDueAutomation } from "../../jobs/content-automation.ts";
import { offlineProvider, passingArticle, testGate } from "../../test/ai.ts";
import { createBlog, createOwner, createPost } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { rawGet } from "../../test/raw-http.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ publishing: true, env: { BLOG_DOMAIN: "gate.test" } });
});
afterAll(() => app.close());

const read = async (path: string, host: string) => {
  const { status, body } = await rawGet(app.baseUrl, path, { host });
  return { status, body };
};

async function automatedBlog(owner: TestClient, subdomain: string, topics: string[]) {
  const blog = await createBlog(owner, `Gate ${subdomain}`);
  await app.db.update(blogs).set({ subdomain }).where(eq(blogs.id, blog.id));
  // The spec's defaults: auto-publish on.
  const res = await owner.post(`/api/blogs/${blog.id}/automation`, { enabled: true, topics });
  expect(res.status).toBe(201);
  expect(res.body.autoPublish).toBe(true);
  return blog;
}

const run = (provider: AiProvider, aheadMs = 60_000) =>
  runDueAutomation({
    db: app.db,
    ai: testGate(app.db, provider),
    clock: () => new Date(Date.now() + aheadMs),
    contentEvents: app.publishing?.contentEvents ?? { blogChanged: () => {} },
  });

describe("the publishing gate of content automation", () => {
  it("on a fresh install (no AI key) holds every automated post: nothing reaches readers", async () => {
    const owner = await createOwner(app);
    const blog = await automatedBlog(owner, "fresh", ["Worm bins", "Leaf mould"]);
    // An owner's own post, so the blog has pages to render.
    const own = await createPost(owner, blog.id, { title: "Hello from the owner" });
    await owner.patch(`/api/posts/${own.id}/status`, { status: "under_review" });
    await owner.patch(`/api/posts/${own.id}/status`, { status: "published" });

    const made = (await run(offlineProvider)).filter((m) => m.blogId === blog.id);
    expect(made).toHaveLength(1);
    expect(made[0]?.status).toBe("under_review");
    await app.publishing?.queue.enqueue(blog.id, { full: true });
    await app.publishing?.queue.onIdle();

    const held = (await owner.get(`/api/posts/${made[0]?.postId}`)).body;
    expect(held.status).toBe("under_review");
    expect(held.reviewReasons).toEqual([
      expect.objectContaining({ id: "offline-writer", label: "Offline draft" }),
    ]);
    const cards = (await owner.get(`/api/blogs/${blog.id}/posts`)).body;
    expect(cards.find((c: { id: string }) => c.id === held.id).reviewReasons).toHaveLength(1);
    expect(cards.find((c: { id: string }) => c.id === own.id).reviewReasons).toEqual([]);

    const host = "fresh.gate.test";
    for (const path of ["/", "/sitemap.xml", "/rss.xml", `/${held.slug}/`]) {
      const page = await read(path, host);
      expect(page.body).not.toContain(held.slug);
      expect(page.body).not.toContain("Offline draft");
      expect(page.body).not.toContain("OPENAI_API_KEY");
    }
    expect((await read("/", host)).body).toContain("Hello from the owner");
    expect((await read(`/${held.slug}/`, host)).status).toBe(404);

    // The owner can still publish it by hand; the reasons are then answered.
    expect(
      (await owner.patch(`/api/posts/${held.id}/status`, { status: "published" })).status,
    ).toBe(200);
    const [row] = await app.db.select().from(posts).where(eq(posts.id, held.id));
    expect(row?.reviewReasons).toBeNull();
  });

  it("publishes a post that passes every check, and holds one that fails with each reason", async () => {
    const owner = await createOwner(app);
    const good = await automatedBlog(owner, "good", ["Compost heaps"]);
    const bad = await automatedBlog(owner, "bad", ["Rain barrels"]);
    const writer: AiProvider = {
      ...offlineProvider,
      configured: true,
      model: "test-model",
      async generatePost(input) {
        const article = passingArticle(input.topic);
        if (input.topic !== "Rain barrels") return { post: { ...article, source: "ai" } };
        // Copies the good blog's post, drops the keyword from the opening, no meta description.
        const copied = passingArticle("Compost heaps");
        return {
          post: {
            ...article,
            content: copied.content.replace("This is a guide to compost heaps.", "Hello."),
            metaDescription: "",
            source: "ai",
          },
        };
      },
    };
    // The copy is written after the post it copies.
    await app.db
      .update(automationSettings)
      .set({ nextRunAt: new Date(Date.now() + 120_000) })
      .where(eq(automationSettings.blogId, bad.id));
    const first = (await run(writer)).filter((m) => m.blogId === good.id);
    expect(first.map((m) => m.status)).toEqual(["published"]);
    const second = (await run(writer, 180_000)).filter((m) => m.blogId === bad.id);
    expect(second.map((m) => m.status)).toEqual(["under_review"]);
    const held = (await owner.get(`/api/posts/${second[0]?.postId}`)).body;
    expect(held.reviewReasons.map((r: { id: string }) => r.id).sort()).toEqual(
      [
        "keyword-first-paragraph",
        "keyword-meta-description",
        "meta-description-length",
        "originality",
      ].sort(),
    );
    expect(held.reviewReasons.find((r: { id: string }) => r.id === "originality").reason).toMatch(
      /matches “Compost heaps: what to know” on Gate good/,
    );
  });
});
