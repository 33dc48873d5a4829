import { describe, expect, it } from "vitest";
import { testAppForFile } from "../../test/app-per-file.ts";
import {
  createBlog,
  createCategory,
  createPost,
  createPublishedPost,
} from "../../test/factories.ts";

const { newOwner } = testAppForFile();

describe("AI affiliate program recommendations (offline catalogue)", () => {
  it("finds programs that suit the blog, never the same one twice", async () => {
    const owner = await newOwner();
    const blog = await createBlog(owner, "Trail Notes", "Hiking and outdoor trips");
    await createCategory(owner, blog.id, { name: "Camping", slug: "camping" });
    const first = await owner.post(`/api/blogs/${blog.id}/affiliate-recommendations/generate`);
    expect(first.status).toBe(201);
    expect(first.body).toHaveLength(5);
    expect(first.body[0]).toMatchObject({ status: "pending", source: "offline", blogId: blog.id });
    expect(first.body[0].programName).toBe("REI Affiliate Program");
    expect(first.body[0].reasoning).toMatch(
      /^Offline suggestion: a general program that suits blogs about /,
    );
    for (const rec of first.body) expect(rec.signupUrl).toMatch(/^https:\/\//);
    const second = await owner.post(`/api/blogs/${blog.id}/affiliate-recommendations/generate`);
    const names = [...first.body, ...second.body].map(
      (r: { programName: string }) => r.programName,
    );
    expect(new Set(names).size).toBe(names.length);
    const pending = await owner.get(
      `/api/blogs/${blog.id}/affiliate-recommendations?status=pending`,
    );
    expect(pending.body).toHaveLength(names.length);
  });

  it("approves or rejects only pending recommendations", async () => {
    const owner = await newOwner();
    const blog = await createBlog(owner);
    const [a, b] = (await owner.post(`/api/blogs/${blog.id}/affiliate-recommendations/generate`))
      .body;
    const approved = await owner.patch(`/api/affiliate-recommendations/${a.id}`, {
      status: "approved",
    });
    expect(approved.body.status).toBe("approved");
    const again = await owner.patch(`/api/affiliate-recommendations/${a.id}`, {
      status: "rejected",
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This recommendation was already approved.");
    expect(
      (await owner.patch(`/api/affiliate-recommendations/${b.id}`, { status: "pending" })).status,
    ).toBe(400);
    await owner.patch(`/api/affiliate-recommendations/${b.id}`, { status: "rejected" });
    const list = (await owner.get(`/api/blogs/${blog.id}/affiliate-recommendations`)).body;
    const counts = Object.fromEntries(
      ["pending", "approved", "rejected"].map((s) => [
        s,
        list.filter((r: { status: string }) => r.status === s).length,
      ]),
    );
    expect(counts).toEqual({ pending: 3, approved: 1, rejected: 1 });
    expect(
      (await owner.get(`/api/blogs/${blog.id}/affiliate-recommendations?status=bogus`)).status,
    ).toBe(400);
  });

  it("suggests link keywords from the blog's published posts, never the program's name", async () => {
    const owner = await newOwner();
    const blog = await createBlog(owner, "Muddy Miles", "Trail running gear");
    for (const title of ["Trail running shoes for mud", "Cleaning trail running shoes"])
      await createPublishedPost(owner, blog.id, {
        title,
        content: "<p>Good trail running shoes grip. Hydration vest or belt?</p>",
      });
    // A draft's words are not linked, so they are not suggested.
    await createPost(owner, blog.id, {
      title: "Compression socks",
      content: "<p>Compression socks, compression socks.</p>",
    });
    const [program] = (await owner.post(`/api/blogs/${blog.id}/affiliate-recommendations/generate`))
      .body;
    const res = await owner.get(`/api/affiliate-recommendations/${program.id}/keywords`);
    expect(res.status).toBe(200);
    expect(res.body.keywords[0]).toBe("trail running shoes");
    expect(res.body.keywords).not.toContain("compression socks");
    for (const keyword of res.body.keywords)
      expect(keyword).not.toContain(program.programName.toLowerCase());

    // Once linked, a keyword is no longer offered.
    await owner.post("/api/affiliate-links", {
      blogId: blog.id,
      keyword: "trail running shoes",
      url: "https://example.com/shoes",
    });
    const after = await owner.get(`/api/affiliate-recommendations/${program.id}/keywords`);
    expect(after.body.keywords).not.toContain("trail running shoes");

    const stranger = await newOwner();
    expect(
      (await stranger.get(`/api/affiliate-recommendations/${program.id}/keywords`)).status,
    ).toBe(404);
    expect((await owner.get("/api/affiliate-recommendations/nothing-here/keywords")).status).toBe(
      404,
    );
  });
});
