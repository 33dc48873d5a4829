import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AiProvider } from "../ai/provider.ts";
import { aiUsage, automationSettings, posts } from "../db/schema.ts";
import { generationInterval } from "../features/automation/service.ts";
import { offlineProvider, passingArticle, testGate } from "../test/ai.ts";
import { createBlog, createOwner } from "../test/factories.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { pickTopic, runDueAutomation } from "./content-automation.ts";

const day = 24 * 60 * 60 * 1000;
const offline = offlineProvider;
/** A configured model that writes posts the publishing gate lets through. */
const writer: AiProvider = {
  ...offline,
  configured: true,
  model: "test-model",
  generatePost: async (input) => ({
    post: { ...passingArticle(input.topic), source: "ai" },
    usage: { model: "test-model", promptTokens: 100, completionTokens: 900 },
  }),
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function automatedBlog(settings: Record<string, unknown>) {
  const owner = await createOwner(app);
  const blog = await createBlog(owner);
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

  it("takes topics in turn, skipping ones that already have a post", () => {
    expect(pickTopic(["a", "b", "c"], 0, new Set())).toBe("a");
    expect(pickTopic(["a", "b", "c"], 4, new Set())).toBe("b");
    expect(pickTopic(["a", "b", "c"], 0, new Set(["a"]))).toBe("b");
    expect(pickTopic([], 0, new Set())).toBeUndefined();
  });

  it("generates on its cadence, publishes when auto-publish is on, and never repeats a run", async () => {
    const { blog } = await automatedBlog({
      enabled: true,
      topics: ["Compost tea", "Worm bins"],
      postsPerWeek: 7,
    });
    let now = new Date((await nextRunOf(blog.id)).getTime() + 1000);
    const published: string[] = [];
    const deps = {
      db: app.db,
      ai: testGate(app.db, writer),
      clock: () => now,
      contentEvents: {
        blogChanged: (_id: string, change: { postIds?: string[] }) =>
          void published.push(...(change.postIds ?? [])),
      },
    };
    const first = (await runDueAutomation(deps)).filter((m) => m.blogId === blog.id);
    expect(first).toHaveLength(1);
    // Same moment again (a restart right after): nothing more.
    expect((await runDueAutomation(deps)).filter((m) => m.blogId === blog.id)).toHaveLength(0);
    now = new Date(now.getTime() + day / 2);
    expect((await runDueAutomation(deps)).filter((m) => m.blogId === blog.id)).toHaveLength(0);
    now = new Date(now.getTime() + day / 2 + 1);
    expect((await runDueAutomation(deps)).filter((m) => m.blogId === blog.id)).toHaveLength(1);
    const rows = await postsOf(blog.id);
    expect(rows.map((p) => [p.title, p.status, p.source, p.reviewReasons]).sort()).toEqual([
      ["Compost tea: what to know", "published", "ai", null],
      ["Worm bins: what to know", "published", "ai", null],
    ]);
    expect(published.sort()).toEqual(rows.map((p) => p.id).sort());
    // Each model call is recorded against the post it wrote.
    const usage = await app.db.select().from(aiUsage).where(eq(aiUsage.blogId, blog.id));
    expect(usage.map((u) => [u.kind, u.postId]).sort()).toEqual(
      rows.map((p) => ["automation", p.id]).sort(),
    );
    const [after] = await app.db
      .select()
      .from(automationSettings)
      .where(eq(automationSettings.blogId, blog.id));
    expect(after?.lastGeneratedAt?.getTime()).toBe(now.getTime());
    expect(after?.nextRunAt?.getTime()).toBe(now.getTime() + day);
  });

  it("leaves posts under review without auto-publish, and commits a run only once when two race", async () => {
    const { blog } = await automatedBlog({
      enabled: true,
      topics: ["Seed saving"],
      autoPublish: false,
    });
    const now = new Date((await nextRunOf(blog.id)).getTime() + 1000);
    const deps = {
      db: app.db,
      ai: testGate(app.db, writer),
      clock: () => now,
      contentEvents: { blogChanged: () => {} },
    };
    await Promise.all([runDueAutomation(deps), runDueAutomation(deps)]);
    const rows = await postsOf(blog.id);
    expect(rows.map((p) => p.status)).toEqual(["under_review"]);
  });

  it("keeps going when one blog fails, and retries that blog later", async () => {
    const good = await automatedBlog({ enabled: true, topics: ["Good topic"] });
    const bad = await automatedBlog({ enabled: true, topics: ["Explosive topic"] });
    const now = new Date(Date.now() + 60_000);
    const failing: AiProvider = {
      ...offline,
      generatePost: async (input: { topic: string }, context: { niche?: string | null }) => {
        if (input.topic === "Explosive topic") throw new Error("model down");
        return offline.generatePost(input as never, context);
      },
    };
    const errors: unknown[] = [];
    const logger = { error: (obj: unknown) => errors.push(obj), info: () => {} } as never;
    const made = await runDueAutomation({
      db: app.db,
      ai: testGate(app.db, failing),
      clock: () => now,
      contentEvents: { blogChanged: () => {} },
      logger,
    });
    expect(made.map((m) => m.blogId)).toContain(good.blog.id);
    expect(made.map((m) => m.blogId)).not.toContain(bad.blog.id);
    expect(errors).toHaveLength(1);
    expect((await nextRunOf(bad.blog.id)).getTime()).toBeLessThan(now.getTime());
    const retried = await runDueAutomation({
      db: app.db,
      ai: testGate(app.db),
      clock: () => now,
      contentEvents: { blogChanged: () => {} },
    });
    expect(retried.map((m) => m.blogId)).toContain(bad.blog.id);
  });
});
