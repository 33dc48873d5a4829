import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Generation } from "../../../contracts/generation.ts";
import { blogs } from "../../db/schema.ts";
import { loopbackProvider } from "../../test/ai.ts";
import { createBlog, createOwner, createPublishedPost } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { startOpenAiServer } from "../../test/openai-server.ts";
import { startPageServer } from "../../test/page-server.ts";
import { rawGet } from "../../test/raw-http.ts";
import { createResearch } from "../research/research.ts";

/**
 * A generated long post, published, as readers and search engines get it (issue 31, "done
 * when"): the persona as its author in the JSON-LD, its sources as `citation`, the FAQ the page
 * shows as `FAQPage`, its feature image on the page.
 */
let ai: Awaited<ReturnType<typeof startOpenAiServer>>;
let pages: Awaited<ReturnType<typeof startPageServer>>;
let app: TestApp;

beforeAll(async () => {
  [ai, pages] = await Promise.all([startOpenAiServer(), startPageServer()]);
  app = await startTestApp({
    publishing: true,
    env: { BLOG_DOMAIN: "writer.test", AI_CALLS_PER_MINUTE: "10000" },
    ai: loopbackProvider(ai, { imageModel: "gpt-image-1" }),
    research: createResearch({ pages: { testLoopback: true } }),
  });
});
afterAll(async () => {
  await app.close();
  await Promise.all([ai.close(), pages.close()]);
});

type Thing = Record<string, unknown> & { "@type": string };

describe("a generated post, published", () => {
  it("names the persona as its author, its sources as citations and its FAQ, in JSON-LD", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Compost Corner");
    await app.db.update(blogs).set({ subdomain: "compost" }).where(eq(blogs.id, blog.id));
    await createPublishedPost(owner, blog.id, {
      title: "Worm bins",
      content: "<p>How we keep a worm bin going.</p>",
    });
    const voice = await owner.put(`/api/blogs/${blog.id}/voice`, {
      personaName: "Ana Gardener",
      personaCredentials: "Master composter",
      personaLinks: ["https://social.example.com/@ana"],
    });
    expect(voice.status, voice.text).toBe(200);
    const started = await owner.post<Generation>("/api/ai/generations", {
      blogId: blog.id,
      topic: "Composting at home",
      length: "long",
      sources: { urls: [pages.url("/articles/bokashi"), pages.url("/articles/worm-bins")] },
    });
    await app.generations.idle();
    const done = (await owner.get<Generation>(`/api/ai/generations/${started.body.id}`)).body;
    expect(done.status, done.error ?? "").toBe("succeeded");
    const postId = done.postId as string;
    for (const status of ["under_review", "published"])
      expect((await owner.patch(`/api/posts/${postId}/status`, { status })).status).toBe(200);
    await app.publishing?.queue.onIdle();

    const slug = (await owner.get<{ slug: string }>(`/api/posts/${postId}`)).body.slug;
    const page = await rawGet(app.baseUrl, `/post/${slug}`, { host: "compost.writer.test" });
    expect(page.status).toBe(200);
    const data = [
      ...page.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs),
    ].flatMap((m): Thing[] => {
      const parsed = JSON.parse(m[1] as string) as { "@graph"?: Thing[] };
      return parsed["@graph"] ?? [parsed as Thing];
    });
    const article = data.find((d) => d["@type"] === "BlogPosting") as Thing;
    expect(article.author).toMatchObject({
      "@type": "Person",
      name: "Ana Gardener",
      sameAs: ["https://social.example.com/@ana"],
    });
    const citations = (article.citation as { url: string }[]).map((c) => c.url).sort();
    expect(citations).toEqual(
      [pages.url("/articles/bokashi"), pages.url("/articles/worm-bins")].sort(),
    );
    const faq = data.find((d) => d["@type"] === "FAQPage") as Thing;
    const questions = (faq.mainEntity as { name: string }[]).map((q) => q.name);
    expect(questions.length).toBeGreaterThanOrEqual(3);
    for (const question of questions) expect(page.body).toContain(question);
    // The byline readers see, and the generated feature image with its alt text.
    expect(page.body).toContain("Ana Gardener");
    expect(page.body).toContain(`alt="${done.result?.featureImage?.alt}"`);
  });
});
