import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBlog, createOwner } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** The settings a blog has until its owner changes them (the defaults every blog starts with, switched off). */
const specDefaults = {
  enabled: false,
  lastGeneratedAt: null,
  nextRunAt: null,
  niche: null,
  postingFrequency: "weekly",
  postsPerWeek: 3,
  autoPublish: true,
  topics: [],
  topicDetails: [],
  skipReason: null,
};

describe("content automation settings", () => {
  it("answers the defaults before any are saved, then creates with the spec's defaults and updates", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    // A new blog has no settings yet: the defaults, marked unsaved, not a 404 (decision 354).
    const before = await owner.get(`/api/blogs/${blog.id}/automation`);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ blogId: blog.id, configured: false, ...specDefaults });
    // Updating what was never saved is still refused: the first save creates.
    expect((await owner.patch(`/api/blogs/${blog.id}/automation`, { enabled: false })).status).toBe(
      404,
    );
    const stranger = await createOwner(app);
    expect((await stranger.get(`/api/blogs/${blog.id}/automation`)).status).toBe(404);
    const created = await owner.post(`/api/blogs/${blog.id}/automation`, { enabled: false });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ blogId: blog.id, configured: true, ...specDefaults });
    expect((await owner.post(`/api/blogs/${blog.id}/automation`, { enabled: false })).status).toBe(
      409,
    );
    const enabled = await owner.patch(`/api/blogs/${blog.id}/automation`, {
      enabled: true,
      niche: " ",
      topics: ["compost", "  ", "seed saving"],
      postingFrequency: "daily",
      postsPerWeek: 7,
      autoPublish: false,
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({
      enabled: true,
      niche: null,
      topics: ["compost", "seed saving"],
      postingFrequency: "daily",
      postsPerWeek: 7,
      autoPublish: false,
    });
    expect(Date.parse(enabled.body.nextRunAt)).not.toBeNaN();
    expect((await owner.get(`/api/blogs/${blog.id}/automation`)).body).toEqual(enabled.body);
  });

  it("validates every field and refuses enabling without topics", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const bad = await owner.post(`/api/blogs/${blog.id}/automation`, {
      enabled: "yes",
      postingFrequency: "hourly",
      postsPerWeek: 15,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path)).toEqual([
      "enabled",
      "postingFrequency",
      "postsPerWeek",
    ]);
    expect(bad.body.issues[2].message).toBe("Number must be less than or equal to 14");
    const noTopics = await owner.post(`/api/blogs/${blog.id}/automation`, {
      enabled: true,
      topics: [],
    });
    expect(noTopics.status).toBe(400);
    expect(noTopics.body.issues).toEqual([
      { path: "topics", message: "Add at least one topic to enable automation" },
    ]);
    await owner.post(`/api/blogs/${blog.id}/automation`, { enabled: false });
    const stillNone = await owner.patch(`/api/blogs/${blog.id}/automation`, { enabled: true });
    expect(stillNone.status).toBe(400);
    expect((await owner.get(`/api/blogs/${blog.id}/automation`)).body.enabled).toBe(false);
  });
});
