import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Blog } from "../../../contracts/blogs.ts";
import type { Post } from "../../../contracts/posts.ts";
import { users } from "../../db/schema.ts";
import {
  createBlog,
  createCategory,
  createOwner,
  createPublishedPost,
} from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";

/**
 * Issue 12: a pseudonymous blog must not name the person behind it. No page, feed, sitemap or
 * public JSON of a blog may contain any part of the owner's e-mail (nor the provider's name
 * fields): the byline is the public name set in Account Settings, else the blog's name.
 */
const email = "zq7owner.marlowe@example.com";
const secrets = ["zq7owner", "marlowe", "Verity", "Holloway"];

let app: TestApp;
let owner: TestClient;
let blog: Blog;
let aiPost: Post;
let ownPost: Post;

const aiText =
  "<p>Rock pools hold a whole world at low tide. Anemones, crabs and small fish wait there for the sea to come back, and a patient visitor with a bucket can watch them for hours without disturbing anything at all.</p>";

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Every generated file of the blog, by its path inside the site. */
async function siteFiles(): Promise<Map<string, string>> {
  const dir = await app.publishing?.output.currentDir(blog.id);
  if (!dir) throw new Error("the blog has not been rendered");
  return new Map(filesUnder(dir).map((file) => [relative(dir, file), readFileSync(file, "utf8")]));
}

/** The public JSON API's answers about the blog, as text. */
async function publicJson(): Promise<Map<string, string>> {
  const reader = app.client();
  const paths = [
    `/api/public/blog/${blog.slug}`,
    `/api/public/posts?slug=${blog.slug}`,
    `/api/public/categories?slug=${blog.slug}`,
    `/api/public/posts/${aiPost.slug}?blogSlug=${blog.slug}`,
    `/api/public/posts/${ownPost.slug}?blogSlug=${blog.slug}`,
  ];
  const answers = new Map<string, string>();
  for (const path of paths) {
    const res = await reader.get(path);
    expect(res.status, path).toBe(200);
    answers.set(path, res.text);
  }
  return answers;
}

function expectNoSecrets(documents: Map<string, string>) {
  for (const [name, text] of documents) {
    for (const secret of secrets) {
      expect(text.toLowerCase().includes(secret.toLowerCase()), `${secret} in ${name}`).toBe(false);
    }
  }
}

const rendered = () => app.publishing?.queue.onIdle();

beforeAll(async () => {
  app = await startTestApp({ publishing: true });
  owner = await createOwner(app, email);
  // As an external provider would fill them: still not for readers.
  await app.db
    .update(users)
    .set({ firstName: "Verity", lastName: "Holloway" })
    .where(eq(users.email, email));
  blog = await createBlog(owner, "Tidepool Journal");
  const category = await createCategory(owner, blog.id, { name: "Shores" });
  aiPost = await createPublishedPost(owner, blog.id, {
    title: "Life in a rock pool",
    content: aiText,
    categoryId: category.id,
    generatedByAi: true,
  });
  ownPost = await createPublishedPost(owner, blog.id, {
    title: "My first dive",
    content: "<p>I wrote this one myself, from my notes.</p>",
  });
  await rendered();
});
afterAll(() => app.close());

describe("author identity on a public blog", () => {
  it("without a public name: the blog's name is the author, and no file or JSON names the owner", async () => {
    const files = await siteFiles();
    expect(files.size).toBeGreaterThan(8);
    expectNoSecrets(files);
    expectNoSecrets(await publicJson());

    const page = files.get(`post/${ownPost.slug}.html`) ?? "";
    expect(page).toContain(
      'by <a rel="author" href="../author/tidepool-journal">Tidepool Journal</a>',
    );
    expect(page).toContain(
      '"author":{"@type":"Person","name":"Tidepool Journal","url":"http://localhost:3000/blog/tidepool-journal/author/tidepool-journal"}',
    );
    expect(files.get("rss.xml")).toContain("<dc:creator>Tidepool Journal</dc:creator>");
    expect(files.get("index.html")).toContain(
      'Written by <a rel="author" href="./author/tidepool-journal">Tidepool Journal</a>.',
    );
    const authorPage = files.get("author/tidepool-journal.html") ?? "";
    expect(authorPage).toContain("Posts by Tidepool Journal");
    expect(authorPage).toContain("Life in a rock pool");
    expect(authorPage).toContain("My first dive");
    expect(files.get("sitemap.xml")).toContain(
      "<loc>http://localhost:3000/blog/tidepool-journal/author/tidepool-journal</loc>",
    );
  });

  it("with a public name: bylines, feed, JSON-LD and the author page use it; still no trace of the e-mail", async () => {
    const res = await owner.patch("/api/auth/profile", {
      displayName: "Rowan Vale",
      bio: "Writes about rock pools & the tide.",
    });
    expect(res.status).toBe(200);
    await rendered();

    const files = await siteFiles();
    expectNoSecrets(files);
    expectNoSecrets(await publicJson());
    const page = files.get(`post/${ownPost.slug}.html`) ?? "";
    expect(page).toContain('by <a rel="author" href="../author/rowan-vale">Rowan Vale</a>');
    expect(page).toContain(
      '"author":{"@type":"Person","name":"Rowan Vale","url":"http://localhost:3000/blog/tidepool-journal/author/rowan-vale","description":"Writes about rock pools & the tide."}',
    );
    expect(files.get("rss.xml")).toContain("<dc:creator>Rowan Vale</dc:creator>");
    expect(files.get("rss.xml")).not.toContain("Tidepool Journal</dc:creator>");

    // The old author page went with the full render; the new one has the bio and the posts.
    expect(files.has("author/tidepool-journal.html")).toBe(false);
    const authorPage = files.get("author/rowan-vale.html") ?? "";
    expect(authorPage).toContain("Writes about rock pools &amp; the tide.");
    expect(authorPage).toContain("Life in a rock pool");
    expect(authorPage).toContain('"@type":"ProfilePage"');
    expect(authorPage).toContain(
      '"mainEntity":{"@type":"Person","name":"Rowan Vale","url":"http://localhost:3000/blog/tidepool-journal/author/rowan-vale","description":"Writes about rock pools & the tide."}',
    );
    expect(files.get("sitemap.xml")).toContain(
      "<loc>http://localhost:3000/blog/tidepool-journal/author/rowan-vale</loc>",
    );

    const served = await app.client().get(`/blog/${blog.slug}/author/rowan-vale`);
    expect(served.status).toBe(200);
    expect(served.text).toContain("Posts by Rowan Vale");
    expect((await app.client().get(`/blog/${blog.slug}/author/tidepool-journal`)).status).toBe(404);
  });

  it("renders the author page on request before a blog's first render (live fallback)", async () => {
    const fresh = await createBlog(owner, "Harbour Log");
    const res = await app.client().get(`/blog/${fresh.slug}/author/rowan-vale`);
    expect(res.status).toBe(200);
    expect(res.text).toContain("Posts by Rowan Vale");
    expect(res.text).toContain("No posts yet. Check back soon for great content!");
    expect((await app.client().get(`/blog/${fresh.slug}/author/someone-else`)).status).toBe(404);
  });
});

describe("the 'How this post was made' note (decisions 057, 342)", () => {
  it("shows on a post filled by 'Generate with AI' while the blog's switch is on, and not on others", async () => {
    const files = await siteFiles();
    expect(files.get(`post/${aiPost.slug}.html`)).toContain("How this post was made.");
    // Published as generated, by the owner: reviewed, not edited (decision 342).
    expect(files.get(`post/${aiPost.slug}.html`)).toMatch(
      /Drafted with an AI model on [^.]+\. Reviewed by Rowan Vale and published on /,
    );
    expect(files.get(`post/${ownPost.slug}.html`)).not.toContain("How this post was made");

    const off = await owner.patch(`/api/blogs/${blog.id}/customization`, { aiDisclosure: false });
    expect(off.status).toBe(200);
    expect(off.body.aiDisclosure).toBe(false);
    await rendered();
    expect((await siteFiles()).get(`post/${aiPost.slug}.html`)).not.toContain(
      "How this post was made",
    );

    await owner.patch(`/api/blogs/${blog.id}/customization`, { aiDisclosure: true });
    await rendered();
    expect((await siteFiles()).get(`post/${aiPost.slug}.html`)).toContain(
      "How this post was made.",
    );
  });

  it("goes away once the post is substantially rewritten", async () => {
    const res = await owner.patch<Post>(`/api/posts/${aiPost.id}`, {
      content:
        "<p>I rewrote this after a morning on the shore: the pools near the lighthouse were empty, and the only crab I found had moved into a tin can somebody left behind.</p>",
    });
    expect(res.body.aiAssisted).toBe(false);
    await rendered();
    expect((await siteFiles()).get(`post/${aiPost.slug}.html`)).not.toContain(
      "How this post was made",
    );
  });
});
