import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Generation } from "../../../contracts/generation.ts";
import { untrusted } from "../../ai/untrusted.ts";
import { media, postResearch, posts } from "../../db/schema.ts";
import { runDueAutomation } from "../../jobs/content-automation.ts";
import { loopbackProvider } from "../../test/ai.ts";
import { createBlog, createOwner, createPublishedPost } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { startOpenAiServer } from "../../test/openai-server.ts";
import { startPageServer, testArticles } from "../../test/page-server.ts";
import { researchOn, startSearchServer } from "../../test/search-server.ts";

/**
 * The AI writer end to end (issue 31): a long post from a topic and two of the owner's pages,
 * against loopback peers — the OpenAI-compatible test server (chat steps and images), a
 * SearXNG-format search server and web pages served on 127.0.0.1 through the research's
 * test-only loopback allowance.
 */
let ai: Awaited<ReturnType<typeof startOpenAiServer>>;
let pages: Awaited<ReturnType<typeof startPageServer>>;
let search: Awaited<ReturnType<typeof startSearchServer>>;
let app: TestApp;

beforeAll(async () => {
  [ai, pages, search] = await Promise.all([
    startOpenAiServer(),
    startPageServer(),
    startSearchServer(),
  ]);
  // The search finds a third page, and one of the owner's again (read once).
  search.state.results = [
    { url: pages.url("/latin1"), title: "Crème fraîche in the garden", snippet: "Whey" },
    { url: pages.url("/go/bokashi"), title: "Bokashi", snippet: "Bokashi measured" },
  ];
  app = await startTestApp({
    env: { AI_CALLS_PER_MINUTE: "10000", AI_DAILY_TOKEN_LIMIT: "10000000" },
    ai: loopbackProvider(ai, { imageModel: "gpt-image-1" }),
    research: researchOn(search),
  });
});
afterAll(async () => {
  await app.close();
  await Promise.all([ai.close(), pages.close(), search.close()]);
});

const hrefsOf = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);

describe("the AI writer", () => {
  it("writes a long post with an outline, cited sources, an internal link and an image", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Compost Corner");
    const target = await createPublishedPost(owner, blog.id, {
      title: "Worm bins",
      content: "<p>How we keep a worm bin going through the winter.</p>",
    });
    const before = ai.state.requests.length;
    const started = await owner.post<Generation>("/api/ai/generations", {
      blogId: blog.id,
      topic: "Composting at home",
      length: "long",
      sources: {
        urls: [pages.url("/articles/bokashi"), pages.url("/articles/worm-bins")],
        notes: ["We have composted kitchen scraps on a balcony for three years."],
      },
    });
    expect(started.status).toBe(202);
    expect(started.body.status).toBe("queued");
    await app.generations.idle();
    const done = (await owner.get<Generation>(`/api/ai/generations/${started.body.id}`)).body;
    expect(done.status, done.error ?? "").toBe("succeeded");
    const result = done.result;
    if (!result) throw new Error("no result");

    // An outline, written section by section: every H2 of the outline is in the post.
    expect(done.progress.outline.length).toBeGreaterThanOrEqual(3);
    for (const { heading } of done.progress.outline)
      expect(result.content).toContain(`<h2>${heading}</h2>`);
    expect(done.progress.sectionsWritten).toBe(done.progress.outline.length);
    // Within 15% of the 2,500 words asked for.
    expect(result.targetWords).toBe(2500);
    expect(Math.abs(result.words - 2500) / 2500).toBeLessThanOrEqual(0.15);

    // At least three cited sources, each a page that was fetched, listed under "Sources".
    const cited = result.sources.filter((s) => s.number !== null);
    expect(cited.length).toBeGreaterThanOrEqual(3);
    const fetched = new Set([
      pages.url("/articles/bokashi"),
      pages.url("/articles/worm-bins"),
      pages.url("/latin1"),
    ]);
    for (const source of cited) expect(fetched.has(source.finalUrl as string)).toBe(true);
    expect(result.content).toContain("<h2>Sources</h2>");
    for (const source of cited)
      expect(result.content).toContain(`<sup><a href="${source.finalUrl}"`);
    // Each citation keeps the claim and the passage of the source that supports it.
    const checked = result.citations.filter((c) => c.supportingText);
    expect(checked.length).toBeGreaterThan(0);
    for (const c of checked) {
      const source = result.sources.find((s) => s.n === c.n);
      expect(source?.text).toContain(c.supportingText);
      // A page opens at the supporting sentence; a note of the owner has no address.
      if (source?.finalUrl)
        expect(c.checkUrl?.startsWith(`${source.finalUrl}#:~:text=`)).toBe(true);
      else expect(c.checkUrl).toBeNull();
    }
    // The owner's pages came in as their main text, without the site's navigation.
    const bokashi = result.sources.find((s) => s.finalUrl === pages.url("/articles/bokashi"));
    expect(bokashi?.text).toContain(testArticles["/articles/bokashi"].facts[0]);

    // No outside link that is not a source; the internal link goes to the published post.
    const sourceUrls = new Set(result.sources.flatMap((s) => [s.url, s.finalUrl]));
    for (const href of hrefsOf(result.content))
      expect(
        sourceUrls.has(href ?? null) || href?.startsWith("/") || href?.startsWith("../"),
        href,
      ).toBe(true);
    expect(result.internalLinks.map((l) => l.postId)).toContain(target.id);
    const internal = result.internalLinks[0];
    expect(result.content).toContain(`href="${internal?.href}"`);

    // A feature image, generated (the library is empty), with alt text and the AI mark.
    expect(result.featureImage).toMatchObject({ source: "generated" });
    expect(result.featureImage?.alt.length).toBeGreaterThan(0);

    // The post is a draft of the blog, with its research and image.
    const [draft] = await app.db
      .select()
      .from(posts)
      .where(eq(posts.id, done.postId as string));
    expect(draft).toMatchObject({
      status: "draft",
      source: "ai",
      featureImageId: result.featureImage?.mediaId,
      title: result.title,
    });
    const [image] = await app.db
      .select()
      .from(media)
      .where(eq(media.id, result.featureImage?.mediaId as string));
    expect(image?.alt).toBe(result.featureImage?.alt);
    const [research] = await app.db
      .select()
      .from(postResearch)
      .where(eq(postResearch.postId, draft?.id as string));
    expect(research?.sources).toHaveLength(result.sources.length);
    const shown = await owner.get<{ citations: unknown[] }>(`/api/posts/${draft?.id}/research`);
    expect(shown.body.citations.length).toBe(result.citations.length);

    // The owner's pages and note went to the model fenced, with the rule to read them as data.
    const calls = ai.state.requests.slice(before).filter((r) => r.path.endsWith("/completions"));
    const section = calls.find((r) => r.body.response_format.json_schema.name === "post_section");
    expect(section?.body.messages[1].content).toContain(untrusted("topic", "Composting at home"));
    expect(section?.body.messages[1].content).toMatch(/<untrusted label="source" fence="/);
    // Search was asked; a result that leads to an owner's page is one source, not two.
    expect(search.state.requests.length).toBeGreaterThan(0);
    expect(
      result.sources.filter((s) => s.finalUrl === pages.url("/articles/bokashi")),
    ).toHaveLength(1);
  });

  it("writes the same through content automation, from a topic's own pages and length", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Automated Compost");
    const target = await createPublishedPost(owner, blog.id, {
      title: "Worm bins",
      content: "<p>How we keep a worm bin going through the winter.</p>",
    });
    const res = await owner.post(`/api/blogs/${blog.id}/automation`, {
      enabled: true,
      topics: ["Composting at home"],
      autoPublish: false,
      topicDetails: [
        {
          topic: "Composting at home",
          length: "long",
          urls: [pages.url("/articles/bokashi"), pages.url("/articles/worm-bins")],
        },
      ],
    });
    expect(res.status, res.text).toBe(201);
    const started = await runDueAutomation({
      db: app.db,
      ai: app.aiGate,
      clock: () => new Date(Date.now() + 60_000),
      generations: app.generations,
    });
    const mine = started.find((s) => s.blogId === blog.id);
    expect(mine).toBeDefined();
    await app.generations.idle();
    const done = (await owner.get<Generation>(`/api/ai/generations/${mine?.generationId}`)).body;
    expect(done.status, done.error ?? "").toBe("succeeded");
    const result = done.result;
    if (!result) throw new Error("no result");
    expect(Math.abs(result.words - 2500) / 2500).toBeLessThanOrEqual(0.15);
    expect(result.sources.filter((s) => s.number !== null).length).toBeGreaterThanOrEqual(2);
    expect(result.internalLinks.map((l) => l.postId)).toContain(target.id);
    expect(result.featureImage?.alt.length).toBeGreaterThan(0);
    // Held for review (auto-publish is off), with its image and its sources.
    const [post] = await app.db
      .select()
      .from(posts)
      .where(eq(posts.id, done.postId as string));
    expect(post).toMatchObject({
      status: "under_review",
      featureImageId: result.featureImage?.mediaId,
      content: result.content,
    });
  });

  it("answers 404 for another owner's generation and 400 for a bad request", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const bad = await owner.post("/api/ai/generations", {
      topic: " ",
      sources: { urls: ["javascript:alert(1)"] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(
      ["sources.urls.0", "topic"].sort(),
    );
    const noBlog = await owner.post("/api/ai/generations", { topic: "x" });
    expect(noBlog.status).toBe(400);
    const started = await owner.post<Generation>("/api/ai/generations", {
      blogId: blog.id,
      topic: "Leaf mould",
      length: "short",
    });
    await app.generations.idle();
    const stranger = await createOwner(app);
    expect((await stranger.get(`/api/ai/generations/${started.body.id}`)).status).toBe(404);
    expect((await stranger.post(`/api/ai/generations/${started.body.id}/cancel`)).status).toBe(404);
    expect(
      (await stranger.post("/api/ai/generations", { blogId: blog.id, topic: "Mine" })).status,
    ).toBe(404);
    const done = (await owner.get<Generation>(`/api/ai/generations/${started.body.id}`)).body;
    expect((await stranger.get(`/api/posts/${done.postId}/research`)).status).toBe(404);
  });
});
