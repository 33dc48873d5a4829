import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../../contracts/limits.ts";
import { publicBioTooLong, publicNameTooLong } from "../../../contracts/profile.ts";
import { recordContentEvents } from "../../test/content-events.ts";
import { createBlog, createOwner } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

const { events: recorder, changes } = recordContentEvents();

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ contentEvents: recorder });
});
afterAll(() => app.close());

describe("public profile API", () => {
  it("starts empty, saves a trimmed name and bio, and keeps an absent field", async () => {
    const owner = await createOwner(app);
    expect((await owner.get("/api/auth/profile")).body).toEqual({ displayName: null, bio: null });

    const saved = await owner.patch("/api/auth/profile", {
      displayName: "  Rowan Vale ",
      bio: " Tide pools and shorelines. ",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ displayName: "Rowan Vale", bio: "Tide pools and shorelines." });

    const nameOnly = await owner.patch("/api/auth/profile", { displayName: "R. Vale" });
    expect(nameOnly.body).toEqual({ displayName: "R. Vale", bio: "Tide pools and shorelines." });
    expect((await owner.get("/api/auth/profile")).body).toEqual(nameOnly.body);
  });

  it("clears a field sent blank or null, so the blog's name is the byline again", async () => {
    const owner = await createOwner(app);
    await owner.patch("/api/auth/profile", { displayName: "Someone", bio: "Bio" });
    const cleared = await owner.patch("/api/auth/profile", { displayName: "   ", bio: null });
    expect(cleared.body).toEqual({ displayName: null, bio: null });
  });

  it("refuses bad input listing every problem, and changes nothing", async () => {
    const owner = await createOwner(app);
    await owner.patch("/api/auth/profile", { displayName: "Kept", bio: "Kept bio" });
    const res = await owner.patch("/api/auth/profile", {
      displayName: "x".repeat(limits.publicName + 1),
      bio: "y".repeat(limits.publicBio + 1),
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: "displayName", message: publicNameTooLong },
      { path: "bio", message: publicBioTooLong },
    ]);
    const wrongType = await owner.patch("/api/auth/profile", { displayName: 42, bio: ["a"] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.issues.map((i: { path: string }) => i.path)).toEqual([
      "displayName",
      "bio",
    ]);
    expect((await owner.get("/api/auth/profile")).body).toEqual({
      displayName: "Kept",
      bio: "Kept bio",
    });
    // Exactly at the limits is fine.
    const atLimit = await owner.patch("/api/auth/profile", {
      displayName: "x".repeat(limits.publicName),
      bio: "y".repeat(limits.publicBio),
    });
    expect(atLimit.status).toBe(200);
  });

  it("needs a signed-in user", async () => {
    const anonymous = app.client();
    expect((await anonymous.get("/api/auth/profile")).status).toBe(401);
    expect((await anonymous.patch("/api/auth/profile", { displayName: "X" })).status).toBe(401);
  });

  it("re-renders every blog of the owner (only theirs) when the profile changes, and none when nothing changed", async () => {
    const owner = await createOwner(app);
    const first = await createBlog(owner);
    const second = await createBlog(owner);
    const other = await createBlog(await createOwner(app));
    changes.length = 0;
    await owner.patch("/api/auth/profile", { displayName: "Pen Name" });
    expect(changes).toEqual([
      { blogId: first.id, change: { full: true } },
      { blogId: second.id, change: { full: true } },
    ]);
    expect(changes.some((c) => c.blogId === other.id)).toBe(false);

    changes.length = 0;
    await owner.patch("/api/auth/profile", { displayName: "Pen Name" });
    expect(changes).toEqual([]);
  });

  it("leaves the provider's profile fields as they are", async () => {
    const owner = await createOwner(app);
    const before = (await owner.get("/api/auth/user")).body;
    await owner.patch("/api/auth/profile", {
      displayName: "Pen Name",
      firstName: "Mallory",
      email: "x@evil.test",
    });
    expect((await owner.get("/api/auth/user")).body).toEqual(before);
  });
});
