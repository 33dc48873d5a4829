import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBlog, createOwner } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe("blogs API", () => {
  it("creates a blog with a slug from its name and the spec's defaults", async () => {
    const owner = await createOwner(app);
    const res = await owner.post("/api/blogs", {
      name: "  Hiking & Trails!  ",
      description: "Weekend walks",
      slug: "chosen-by-client",
      ownerId: "someone-else",
      domainVerified: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-z]{20}$/),
      name: "Hiking & Trails!",
      description: "Weekend walks",
      slug: "hiking-trails",
      subdomain: null,
      customDomain: null,
      domainVerified: false,
      // The Burnt Orange preset, dark enough for white header text (decision 354).
      primaryColor: "#b4531a",
      fontFamily: "IBM Plex Serif",
      logoUrl: null,
      logoMediaId: null,
      aiDisclosure: true,
      reviewBeforePublishing: true,
      writersCanPublish: false,
      role: "owner",
      timeZone: "UTC",
      domainInstructions: null,
      domainClaimExpiresAt: null,
      domainNotice: null,
      createdAt: expect.any(String),
    });
    const list = await owner.get("/api/blogs");
    expect(list.body.map((b: { id: string }) => b.id)).toEqual([res.body.id]);
  });

  it("makes slugs unique across all owners", async () => {
    const a = await createOwner(app);
    const b = await createOwner(app);
    const first = await createBlog(a, "Same Name");
    const second = await createBlog(b, "Same Name");
    const third = await createBlog(a, "Same  name");
    expect([first.slug, second.slug, third.slug]).toEqual([
      "same-name",
      "same-name-2",
      "same-name-3",
    ]);
    const symbols = await createBlog(a, "!!!");
    expect(symbols.slug).toMatch(/^blog(-\d+)?$/);
  });

  it("lists only the owner's blogs, oldest first", async () => {
    const owner = await createOwner(app);
    const other = await createOwner(app);
    const one = await createBlog(owner, "One");
    await createBlog(other, "Theirs");
    const two = await createBlog(owner, "Two");
    const res = await owner.get("/api/blogs");
    expect(res.status).toBe(200);
    expect(res.body.map((b: { id: string }) => b.id)).toEqual([one.id, two.id]);
  });

  it("answers one blog to its owner and 404 to anyone else", async () => {
    const owner = await createOwner(app);
    const other = await createOwner(app);
    const blog = await createBlog(owner, "Mine");
    expect((await owner.get(`/api/blogs/${blog.id}`)).body).toEqual(blog);
    const foreign = await other.get(`/api/blogs/${blog.id}`);
    const missing = await other.get("/api/blogs/doesnotexist0000000");
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body).toEqual({ code: "not_found", message: "Blog not found" });
  });

  it("validates with the spec's messages and lists every problem", async () => {
    const owner = await createOwner(app);
    const missing = await owner.post("/api/blogs", {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      code: "validation_failed",
      message: "name: Blog name is required",
      issues: [{ path: "name", message: "Blog name is required" }],
    });
    const blank = await owner.post("/api/blogs", { name: "   " });
    expect(blank.body.issues).toEqual([{ path: "name", message: "Blog name is required" }]);
    const long = await owner.post("/api/blogs", {
      name: "x".repeat(101),
      description: "d".repeat(501),
    });
    expect(long.status).toBe(400);
    expect(long.body.issues).toEqual([
      { path: "name", message: "String must contain at most 100 character(s)" },
      { path: "description", message: "String must contain at most 500 character(s)" },
    ]);
    const wrongTypes = await owner.post("/api/blogs", { name: 42, description: ["x"] });
    expect(wrongTypes.body.issues).toEqual([
      { path: "name", message: "Expected string" },
      { path: "description", message: "Expected string" },
    ]);
    expect((await owner.get("/api/blogs")).body).toEqual([]);
  });

  it("needs a signed-in owner", async () => {
    const anonymous = app.client();
    expect((await anonymous.get("/api/blogs")).status).toBe(401);
    expect((await anonymous.post("/api/blogs", { name: "x" })).status).toBe(401);
  });
});
