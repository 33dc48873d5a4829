import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FleetRisk } from "../../contracts/fleet.ts";
import { automationSettings, blogs, posts, users } from "../db/schema.ts";
import {
  defaultFleetLimits,
  fleetBlogOf,
  fleetLimitReasons,
  lockOwnerFleet,
  rampCapOf,
} from "../features/automation/fleet-limits.ts";
import { runWeeklyBlogIdeas } from "../features/blog-recommendations/service.ts";
import { createBlog, createOwner, createPublishedPost } from "../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../test/harness.ts";
import { scriptedWriter } from "../test/writer-model.ts";
import { runDueAutomation } from "./content-automation.ts";

const day = 24 * 60 * 60 * 1000;
const weeklyCap = 4;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    ai: scriptedWriter(),
    env: { AI_CALLS_PER_MINUTE: "10000", AUTO_PUBLISH_WEEKLY_CAP: String(weeklyCap) },
  });
});
afterAll(() => app.close());

async function runAutomation(now: Date) {
  const started = await runDueAutomation({
    db: app.db,
    ai: app.aiGate,
    clock: () => now,
    generations: app.generations,
  });
  await app.generations.idle();
  return started;
}

async function withPersona(owner: TestClient, blogId: string) {
  const voice = await owner.put(`/api/blogs/${blogId}/voice`, { personaName: "Ana Gardener" });
  expect(voice.status, voice.text).toBe(200);
}

async function automate(owner: TestClient, blogId: string, topics: string[]) {
  await withPersona(owner, blogId);
  const res = await owner.post(`/api/blogs/${blogId}/automation`, {
    enabled: true,
    topics,
    postsPerWeek: 7,
  });
  expect(res.status, res.text).toBe(201);
}

async function latestDue(blogIds: string[]): Promise<Date> {
  const rows = await app.db
    .select({ nextRunAt: automationSettings.nextRunAt })
    .from(automationSettings)
    .where(inArray(automationSettings.blogId, blogIds));
  return new Date(Math.max(...rows.map((r) => r.nextRunAt?.getTime() ?? 0)) + 1000);
}

const topics = [
  "Balcony tomatoes",
  "Rain barrels",
  "Worm bins",
  "Compost tea",
  "Seed saving",
  "Raised beds",
  "Drip irrigation",
  "Cold frames",
  "Companion planting",
  "Mulching paths",
];

describe("fleet limits", () => {
  it("holds the weekly fleet cap when automation on ten blogs finishes at once", async () => {
    const owner = await createOwner(app);
    const ids: string[] = [];
    for (const topic of topics) {
      const blog = await createBlog(owner);
      await automate(owner, blog.id, [topic]);
      ids.push(blog.id);
    }
    const started = await runAutomation(await latestDue(ids));
    expect(started.filter((s) => ids.includes(s.blogId))).toHaveLength(10);
    const rows = await app.db.select().from(posts).where(inArray(posts.blogId, ids));
    expect(rows).toHaveLength(10);
    const published = rows.filter((p) => p.status === "published");
    expect(published).toHaveLength(weeklyCap);
    expect(published.every((p) => p.autoPublished)).toBe(true);
    const held = rows.filter((p) => p.status !== "published");
    // Held for the cap alone: every other check passed.
    expect(held.map((p) => p.reviewReasons?.map((r) => r.id))).toEqual(
      Array.from({ length: 10 - weeklyCap }, () => ["fleet-cap"]),
    );
    expect(held[0]?.reviewReasons?.[0]?.reason).toContain(`the cap is ${weeklyCap}`);
  });

  it("serializes the cap check per owner: ten transactions at once publish only up to the cap", async () => {
    const owner = await createOwner(app);
    const ownerId = (await owner.get("/api/auth/user")).body.id as string;
    const blogIds = [];
    for (let i = 0; i < 10; i++) blogIds.push((await createBlog(owner)).id);
    const now = new Date(Date.now() + 60 * day);
    const limits = { ...defaultFleetLimits, weeklyCap };
    const outcomes = await Promise.all(
      blogIds.map((blogId, i) =>
        app.db.transaction(async (tx) => {
          await lockOwnerFleet(tx, ownerId);
          const reasons = await fleetLimitReasons(tx, limits, await fleetBlogOf(tx, blogId), now);
          // Slow work between the count and the write, where an unserialized check would race.
          await new Promise((resolve) => setTimeout(resolve, 30));
          if (reasons.length > 0) return reasons.map((r) => r.id).join();
          await tx.insert(posts).values({
            blogId,
            title: `Raced ${i}`,
            slug: `raced-${i}`,
            source: "ai",
            status: "published",
            publishedAt: now,
            autoPublished: true,
          });
          return "published";
        }),
      ),
    );
    expect(outcomes.filter((o) => o === "published")).toHaveLength(weeklyCap);
    expect(outcomes.filter((o) => o === "fleet-cap")).toHaveLength(10 - weeklyCap);
  });

  it("ramps a new blog up: its third post in the first week waits", async () => {
    expect(
      rampCapOf(
        { weeklyCap: 20, ramp: [2, 3, 5, 5], aiBlogApprovedPosts: 3 },
        new Date(0),
        new Date(8 * day),
      ),
    ).toBe(3);
    expect(
      rampCapOf(
        { weeklyCap: 20, ramp: [2, 3, 5, 5], aiBlogApprovedPosts: 3 },
        new Date(0),
        new Date(29 * day),
      ),
    ).toBeNull();
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    await automate(owner, blog.id, ["Pruning roses", "Hedge planting", "Pond liners"]);
    let now = await latestDue([blog.id]);
    for (let run = 0; run < 3; run++) {
      await runAutomation(now);
      now = new Date(now.getTime() + day + 1);
    }
    const rows = await app.db
      .select()
      .from(posts)
      .where(eq(posts.blogId, blog.id))
      .orderBy(posts.createdAt);
    expect(rows.map((p) => p.status)).toEqual(["published", "published", "under_review"]);
    expect(rows[2]?.reviewReasons?.map((r) => r.id)).toEqual(["new-blog-ramp"]);
    expect(rows[2]?.reviewReasons?.[0]?.reason).toContain("at most 2 posts a week");
  });

  it("keeps maximum trust on a leash: an AI-created blog's first post waits, two such blogs a month", async () => {
    const owner = await createOwner(app);
    const ownerId = (await owner.get("/api/auth/user")).body.id as string;
    await app.db.update(users).set({ maximumTrust: true }).where(eq(users.id, ownerId));
    let now = new Date();
    const deps = { db: app.db, ai: app.aiGate, clock: () => now };
    await runWeeklyBlogIdeas(deps);
    const aiBlogsOf = async () =>
      (await app.db.select().from(blogs).where(eq(blogs.ownerId, ownerId))).filter(
        (b) => b.createdByAi,
      );
    const [aiBlog] = await aiBlogsOf();
    if (!aiBlog) throw new Error("no AI-created blog");
    await withPersona(owner, aiBlog.id);
    await runAutomation(await latestDue([aiBlog.id]));
    const [firstPost] = await app.db.select().from(posts).where(eq(posts.blogId, aiBlog.id));
    expect(firstPost?.status).toBe("under_review");
    expect(firstPost?.reviewReasons?.map((r) => r.id)).toEqual(["ai-blog-approval"]);
    expect(firstPost?.reviewReasons?.[0]?.reason).toContain("first 3 posts wait for your approval");
    // Weekly runs go on: a second blog a week later, none in the third week (two in 30 days).
    for (const week of [1, 2]) {
      now = new Date(Date.now() + week * 8 * day);
      await runWeeklyBlogIdeas(deps);
    }
    expect(await aiBlogsOf()).toHaveLength(2);
  });

  it("shows a near-duplicate pair across two blogs in the risk view", async () => {
    const owner = await createOwner(app);
    const other = await createOwner(app);
    const a = await createBlog(owner, "Garden Notes");
    const b = await createBlog(owner, "Balcony Life");
    const c = await createBlog(other, "Someone Else");
    const body = Array.from(
      { length: 12 },
      (_, i) =>
        `<p>Paragraph ${i} explains how a balcony tomato plant needs deep pots, steady water and a sunny wall to ripen fruit number ${i}.</p>`,
    ).join("");
    const create = async (client: TestClient, blogId: string, title: string, content: string) =>
      (await createPublishedPost(client, blogId, { title, content })).id;
    const first = await create(owner, a.id, "Tomatoes on a balcony", body);
    const copy = await create(owner, b.id, "Balcony tomatoes again", body);
    await create(owner, a.id, "Rain barrels", "<p>Something else entirely about water.</p>");
    // Another owner's copy is none of this owner's business.
    await create(other, c.id, "Copied elsewhere", body);
    const res = await owner.get<FleetRisk>("/api/fleet/risk");
    expect(res.status).toBe(200);
    expect(res.body.nearDuplicates).toHaveLength(1);
    const [pair] = res.body.nearDuplicates;
    expect(new Set([pair?.a.postId, pair?.b.postId])).toEqual(new Set([first, copy]));
    expect(pair?.similarity).toBe(1);
    const byName = new Map(res.body.blogs.map((blog) => [blog.name, blog]));
    expect(byName.get("Garden Notes")?.nearDuplicates).toBe(1);
    expect(byName.get("Garden Notes")?.warnings.join(" ")).toContain(
      "repeats a post on another of your blogs",
    );
    expect(byName.get("Garden Notes")?.postsPerWeek).toEqual([2, 0, 0, 0]);
    expect(byName.get("Balcony Life")?.nearDuplicates).toBe(1);
    expect(byName.has("Someone Else")).toBe(false);
    expect((await app.client().get("/api/fleet/risk")).status).toBe(401);
  });
});
