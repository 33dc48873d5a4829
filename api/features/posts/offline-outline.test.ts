import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnerWithBlog, createPost, createPublishedPost } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

/** The owner's own text in place of every instruction paragraph the offline writer marked. */
const writeEverySection = (content: string) =>
  content
    .replace(/<p><em>Offline draft:[\s\S]*?<\/p>/, "")
    .replace(
      /<p><strong>\[To write\]<\/strong>[^<]*<\/p>/g,
      "<p>Rocky trails want a stiff sole, a rock plate and lugs of four millimetres or more.</p>",
    );

describe("an offline outline", () => {
  it("cannot be published or scheduled while its sections hold instructions, and can after", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    // No AI provider in the tests: the offline writer answers, as for an owner without a key.
    const generated = await owner.post("/api/ai/generate-post", {
      topic: "How to choose trail running shoes for rocky terrain",
      tone: "professional",
      length: "short",
    });
    expect(generated.status).toBe(200);
    expect(generated.body.source).toBe("offline");
    const post = await createPost(owner, blogId, {
      title: generated.body.title,
      content: generated.body.content,
    });
    expect(
      (await owner.patch(`/api/posts/${post.id}/status`, { status: "under_review" })).status,
    ).toBe(200);

    const refused = await owner.patch(`/api/posts/${post.id}/status`, { status: "published" });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: "outline_unfinished",
      message:
        "This post is still an offline outline: replace the [To write] instructions in Introduction, “Why This Matters”, “How to Choose Trail Running Shoes for Rocky Terrain: The Essentials” and “Conclusion” with your own text before publishing.",
      issues: [
        "Introduction",
        "Why This Matters",
        "How to Choose Trail Running Shoes for Rocky Terrain: The Essentials",
        "Conclusion",
      ].map((section) => ({
        path: "content",
        message: `${section} still holds the offline writer's instructions`,
      })),
    });
    const scheduled = await owner.patch(`/api/posts/${post.id}/schedule`, {
      scheduledPublishAt: inAnHour(),
    });
    expect(scheduled.status).toBe(409);
    expect(scheduled.body.code).toBe("outline_unfinished");
    const unchanged = await owner.get(`/api/posts/${post.id}`);
    expect(unchanged.body).toMatchObject({ status: "under_review", scheduledPublishAt: null });

    // The note deleted and the opening written, the other sections not: those are still named.
    const partly = generated.body.content
      .replace(/<p><em>Offline draft:[\s\S]*?<\/p>/, "")
      .replace(
        /<p><strong>\[To write\]<\/strong> Introduce[^<]*<\/p>/,
        "<p>Rocky terrain eats soft shoes: here is how to pick a pair that lasts.</p>",
      );
    expect((await owner.patch(`/api/posts/${post.id}`, { content: partly })).status).toBe(200);
    const still = await owner.patch(`/api/posts/${post.id}/status`, { status: "published" });
    expect(still.status).toBe(409);
    expect(still.body.message).toContain("in “Why This Matters”,");
    expect(still.body.message).not.toContain("Introduction");

    const written = writeEverySection(generated.body.content);
    expect(written).not.toContain("To write");
    expect((await owner.patch(`/api/posts/${post.id}`, { content: written })).status).toBe(200);
    const published = await owner.patch(`/api/posts/${post.id}/status`, { status: "published" });
    expect(published.status).toBe(200);
    expect(published.body.status).toBe("published");
  });

  it("allows scheduling once written, and keeps instructions out of a published post", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const generated = await owner.post("/api/ai/generate-post", {
      topic: "Best vegetables for a balcony",
      tone: "casual",
      length: "short",
    });
    const draft = await createPost(owner, blogId, {
      content: writeEverySection(generated.body.content),
    });
    const scheduled = await owner.patch(`/api/posts/${draft.id}/schedule`, {
      scheduledPublishAt: inAnHour(),
    });
    expect(scheduled.status).toBe(200);

    const live = await createPublishedPost(owner, blogId);
    const pasted = await owner.patch(`/api/posts/${live.id}`, {
      content: generated.body.content,
    });
    expect(pasted.status).toBe(409);
    expect(pasted.body.code).toBe("outline_unfinished");
    expect((await owner.get(`/api/posts/${live.id}`)).body.content).toBe(live.content);
  });

  it("refuses an outline saved before instructions were marked", async () => {
    const { owner, blogId } = await createOwnerWithBlog(app);
    const post = await createPost(owner, blogId, {
      content: [
        "<p><em>Offline draft: an outline to write from, made without an AI model. Set OPENAI_API_KEY (and OPENAI_BASE_URL for other providers) to generate full posts.</em></p>",
        "<p>Introduce Best vegetables for a balcony in two or three sentences. Aim for about 600 words in all.</p>",
        "<h2>Conclusion</h2>",
        "<p>My own closing words about lettuce in pots.</p>",
      ].join("\n"),
    });
    await owner.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
    const refused = await owner.patch(`/api/posts/${post.id}/status`, { status: "published" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("instructions in Introduction with your own text");
  });
});
