import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { automationSettings, blogs, users } from "../../db/schema.ts";
import { testGate } from "../../test/ai.ts";
import { createOwner } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { runWeeklyBlogIdeas } from "./service.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe("blog ideas", () => {
  it("proposes ideas, approves one into a blog with automation on, rejects another, and refuses a second decision", async () => {
    const owner = await createOwner(app);
    const generated = await owner.post("/api/blog-recommendations/generate");
    expect(generated.status).toBe(201);
    expect(generated.body).toHaveLength(3);
    expect(generated.body[0]).toMatchObject({
      status: "pending",
      source: "offline",
      suggestedName: "Balcony Harvest",
    });
    const [first, second] = generated.body;

    const approved = await owner.post(`/api/blog-recommendations/${first.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.blog).toMatchObject({
      name: "Balcony Harvest",
      slug: expect.stringMatching(/^balcony-harvest/),
    });
    expect(approved.body.recommendation).toMatchObject({
      status: "approved",
      createdBlogId: approved.body.blog.id,
    });
    const automation = await owner.get(`/api/blogs/${approved.body.blog.id}/automation`);
    expect(automation.body).toMatchObject({
      enabled: true,
      niche: "Small-space vegetable gardening",
    });
    expect(automation.body.topics).toContain("Best vegetables for a balcony");
    expect(Date.parse(automation.body.nextRunAt) - Date.now()).toBeLessThanOrEqual(60_000);

    const rejected = await owner.post(`/api/blog-recommendations/${second.id}/reject`);
    expect(rejected.body.status).toBe("rejected");
    for (const [id, action] of [
      [first.id, "reject"],
      [second.id, "approve"],
    ]) {
      const again = await owner.post(`/api/blog-recommendations/${id}/${action}`);
      expect(again.status).toBe(409);
    }
    // Never the same idea twice.
    const more = await owner.post("/api/blog-recommendations/generate");
    const names = [...generated.body, ...more.body].map(
      (i: { suggestedName: string }) => i.suggestedName,
    );
    expect(new Set(names).size).toBe(names.length);
    expect((await owner.get("/api/blog-recommendations")).body).toHaveLength(names.length);
    // Another owner sees none of it.
    const stranger = await createOwner(app);
    expect((await stranger.get("/api/blog-recommendations")).body).toEqual([]);
    expect(
      (await stranger.post(`/api/blog-recommendations/${more.body[0].id}/approve`)).status,
    ).toBe(404);
  });

  it("proposes weekly and, in maximum-trust mode, creates at most one blog a week itself", async () => {
    const careful = await createOwner(app);
    const trusting = await createOwner(app);
    const trustingId = (await trusting.get("/api/auth/user")).body.id as string;
    expect((await trusting.patch("/api/account/settings", { maximumTrust: true })).body).toEqual({
      maximumTrust: true,
    });
    let now = new Date();
    const deps = { db: app.db, ai: testGate(app.db), clock: () => now };
    await runWeeklyBlogIdeas(deps);
    await runWeeklyBlogIdeas(deps);
    const carefulIdeas = (await careful.get("/api/blog-recommendations")).body;
    expect(carefulIdeas).toHaveLength(3);
    expect(carefulIdeas.every((i: { status: string }) => i.status === "pending")).toBe(true);
    const trustingIdeas = (await trusting.get("/api/blog-recommendations")).body;
    expect(trustingIdeas.filter((i: { autoApproved: boolean }) => i.autoApproved)).toHaveLength(1);
    const aiBlogs = await app.db.select().from(blogs).where(eq(blogs.ownerId, trustingId));
    expect(aiBlogs.filter((b) => b.createdByAi)).toHaveLength(1);
    const settings = await app.db
      .select()
      .from(automationSettings)
      .where(eq(automationSettings.blogId, aiBlogs[0]?.id as string));
    expect(settings[0]?.enabled).toBe(true);
    // A week later: new ideas, and (blogs made a week ago no longer count) one more blog at most.
    now = new Date(now.getTime() + 8 * 24 * 60 * 60 * 1000);
    await app.db.update(users).set({ maximumTrust: true }).where(eq(users.id, trustingId));
    await runWeeklyBlogIdeas(deps);
    expect((await careful.get("/api/blog-recommendations")).body.length).toBeGreaterThan(3);
  });
});
