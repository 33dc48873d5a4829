import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogAffiliateClicks } from "../../../contracts/affiliate-links.ts";
import { affiliateClicks } from "../../db/schema.ts";
import { createBlog, createOwner } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { lastDays } from "./clicks.ts";

let app: TestApp;
// Late in the UTC day, so a local-time mistake would shift the window.
let now = new Date("2030-03-30T23:30:00.000Z");
beforeAll(async () => {
  app = await startTestApp({ clock: () => now });
});
afterAll(() => app.close());

async function createLink(owner: TestClient, blogId: string, keyword: string) {
  const res = await owner.post<{ id: string }>("/api/affiliate-links", {
    blogId,
    keyword,
    url: `https://shop.example.com/${keyword}`,
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** Stored clicks as the /go/ redirect records them: link, UTC day and visitor hash. */
async function recordClicks(clicks: [linkId: string, day: string, visitor: string][]) {
  await app.db
    .insert(affiliateClicks)
    .values(clicks.map(([linkId, day, visitorHash]) => ({ linkId, day, visitorHash })));
}

describe("lastDays", () => {
  it("lists the 30 UTC days up to today, oldest first, across a month end", () => {
    const days = lastDays(new Date("2030-03-02T00:10:00.000Z"));
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2030-02-01");
    expect(days.slice(-3)).toEqual(["2030-02-28", "2030-03-01", "2030-03-02"]);
  });
});

describe("GET /api/blogs/{blogId}/affiliate-clicks", () => {
  it("sums the blog's links per day over the last 30 days, zeros filled", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Cast Iron Kitchen");
    const otherBlog = await createBlog(owner, "Pond Life");
    const skillet = await createLink(owner, blog.id, "skillet");
    const dutchOven = await createLink(owner, blog.id, "dutch oven");
    const pump = await createLink(owner, otherBlog.id, "pond pump");
    await recordClicks([
      // Today: visitor v1 twice on one link (1 unique) and once on the other (1 unique).
      [skillet, "2030-03-30", "v1"],
      [skillet, "2030-03-30", "v1"],
      [dutchOven, "2030-03-30", "v1"],
      [dutchOven, "2030-03-30", "v2"],
      // The first day of the window.
      [skillet, "2030-03-01", "v3"],
      // The day before it: outside the window.
      [skillet, "2030-02-28", "v4"],
      // Another blog of the same owner.
      [pump, "2030-03-30", "v5"],
    ]);

    const res = await owner.get<BlogAffiliateClicks>(`/api/blogs/${blog.id}/affiliate-clicks`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["days"]);
    const { days } = res.body;
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: "2030-03-01", clicks: 1, uniqueClicks: 1 });
    expect(days.at(-1)).toEqual({ date: "2030-03-30", clicks: 4, uniqueClicks: 3 });
    expect(days.slice(1, -1).every((d) => d.clicks === 0 && d.uniqueClicks === 0)).toBe(true);
    expect(days.map((d) => d.date)).toEqual(lastDays(now));

    // The per-link figures add up to the blog's.
    const perLink = await Promise.all(
      [skillet, dutchOven].map(
        async (id) =>
          (
            await owner.get<{ days: { day: string; clicks: number; unique: number }[] }>(
              `/api/affiliate-links/${id}/clicks`,
            )
          ).body.days,
      ),
    );
    expect(perLink.map((d) => d.at(-1))).toEqual([
      { day: "2030-03-30", clicks: 2, unique: 1 },
      { day: "2030-03-30", clicks: 2, unique: 2 },
    ]);

    // A day later the window moves on: today's clicks are yesterday's, March 1 has left.
    now = new Date("2030-03-31T00:30:00.000Z");
    try {
      const later = (await owner.get<BlogAffiliateClicks>(`/api/blogs/${blog.id}/affiliate-clicks`))
        .body.days;
      expect(later[0]).toEqual({ date: "2030-03-02", clicks: 0, uniqueClicks: 0 });
      expect(later.at(-2)).toEqual({ date: "2030-03-30", clicks: 4, uniqueClicks: 3 });
      expect(later.at(-1)).toEqual({ date: "2030-03-31", clicks: 0, uniqueClicks: 0 });
    } finally {
      now = new Date("2030-03-30T23:30:00.000Z");
    }
  });

  it("answers 30 empty days for a blog without links", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const res = await owner.get<BlogAffiliateClicks>(`/api/blogs/${blog.id}/affiliate-clicks`);
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(30);
    expect(res.body.days.reduce((sum, d) => sum + d.clicks + d.uniqueClicks, 0)).toBe(0);
  });

  it("answers 404 for another owner's blog or an unknown one, 401 signed out, 400 for a bad id", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const link = await createLink(owner, blog.id, "kettle");
    await recordClicks([[link, "2030-03-30", "v1"]]);

    const stranger = await createOwner(app);
    const theirs = await stranger.get(`/api/blogs/${blog.id}/affiliate-clicks`);
    expect(theirs.status).toBe(404);
    expect(theirs.text).not.toContain("kettle");
    expect((await owner.get("/api/blogs/doesnotexist00000000/affiliate-clicks")).status).toBe(404);
    expect((await app.client().get(`/api/blogs/${blog.id}/affiliate-clicks`)).status).toBe(401);
    const bad = await owner.get(`/api/blogs/${"x".repeat(65)}/affiliate-clicks`);
    expect(bad.status).toBe(400);
  });
});
