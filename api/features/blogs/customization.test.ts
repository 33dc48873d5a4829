import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaults } from "../../../contracts/limits.ts";
import { createBlog, createOwner, createPost } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ publishing: true });
});
afterAll(() => app.close());

describe("blog customization", () => {
  it("saves colour, font and logo and re-renders the public blog with them", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Colourful");
    const post = await createPost(owner, blog.id, { title: "Hello readers" });
    await owner.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
    await owner.patch(`/api/posts/${post.id}/status`, { status: "published" });
    await app.publishing?.queue.onIdle();

    const res = await owner.patch(`/api/blogs/${blog.id}/customization`, {
      primaryColor: "#2563EB",
      fontFamily: "Inter",
      logoUrl: "https://cdn.example.com/logo.png",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      primaryColor: "#2563eb",
      fontFamily: "Inter",
      logoUrl: "https://cdn.example.com/logo.png",
    });
    await app.publishing?.queue.onIdle();
    const page = await (await fetch(`${app.baseUrl}/blog/${blog.slug}/post/${post.slug}`)).text();
    expect(page).toContain("--primary: #2563eb");
    expect(page).toContain("--font: Inter,");
    expect(page).toContain('src="https://cdn.example.com/logo.png"');

    const status = await owner.get(`/api/blogs/${blog.id}/site`);
    expect(status.body).toMatchObject({ state: "live", lastError: null });
    expect(Date.parse(status.body.liveSince)).not.toBeNaN();

    const cleared = await owner.patch(`/api/blogs/${blog.id}/customization`, { logoUrl: null });
    expect(cleared.body).toMatchObject({
      logoUrl: null,
      primaryColor: "#2563eb",
      fontFamily: "Inter",
    });
  });

  it("refuses bad values, listing every problem, and changes nothing", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Strict");
    const res = await owner.patch(`/api/blogs/${blog.id}/customization`, {
      primaryColor: "red; background: url(x)",
      fontFamily: "Comic Sans",
      logoUrl: "javascript:alert(1)",
    });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual([
      "primaryColor",
      "fontFamily",
      "logoUrl",
    ]);
    expect(res.body.issues[0].message).toBe("Primary colour must be a hex colour such as #df7020");
    for (const logoUrl of [
      "data:image/png;base64,AAAA",
      "//evil.example/x.png",
      "ftp://x/y.png",
      "not a url",
    ]) {
      const refused = await owner.patch(`/api/blogs/${blog.id}/customization`, { logoUrl });
      expect(refused.status, logoUrl).toBe(400);
    }
    const after = await owner.get(`/api/blogs/${blog.id}`);
    expect(after.body).toMatchObject({
      // A new blog's colour, untouched by the refused values.
      primaryColor: defaults.primaryColor,
      fontFamily: "IBM Plex Serif",
      logoUrl: null,
    });
  });

  it("reports a blog that was never rendered as not published", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Quiet");
    const status = await owner.get(`/api/blogs/${blog.id}/site`);
    expect(status.body).toEqual({
      state: "not_published",
      liveSince: null,
      lastDurationMs: null,
      lastError: null,
      lastRenderedAt: null,
      nextAttemptAt: null,
      attempts: 0,
    });
  });
});
