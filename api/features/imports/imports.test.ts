import { eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ImportJob, pageSkipReason } from "../../../contracts/imports.ts";
import { categories, importJobs, posts } from "../../db/schema.ts";
import { storageFromEnv } from "../../storage.ts";
import { createBlog, createOwner } from "../../test/factories.ts";
import type { TestClient } from "../../test/harness.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { blogFromImport, imageHold, manyPosts, sharedFixture } from "../../test/import-fixtures.ts";
import { rawGet } from "../../test/raw-http.ts";
import { tagNamesOf } from "../tags/service.ts";
import { createImportRunner } from "./runner.ts";
import { importFolder } from "./service.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ publishing: true, env: { BLOG_DOMAIN: "blogs.test" } });
});
afterAll(() => app.close());

async function upload(owner: TestClient, blogId: string, file: Uint8Array, name: string) {
  return owner.request<ImportJob & { message: string }>("POST", `/api/blogs/${blogId}/imports`, {
    raw: file,
    headers: { "x-file-name": encodeURIComponent(name) },
  });
}

/** Uploads, waits for the import to end, and answers the finished job. */
async function importFile(owner: TestClient, blogId: string, file: Uint8Array, name: string) {
  const started = await upload(owner, blogId, file, name);
  expect(started.status, started.text).toBe(202);
  await app.imports.idle();
  const job = await owner.get<ImportJob>(`/api/imports/${started.body.id}`);
  return job.body;
}

async function blogWithSubdomain(owner: TestClient, name: string, subdomain: string) {
  const blog = await createBlog(owner, name);
  expect((await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain })).status).toBe(200);
  return blog;
}

const postsOf = (blogId: string) => app.db.select().from(posts).where(eq(posts.blogId, blogId));
const categoriesOf = (blogId: string) =>
  app.db.select().from(categories).where(eq(categories.blogId, blogId));
/** Uploads waiting in storage for the blog's imports. */
const uploadsOf = (blogId: string) => storageFromEnv(app.env).list(importFolder(blogId));

describe("WordPress import (WXR)", () => {
  it("imports the theme unit test export: posts, category tree, tags, redirects", async () => {
    const owner = await createOwner(app);
    const blog = await blogWithSubdomain(owner, "Theme Test", "wp-theme-test");
    const job = await importFile(
      owner,
      blog.id,
      sharedFixture("wordpress/themeunittestdata.wordpress.xml"),
      "theme.xml",
    );
    expect(job.status).toBe("succeeded");
    expect(job.format).toBe("wordpress");
    expect(job.done).toBe(job.total);
    const rows = await postsOf(blog.id);
    expect(rows.length).toBe(job.report.imported.length);
    const published = rows.filter((p) => p.status === "published");
    expect(published.length).toBeGreaterThan(20);
    // Pages are not posts: left out and named (decision 353); attachments and menu items are
    // skipped with a reason.
    expect(job.report.pages).toEqual(expect.arrayContaining(["About The Tests", "Front Page"]));
    expect(job.report.pages).toHaveLength(21);
    expect(job.report.skipped).toContainEqual({ title: "Front Page", reason: pageSkipReason });
    expect(rows.some((p) => p.title === "About The Tests" || p.slug === "about")).toBe(false);
    expect(job.report.skipped.some((s) => s.reason.startsWith("attachment"))).toBe(true);
    expect(job.report.skipped.some((s) => s.reason === "not content (nav_menu_item)")).toBe(true);
    // No Gutenberg block comment and no shortcode is left in a body.
    for (const post of rows) {
      expect(post.content).not.toMatch(/<!--\s*\/?wp:/);
      expect(post.content).not.toMatch(/\[\/?(caption|gallery|embed)\b/);
    }
    // Categories keep their tree.
    const tree = await app.db.select().from(categories).where(eq(categories.blogId, blog.id));
    const bySlug = new Map(tree.map((c) => [c.slug, c]));
    const child = bySlug.get("child-category-01");
    expect(child?.parentId).toBe(bySlug.get("parent-category")?.id);
    expect(job.report.categoriesCreated).toBe(tree.length);
    // Tags became the post's tags (decision 352), not keywords.
    const tagged = rows.find((p) => p.slug === "template-more-tag");
    expect(tagged?.keywords).toEqual([]);
    expect((await tagNamesOf(app.db, [tagged?.id as string])).get(tagged?.id as string)).toEqual([
      "content περιεχόμενο",
      "read more",
      "template",
    ]);
    // Titles are text: WordPress's escaping is undone.
    expect(rows.some((p) => p.title.includes("&amp;"))).toBe(false);
    // Embeds are kept as links to what they embedded.
    const embeds = rows.find((p) => p.title === "Block category: Embeds");
    expect(embeds?.content).toContain(
      '<a href="https://youtu.be/ex8fMxXJDJw">https://youtu.be/ex8fMxXJDJw</a>',
    );
    const tweets = rows.find((p) => p.title === "Media: Twitter Embeds");
    expect(tweets?.content).toContain(
      '<a href="https://twitter.com/nacin/status/319508408669708289">',
    );
    // Images could not be fetched (no media library): the post keeps them and the report says so.
    expect(job.report.imagesMissing.length).toBeGreaterThan(0);
    expect(job.report.imagesMissing[0]?.reason).toBe("not fetched (media library not available)");
    expect(job.report.redirectsCreated).toBeGreaterThan(20);

    // Every imported published post is served, and its old permalink answers 301 to it.
    await app.publishing?.queue.onIdle();
    const post =
      published.find((p) => p.slug === "template-sticky") ??
      (published[0] as (typeof published)[number]);
    const page = await rawGet(app.baseUrl, `/post/${post.slug}`, {
      host: "wp-theme-test.blogs.test",
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain(post.title);
    const old = await rawGet(app.baseUrl, "/2012/01/07/template-sticky/", {
      host: "wp-theme-test.blogs.test",
    });
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe(`/post/${post.slug}`);
    const onAppHost = await app.client().get(`/blog/${blog.slug}/2012/01/07/template-sticky/`);
    expect(onAppHost.status).toBe(301);
    expect(onAppHost.headers.get("location")).toBe(`/blog/${blog.slug}/post/${post.slug}`);
    expect(
      (await rawGet(app.baseUrl, "/never/was/", { host: "wp-theme-test.blogs.test" })).status,
    ).toBe(404);
    // Nested category archives of WordPress lead to the category's page here.
    const nested = await rawGet(app.baseUrl, "/category/parent-category/child-category-01/", {
      host: "wp-theme-test.blogs.test",
    });
    expect(nested.status).toBe(301);
    expect(nested.headers.location).toBe("/category/child-category-01");
  });

  it("imports the block editor test export and cleans every block", async () => {
    const owner = await createOwner(app);
    const blog = await blogFromImport(
      app,
      owner,
      "Blocks",
      "wordpress/64-block-test-data.xml",
      "blocks.xml",
    );
    const rows = await postsOf(blog.id);
    expect(rows.filter((p) => p.status === "published").length).toBeGreaterThan(50);
    for (const post of rows) expect(post.content).not.toMatch(/<!--/);
    expect(rows.find((p) => p.title === "Media & Text")?.content).toContain(
      "<p>Content, image media on left.</p>",
    );
  });

  it("does not import the same file twice into a blog", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Twice");
    const file = sharedFixture("wordpress/64-block-test-data.xml");
    const first = await importFile(owner, blog.id, file, "a.xml");
    const count = (await postsOf(blog.id)).length;
    const second = await importFile(owner, blog.id, file, "a.xml");
    expect((await postsOf(blog.id)).length).toBe(count);
    expect(second.report.imported).toEqual([]);
    expect(
      second.report.skipped.filter((s) => s.reason === "already imported into this blog").length,
    ).toBe(first.report.imported.length);
  });
});

describe("Ghost import", () => {
  it("imports posts, tags as category and tags, and keeps feature images", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Ghostly");
    const job = await importFile(
      owner,
      blog.id,
      sharedFixture("ghost/v4_export.json"),
      "ghost.json",
    );
    expect(job.status).toBe("succeeded");
    expect(job.format).toBe("ghost");
    const rows = await postsOf(blog.id);
    expect(
      rows
        .filter((p) => p.status === "published")
        .map((p) => p.slug)
        .sort(),
    ).toEqual(["design", "grow", "integrations", "portal", "sell", "welcome", "write"]);
    // Pages are left out and named in the report (decision 353).
    expect(rows.find((p) => p.slug === "about")).toBeUndefined();
    expect(job.report.pages?.sort()).toEqual([
      "About this site",
      "Contact",
      "Contribute",
      "Privacy",
    ]);
    const integrations = rows.find((p) => p.slug === "integrations");
    expect(integrations?.keywords).toEqual([]);
    expect(
      (await tagNamesOf(app.db, [integrations?.id as string])).get(integrations?.id as string),
    ).toEqual(["Getting Started"]);
    expect(integrations?.content).toContain(
      "https://static.ghost.org/v4.0.0/images/app-integrations.png",
    );
    expect(integrations?.excerpt).toBe(
      "Work with all your favorite apps and tools or create your own custom integrations using the Ghost API.",
    );
    const [category] = await app.db.select().from(categories).where(eq(categories.blogId, blog.id));
    expect(category?.name).toBe("Getting Started");
    expect(integrations?.categoryId).toBe(category?.id);
    expect(job.report.redirectsCreated).toBe(7);
    expect(job.report.authors).toContain("Ghost");
  });
});

describe("Markdown zip import", () => {
  it("imports Markdown files with front matter", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Markdown");
    const zip = zipSync({
      "posts/2024-05-01-first-tomatoes.md": strToU8(
        '---\ntitle: "First tomatoes"\ndate: 2024-05-01T08:00:00Z\ntags: [garden, tomatoes]\ncategories:\n  - Vegetables\naliases:\n  - /old/first-tomatoes/\n---\n# Red at last\n\nThey *finally* ripened.\n',
      ),
      "posts/draft-notes.md": strToU8("---\ntitle: Draft notes\ndraft: true\n---\nNot yet.\n"),
      "README.txt": strToU8("ignored"),
    });
    const job = await importFile(owner, blog.id, zip, "posts.zip");
    expect(job.status).toBe("succeeded");
    const rows = await postsOf(blog.id);
    const tomatoes = rows.find((p) => p.slug === "first-tomatoes");
    expect(tomatoes).toMatchObject({
      title: "First tomatoes",
      status: "published",
      keywords: [],
    });
    expect(
      (await tagNamesOf(app.db, [tomatoes?.id as string])).get(tomatoes?.id as string),
    ).toEqual(["garden", "tomatoes"]);
    expect(tomatoes?.content).toContain("<em>finally</em>");
    expect(tomatoes?.publishedAt?.toISOString()).toBe("2024-05-01T08:00:00.000Z");
    expect(rows.find((p) => p.slug === "draft-notes")?.status).toBe("draft");
    const old = await app.client().get(`/blog/${blog.slug}/old/first-tomatoes/`);
    expect(old.status).toBe(301);
  });
});

describe("hostile and malformed files change nothing", () => {
  const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<rss><channel><wp:base_blog_url>https://x.example</wp:base_blog_url><item><title>&lol3;</title></item></channel></rss>`;
  const externalEntity = `<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<rss><channel><wp:base_blog_url>https://x.example</wp:base_blog_url><item><title>&xxe;</title></item></channel></rss>`;
  const undefinedEntity = `<rss><channel><wp:base_blog_url>https://x.example</wp:base_blog_url><item><title>&xxe;</title></item></channel></rss>`;
  const hugeElement = `<rss><channel><wp:base_blog_url>https://x.example</wp:base_blog_url><item><title>${"A".repeat(2_100_000)}</title></item></channel></rss>`;
  const bomb = zipSync({ "post.md": new Uint8Array(30 * 1024 * 1024) }, { level: 9 });
  const traversal = zipSync({ "../../etc/evil.md": strToU8("---\ntitle: Evil\n---\nx") });
  const absolute = zipSync({ "/tmp/evil.md": strToU8("---\ntitle: Evil\n---\nx") });

  // Read on the import's worker thread after the upload is answered (issue 29): the job fails
  // with the reason, and nothing of the file is written.
  it.each([
    ["billion laughs", strToU8(billionLaughs), /DOCTYPE/],
    ["external entity", strToU8(externalEntity), /DOCTYPE/],
    ["undefined entity", strToU8(undefinedEntity), /entity/],
    ["huge element", strToU8(hugeElement), /more than 2,000,000 characters/],
    ["not XML at all", strToU8("<rss><channel>"), /not well-formed|not a WordPress export/],
    ["zip bomb", bomb, /zip bombs/],
    ["path traversal", traversal, /outside the archive/],
    ["absolute path", absolute, /outside the archive/],
  ])("refuses %s with a clear message", async (_name, file, message) => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Target");
    const res = await upload(owner, blog.id, file, "hostile");
    expect(res.status, res.text).toBe(202);
    await app.imports.idle();
    const job = await owner.get<ImportJob>(`/api/imports/${res.body.id}`);
    expect(job.body.status).toBe("failed");
    expect(job.body.error).toMatch(message);
    expect(job.body.report.imported).toEqual([]);
    expect(await postsOf(blog.id)).toEqual([]);
    expect(await categoriesOf(blog.id)).toEqual([]);
    // The upload is deleted with the job's end.
    expect(await uploadsOf(blog.id)).toEqual([]);
  });

  it("refuses a file of no known kind, and an empty one, before storing anything", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Target");
    for (const [file, message] of [
      [strToU8("just text"), /not one Blogfleet imports/],
      [new Uint8Array(0), /empty/],
    ] as const) {
      const res = await upload(owner, blog.id, file, "hostile");
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await app.db.select().from(importJobs).where(eq(importJobs.blogId, blog.id))).toEqual(
      [],
    );
    expect(await uploadsOf(blog.id)).toEqual([]);
  });

  it("answers 404 for another owner's blog and import", async () => {
    const owner = await createOwner(app);
    const other = await createOwner(app);
    const blog = await createBlog(owner, "Mine");
    const file = sharedFixture("ghost/v4_export.json");
    expect((await upload(other, blog.id, file, "x.json")).status).toBe(404);
    const job = await importFile(owner, blog.id, file, "x.json");
    expect((await other.get(`/api/imports/${job.id}`)).status).toBe(404);
    expect((await other.post(`/api/imports/${job.id}/cancel`)).status).toBe(404);
  });
});

describe("a long import", () => {
  it("resumes after a restart without writing an item twice", async () => {
    let release: (error: Error) => void = () => {};
    let reachedThird: () => void = () => {};
    const third = new Promise<void>((r) => {
      reachedThird = r;
    });
    const resumeApp = await startTestApp({
      importImages: async (_blogId, url) => {
        if (url.endsWith("/p2.jpg")) {
          reachedThird();
          // The process "dies" here, before the third item is written.
          await new Promise((_resolve, reject) => {
            release = reject;
          });
        }
        return { url: url.replace("http://images.invalid/", "/media/") };
      },
    });
    try {
      const owner = await createOwner(resumeApp);
      const blog = await createBlog(owner, "Resumed");
      const started = await owner.request<ImportJob>("POST", `/api/blogs/${blog.id}/imports`, {
        raw: manyPosts(6),
      });
      expect(started.status, started.text).toBe(202);
      await third;
      const midway = await owner.get<ImportJob>(`/api/imports/${started.body.id}`);
      expect(midway.body).toMatchObject({ status: "running", done: 2, currentItem: "Post 2" });

      // After the restart, a new runner takes the interrupted import over: the queue gives it
      // the import's job again.
      const restarted = createImportRunner({
        db: resumeApp.db,
        storage: storageFromEnv(resumeApp.env),
        contentEvents: { blogChanged: () => {} },
        images: async (_b, url) => ({ url: url.replace("http://images.invalid/", "/media/") }),
      });
      await restarted.run(started.body.id);
      await restarted.stop();
      release(new Error("the old process is gone"));
      await resumeApp.imports.idle();

      const rows = await resumeApp.db.select().from(posts).where(eq(posts.blogId, blog.id));
      expect(rows.map((p) => p.title).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `Post ${i}`));
      expect(rows.every((p) => p.content.includes('src="/media/'))).toBe(true);
      const job = await owner.get<ImportJob>(`/api/imports/${started.body.id}`);
      expect(job.body).toMatchObject({ status: "succeeded", done: 6, total: 6 });
      expect(job.body.report.imported).toHaveLength(6);
    } finally {
      await resumeApp.close();
    }
  });

  it("can be cancelled; what was written stays and the report says so", async () => {
    const held = imageHold("/p1.jpg");
    const cancelApp = await startTestApp({
      importImages: async (_blogId, url) => {
        await held.hold(url);
        return { error: "host not reachable" };
      },
    });
    try {
      const owner = await createOwner(cancelApp);
      const blog = await createBlog(owner, "Cancelled");
      const started = await owner.request<ImportJob>("POST", `/api/blogs/${blog.id}/imports`, {
        raw: manyPosts(5),
      });
      await held.reached;
      const cancelled = await owner.post<ImportJob>(`/api/imports/${started.body.id}/cancel`);
      expect(cancelled.body.status).toBe("cancelled");
      held.release();
      await cancelApp.imports.idle();
      const job = await owner.get<ImportJob>(`/api/imports/${started.body.id}`);
      expect(job.body.status).toBe("cancelled");
      const rows = await cancelApp.db.select().from(posts).where(eq(posts.blogId, blog.id));
      expect(rows.length).toBeLessThan(5);
      expect(job.body.report.imagesMissing[0]).toEqual({
        post: "Post 0",
        url: "http://images.invalid/p0.jpg",
        reason: "host not reachable",
      });
    } finally {
      await cancelApp.close();
    }
  });
});
