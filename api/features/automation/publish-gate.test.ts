import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "../../../contracts/zod.ts";
import type { AiProvider, StructuredRequest } from "../../ai/provider.ts";
import { aiGenerations, automationSettings, blogs, posts } from "../../db/schema.ts";
import { runDueAutomation } from "../../jobs/content-automation.ts";
import { createBlog, createOwner, createPost, setPersona } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { rawGet } from "../../test/raw-http.ts";
import { scriptedWriter } from "../../test/writer-model.ts";

/**
 * A model that writes posts the gate passes, except "Rain barrels": the good blog's compost
 * heap post again (its sections word for word), with "Hello." as the opening and no meta
 * description.
 */
const copyingWriter = (): AiProvider => {
  const model = scriptedWriter();
  return {
    ...model,
    structured: (async (request: StructuredRequest<z.ZodType>, signal?: AbortSignal) => {
      const copying = request.user.some((part) => part.includes("Rain barrels"));
      if (!copying || !model.structured)
        return (model.structured as NonNullable<AiProvider["structured"]>)(request, signal);
      const asIfCompost = {
        ...request,
        user: request.user.map((part) => part.replaceAll("Rain barrels", "Compost heaps")),
      };
      const { data, usage } = await model.structured(asIfCompost, signal);
      const answer = data as Record<string, unknown>;
      if (request.name === "post_outline")
        return {
          data: { ...answer, title: "Rain barrels: A Practical Guide" } as typeof data,
          usage,
        };
      if (request.name === "post_assembly")
        return {
          data: {
            ...answer,
            intro: "<p>Hello.</p>",
            metaDescription: "",
            keywords: ["rain barrels"],
          },
          usage,
        };
      return { data, usage };
    }) as AiProvider["structured"],
  };
};

let app: TestApp;
let withModel: TestApp;
beforeAll(async () => {
  [app, withModel] = await Promise.all([
    startTestApp({ publishing: true, env: { BLOG_DOMAIN: "gate.test" } }),
    startTestApp({
      env: { BLOG_DOMAIN: "gate.test", AI_CALLS_PER_MINUTE: "10000" },
      ai: copyingWriter(),
    }),
  ]);
});
afterAll(() => Promise.all([app.close(), withModel.close()]));

const read = async (path: string, host: string) => {
  const { status, body } = await rawGet(app.baseUrl, path, { host });
  return { status, body };
};

async function automatedBlog(
  owner: TestClient,
  subdomain: string,
  topics: string[],
  on: TestApp = app,
  persona = true,
) {
  const blog = await createBlog(owner, `Gate ${subdomain}`);
  if (persona) await setPersona(owner, blog.id, "Wren Hollis");
  await on.db.update(blogs).set({ subdomain }).where(eq(blogs.id, blog.id));
  // The product's defaults: auto-publish on.
  const res = await owner.post(`/api/blogs/${blog.id}/automation`, { enabled: true, topics });
  expect(res.status).toBe(201);
  expect(res.body.autoPublish).toBe(true);
  return blog;
}

/** A run of automation on `on` (default: the offline app), with the posts it wrote. */
async function run(aheadMs = 60_000, on: TestApp = app) {
  const started = await runDueAutomation({
    db: on.db,
    ai: on.aiGate,
    clock: () => new Date(Date.now() + aheadMs),
    generations: on.generations,
  });
  await on.generations.idle();
  const written = started.length
    ? await on.db
        .select({ id: aiGenerations.id, postId: aiGenerations.postId })
        .from(aiGenerations)
        .where(
          inArray(
            aiGenerations.id,
            started.map((s) => s.generationId),
          ),
        )
    : [];
  return Promise.all(
    started.map(async ({ blogId, generationId }) => {
      const postId = written.find((w) => w.id === generationId)?.postId ?? null;
      const [post] = postId
        ? await on.db.select({ status: posts.status }).from(posts).where(eq(posts.id, postId))
        : [];
      return { blogId, postId, status: post?.status };
    }),
  );
}

describe("the publishing gate of content automation", () => {
  it("on a fresh install (no AI key) holds every automated post: nothing reaches readers", async () => {
    const owner = await createOwner(app);
    const blog = await automatedBlog(owner, "fresh", ["Worm bins", "Leaf mould"]);
    // An owner's own post, so the blog has pages to render.
    const own = await createPost(owner, blog.id, { title: "Hello from the owner" });
    await owner.patch(`/api/posts/${own.id}/status`, { status: "under_review" });
    await owner.patch(`/api/posts/${own.id}/status`, { status: "published" });

    const made = (await run()).filter((m) => m.blogId === blog.id);
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

    // Not while the outline's instructions are in it; once the owner has written the sections,
    // they can publish it by hand and the reasons are then answered.
    const refused = await owner.patch(`/api/posts/${held.id}/status`, { status: "published" });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("outline_unfinished");
    const written = held.content
      .replace(/<p><em>Offline draft:[\s\S]*?<\/p>/, "")
      .replace(/<p><strong>\[To write\]<\/strong>[^<]*<\/p>/g, "<p>Worms eat kitchen scraps.</p>");
    expect((await owner.patch(`/api/posts/${held.id}`, { content: written })).status).toBe(200);
    expect(
      (await owner.patch(`/api/posts/${held.id}/status`, { status: "published" })).status,
    ).toBe(200);
    const [row] = await app.db.select().from(posts).where(eq(posts.id, held.id));
    expect(row?.reviewReasons).toBeNull();
  });

  it("publishes a post that passes every check, and holds one that fails with each reason", async () => {
    const owner = await createOwner(withModel);
    const good = await automatedBlog(owner, "good", ["Compost heaps"], withModel);
    const bad = await automatedBlog(owner, "bad", ["Rain barrels"], withModel);
    // The copy is written after the post it copies.
    await withModel.db
      .update(automationSettings)
      .set({ nextRunAt: new Date(Date.now() + 120_000) })
      .where(eq(automationSettings.blogId, bad.id));
    const first = (await run(60_000, withModel)).filter((m) => m.blogId === good.id);
    expect(first.map((m) => m.status)).toEqual(["published"]);
    const second = (await run(180_000, withModel)).filter((m) => m.blogId === bad.id);
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
      /matches “Compost heaps: A Practical Guide” on Gate good/,
    );
  });

  it("holds a post that passes every check while the blog has no author persona, and publishes once one is named", async () => {
    const owner = await createOwner(withModel);
    const blog = await automatedBlog(
      owner,
      "nameless",
      ["Worm towers", "Leaf mould", "Cold frames"],
      withModel,
      false,
    );
    const first = (await run(60_000, withModel)).filter((m) => m.blogId === blog.id);
    expect(first.map((m) => m.status)).toEqual(["under_review"]);
    const held = (await owner.get(`/api/posts/${first[0]?.postId}`)).body;
    expect(held.reviewReasons).toEqual([
      {
        id: "persona",
        label: "No author persona",
        reason: expect.stringContaining("set one in Settings → Voice"),
      },
    ]);
    const card = (await owner.get(`/api/blogs/${blog.id}/posts`)).body.find(
      (c: { id: string }) => c.id === held.id,
    );
    expect(card.reviewReasons.map((r: { id: string }) => r.id)).toEqual(["persona"]);

    // A persona without a name is none.
    expect(
      (await owner.put(`/api/blogs/${blog.id}/voice`, { personaBio: "Gardens." })).status,
    ).toBe(200);
    await withModel.db
      .update(automationSettings)
      .set({ nextRunAt: new Date(Date.now() + 120_000) })
      .where(eq(automationSettings.blogId, blog.id));
    const second = (await run(180_000, withModel)).filter((m) => m.blogId === blog.id);
    expect(second.map((m) => m.status)).toEqual(["under_review"]);

    await setPersona(owner, blog.id, "Wren Hollis");
    await withModel.db
      .update(automationSettings)
      .set({ nextRunAt: new Date(Date.now() + 240_000) })
      .where(eq(automationSettings.blogId, blog.id));
    const third = (await run(300_000, withModel)).filter((m) => m.blogId === blog.id);
    expect(third.map((m) => m.status)).toEqual(["published"]);
  });
});
