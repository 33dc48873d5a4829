import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogs } from "../../db/schema.ts";
import { createBlog, createOwner, createPost, createPublishedPost } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { rawGet } from "../../test/raw-http.ts";

let app: TestApp;
let owner: TestClient;
let blogId: string;
let blogSlug: string;
beforeAll(async () => {
  app = await startTestApp({ publishing: true, env: { BLOG_DOMAIN: "blogs.test" } });
  owner = await createOwner(app);
  const blog = await createBlog(owner, "Travel Notes");
  blogId = blog.id;
  blogSlug = blog.slug;
  await app.db.update(blogs).set({ subdomain: blogSlug }).where(eq(blogs.id, blogId));
});
afterAll(() => app.close());

describe("slugs in every script (decision 103)", () => {
  it("transliterates titles in other scripts instead of 'post', 'post-2'", async () => {
    const slugOf = async (title: string) => (await createPost(owner, blogId, { title })).slug;
    expect(await slugOf("東京ガイド")).toBe("dong-jing-gaido");
    expect(await slugOf("مرحبا بالعالم")).toBe("mrhb-blaalm");
    expect(await slugOf("Привет мир")).toBe("privet-mir");
    expect(await slugOf("שלום עולם")).toBe("shlvm-vlm");
    // A script the library cannot spell in Latin keeps its own letters.
    expect(await slugOf("ⴰⵣⵓⵍ ⴰⵎⴰⴹⵍ")).toBe("ⴰⵣⵓⵍ-ⴰⵎⴰⴹⵍ");
    // No letters at all: the generic slug, as before.
    expect(await slugOf("🎉🎉")).toBe("post");
  });

  it("keeps the slug the owner typed, in its script, or refuses it with a message", async () => {
    const typed = await createPost(owner, blogId, { title: "Tokyo guide", slug: "東京-ガイド" });
    expect(typed.slug).toBe("東京-ガイド");
    const taken = await owner.post("/api/posts", { blogId, title: "Again", slug: "東京 ガイド" });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain('"東京-ガイド" is already used');
    const renamed = await owner.patch(`/api/posts/${typed.id}`, { slug: "Прогулка по Москве" });
    expect(renamed.body.slug).toBe("прогулка-по-москве");
    const empty = await owner.post("/api/posts", { blogId, title: "Tokyo", slug: "!!!" });
    expect(empty.status).toBe(400);
    expect(empty.body.issues).toEqual([
      {
        path: "slug",
        message: "URL slug must contain at least one letter or digit, or be left blank",
      },
    ]);
  });

  it("serves a Unicode slug at its percent-encoded path, and feeds and sitemap encode it", async () => {
    await createPublishedPost(owner, blogId, {
      title: "Kyoto walks",
      slug: "京都-散歩",
      content: "<p>Temples at dawn.</p>",
    });
    await app.publishing?.queue.onIdle();
    const encoded = encodeURIComponent("京都-散歩");
    const host = { host: `${blogSlug}.blogs.test` };
    const page = await rawGet(app.baseUrl, `/post/${encoded}`, host);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Kyoto walks");
    const underApp = await rawGet(app.baseUrl, `/blog/${blogSlug}/post/${encoded}`);
    expect(underApp.status).toBe(200);
    expect(underApp.body).toContain("Temples at dawn.");
    const home = await rawGet(app.baseUrl, "/", host);
    // Pages link it as an IRI (valid HTML; browsers send it percent-encoded).
    expect(home.body).toContain('href="./post/京都-散歩"');
    const sitemap = await rawGet(app.baseUrl, "/sitemap.xml", host);
    expect(sitemap.body).toContain(`<loc>http://${blogSlug}.blogs.test/post/${encoded}</loc>`);
    expect(sitemap.body).not.toContain("京都");
    const rss = await rawGet(app.baseUrl, "/rss.xml", host);
    expect(rss.body).toContain(`<link>http://${blogSlug}.blogs.test/post/${encoded}</link>`);
  });
});
