import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  aiGenerations,
  aiUsage,
  automationSettings,
  automationTopics,
  posts,
} from "../db/schema.ts";
import { generationInterval } from "../features/automation/service.ts";
import {
  normalizeTopic,
  outOfTopics,
  pickTopic,
  trigramSimilarity,
} from "../features/automation/topic-ledger.ts";
import type { Logger } from "../logger.ts";
import { createBlog, createCategory, createOwner, setPersona } from "../test/factories.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { scriptedWriter } from "../test/writer-model.ts";
import { runDueAutomation } from "./content-automation.ts";

const day = 24 * 60 * 60 * 1000;

let app: TestApp;
beforeAll(async () => {
  // A model that writes posts the publishing gate lets through, except on "Explosive topic".
  app = await startTestApp({
    env: { AI_CALLS_PER_MINUTE: "10000" },
    ai: scriptedWriter({
      fail: (request) => request.user.some((part) => part.includes("Explosive topic")),
    }),
  });
});
afterAll(() => app.close());

/** A run of automation, then its generations written. */
async function runAutomation(clock: () => Date, logger?: Logger) {
  const started = await runDueAutomation({
    db: app.db,
    ai: app.aiGate,
    clock,
    generations: app.generations,
    logger,
  });
  await app.generations.idle();
  return started;
}

async function automatedBlog(settings: Record<string, unknown>) {
  const owner = await createOwner(app);
  const blog = await createBlog(owner);
  await setPersona(owner, blog.id, "Wren Hollis");
  const res = await owner.post(`/api/blogs/${blog.id}/automation`, settings);
  expect(res.status).toBe(201);
  return { owner, blog };
}

const postsOf = (blogId: string) => app.db.select().from(posts).where(eq(posts.blogId, blogId));

async function nextRunOf(blogId: string): Promise<Date> {
  const [row] = await app.db
    .select()
    .from(automationSettings)
    .where(eq(automationSettings.blogId, blogId));
  if (!row?.nextRunAt) throw new Error("no next run");
  return row.nextRunAt;
}

describe("content automation", () => {
  it("spreads posts per week over the frequency's period", () => {
    expect(generationInterval("weekly", 7)).toBe(day);
    expect(generationInterval("weekly", 1)).toBe(7 * day);
    expect(generationInterval("biweekly", 7)).toBe(2 * day);
    expect(generationInterval("daily", 1)).toBe(day);
    expect(generationInterval("daily", 14)).toBe(day / 2);
  });

  // Was "takes topics in turn" by a count of generations, wrapping round for ever (issue 32):
  // now the first topic the ledger has not claimed, and none when all are.
  it("takes the first topic the ledger has not claimed, and none when all are", () => {
    expect(pickTopic(["a", "b", "c"], new Set())).toBe("a");
    expect(pickTopic(["Compost tea", "b"], new Set([normalizeTopic("compost  TEA!")]))).toBe("b");
    expect(pickTopic(["a", "b"], new Set(["a", "b"]))).toBeUndefined();
    expect(pickTopic([], new Set())).toBeUndefined();
    expect(trigramSimilarity("balcony tomatos", "Balcony tomatoes")).toBeGreaterThan(0.6);
    expect(trigramSimilarity("worm bins", "Compost tea")).toBeLessThan(0.2);
  });

  it("writes two topics into exactly two posts, then pauses Out of topics", async () => {
    const { owner, blog } = await automatedBlog({
      enabled: true,
      topics: ["Balcony tomatoes", "Rain barrels"],
      postsPerWeek: 7,
    });
    let now = new Date((await nextRunOf(blog.id)).getTime() + 1000);
    for (let run = 0; run < 4; run++) {
      await runAutomation(() => now);
      now = new Date(now.getTime() + day + 1);
      if (run === 0) {
        // The topic is used as soon as its post is saved, not only at the next run.
        const first = await app.db
          .select()
          .from(automationTopics)
          .where(eq(automationTopics.blogId, blog.id));
        expect(first.map((l) => [l.topic, l.status])).toEqual([["Balcony tomatoes", "used"]]);
      }
    }
    const rows = await postsOf(blog.id);
    expect(rows.map((p) => p.title).sort()).toEqual([
      "Balcony tomatoes: A Practical Guide",
      "Rain barrels: A Practical Guide",
    ]);
    const ledger = await app.db
      .select()
      .from(automationTopics)
      .where(eq(automationTopics.blogId, blog.id));
    expect(ledger.map((l) => [l.topic, l.status, l.postId === l.generationId]).sort()).toEqual([
      ["Balcony tomatoes", "used", true],
      ["Rain barrels", "used", true],
    ]);
    const status = await owner.get(`/api/blogs/${blog.id}/automation`);
    expect(status.body.skipReason).toBe(outOfTopics);
    const jobs = await owner.get(`/api/blogs/${blog.id}/jobs`);
    expect(jobs.body.automation).toMatchObject({ state: "out_of_topics", lastError: outOfTopics });

    // A reworded repeat of a used topic is refused, naming the post it would repeat.
    const repeat = await owner.patch(`/api/blogs/${blog.id}/automation`, {
      topics: ["Balcony tomatoes", "Rain barrels", "Growing tomatoes on a balcony"],
    });
    expect(repeat.status).toBe(400);
    expect(repeat.body.code).toBe("topic_too_close");
    expect(repeat.body.message).toContain('"Balcony tomatoes: A Practical Guide"');
    expect(repeat.body.issues.map((i: { path: string }) => i.path)).toEqual(["topics.2"]);
    // A new topic is accepted and written at the next run; the used ones never again.
    const added = await owner.patch(`/api/blogs/${blog.id}/automation`, {
      topics: ["Balcony tomatoes", "Rain barrels", "Worm bins"],
    });
    expect(added.status).toBe(200);
    await runAutomation(() => now);
    expect((await postsOf(blog.id)).map((p) => p.title).sort()).toEqual([
      "Balcony tomatoes: A Practical Guide",
      "Rain barrels: A Practical Guide",
      "Worm bins: A Practical Guide",
    ]);
    const inputs = await app.db
      .select({ input: aiGenerations.input })
      .from(aiGenerations)
      .where(eq(aiGenerations.blogId, blog.id));
    expect(inputs.map((g) => (g.input as { topic: string }).topic).sort()).toEqual([
      "Balcony tomatoes",
      "Rain barrels",
      "Worm bins",
    ]);
  });

  it("generates on its cadence, publishes when auto-publish is on, and never repeats a run", async () => {
    const { blog } = await automatedBlog({
      enabled: true,
      topics: ["Compost tea", "Worm bins"],
      postsPerWeek: 7,
    });
    let now = new Date((await nextRunOf(blog.id)).getTime() + 1000);
    const clock = () => now;
    const first = (await runAutomation(clock)).filter((m) => m.blogId === blog.id);
    expect(first).toHaveLength(1);
    // Same moment again (a restart right after): nothing more.
    expect((await runAutomation(clock)).filter((m) => m.blogId === blog.id)).toHaveLength(0);
    now = new Date(now.getTime() + day / 2);
    expect((await runAutomation(clock)).filter((m) => m.blogId === blog.id)).toHaveLength(0);
    now = new Date(now.getTime() + day / 2 + 1);
    expect((await runAutomation(clock)).filter((m) => m.blogId === blog.id)).toHaveLength(1);
    const rows = await postsOf(blog.id);
    expect(rows.map((p) => [p.title, p.status, p.source, p.reviewReasons]).sort()).toEqual([
      ["Compost tea: A Practical Guide", "published", "ai", null],
      ["Worm bins: A Practical Guide", "published", "ai", null],
    ]);
    // Each model call is recorded against the post it wrote.
    const usage = await app.db.select().from(aiUsage).where(eq(aiUsage.blogId, blog.id));
    expect(new Set(usage.map((u) => `${u.kind} ${u.postId}`))).toEqual(
      new Set(rows.map((p) => `automation ${p.id}`)),
    );
    expect(usage.length).toBeGreaterThan(2 * 6);
    const [after] = await app.db
      .select()
      .from(automationSettings)
      .where(eq(automationSettings.blogId, blog.id));
    expect(after?.lastGeneratedAt?.getTime()).toBe(now.getTime());
    expect(after?.nextRunAt?.getTime()).toBe(now.getTime() + day);
  });

  it("writes each topic with its own length, tone, category and sources", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const category = await createCategory(owner, blog.id, { name: "Teas" });
    const res = await owner.post(`/api/blogs/${blog.id}/automation`, {
      enabled: true,
      topics: ["Compost tea"],
      topicDetails: [
        {
          topic: "Compost tea",
          length: "short",
          tone: "casual",
          categoryId: category.id,
          notes: ["We brewed compost tea for 24 hours with an aquarium pump."],
        },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.topicDetails[0]).toMatchObject({ length: "short", categoryId: category.id });
    const bad = await owner.patch(`/api/blogs/${blog.id}/automation`, {
      topicDetails: [{ topic: "Compost tea", categoryId: "not-a-category", urls: ["ftp://x"] }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path)).toEqual(["topicDetails.0.urls.0"]);
    const now = new Date((await nextRunOf(blog.id)).getTime() + 1000);
    await runAutomation(() => now);
    const [post] = await postsOf(blog.id);
    expect(post?.categoryId).toBe(category.id);
    const [generation] = await app.db
      .select()
      .from(aiGenerations)
      .where(eq(aiGenerations.blogId, blog.id));
    expect(generation?.input).toMatchObject({ length: "short", tone: "casual", category: "Teas" });
    // The owner's note is a source the writer was given.
    const result = generation?.result as { sources: { kind: string; text: string }[] };
    expect(result.sources).toEqual([
      expect.objectContaining({
        kind: "owner-note",
        text: "We brewed compost tea for 24 hours with an aquarium pump.",
      }),
    ]);
  });

  it("leaves posts under review without auto-publish, and commits a run only once when two race", async () => {
    const { blog } = await automatedBlog({
      enabled: true,
      topics: ["Seed saving"],
      autoPublish: false,
    });
    const now = new Date((await nextRunOf(blog.id)).getTime() + 1000);
    await Promise.all([runAutomation(() => now), runAutomation(() => now)]);
    await app.generations.idle();
    const rows = await postsOf(blog.id);
    expect(rows.map((p) => p.status)).toEqual(["under_review"]);
  });

  it("keeps going when one blog fails, and writes that blog's topic again at the next run", async () => {
    const good = await automatedBlog({ enabled: true, topics: ["Good topic"] });
    const bad = await automatedBlog({ enabled: true, topics: ["Explosive topic"] });
    const now = new Date(Date.now() + 60_000);
    const started = await runAutomation(() => now);
    expect(started.map((m) => m.blogId)).toEqual(
      expect.arrayContaining([good.blog.id, bad.blog.id]),
    );
    expect(await postsOf(good.blog.id)).toHaveLength(1);
    expect(await postsOf(bad.blog.id)).toHaveLength(0);
    const [settings] = await app.db
      .select()
      .from(automationSettings)
      .where(eq(automationSettings.blogId, bad.blog.id));
    expect(settings?.skipReason).toBe(
      "The last post could not be written: The AI provider failed. Automation tries again within a minute.",
    );
    // Due again at once, with the same topic.
    expect((await nextRunOf(bad.blog.id)).getTime()).toBeLessThanOrEqual(Date.now());
    const retried = await runAutomation(() => new Date(Date.now() + 120_000));
    expect(retried.map((m) => m.blogId)).toContain(bad.blog.id);
    const attempts = await app.db
      .select({ input: aiGenerations.input })
      .from(aiGenerations)
      .where(eq(aiGenerations.blogId, bad.blog.id));
    expect(attempts.map((a) => (a.input as { topic: string }).topic)).toEqual([
      "Explosive topic",
      "Explosive topic",
    ]);
    // Each failure gave the topic back to the ledger as it failed.
    await runAutomation(() => new Date(Date.now() + 180_000));
    const ledger = await app.db
      .select()
      .from(automationTopics)
      .where(eq(automationTopics.blogId, bad.blog.id));
    expect(ledger).toEqual([]);
  });
});
