import { createHash } from "node:crypto";
import { strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogfleetExport } from "../../../contracts/export-format.ts";
import type { ImportJob } from "../../../contracts/imports.ts";
import { ownerActionLimits } from "../../../contracts/limits.ts";
import type { MediaItem } from "../../../contracts/media.ts";
import type { Post } from "../../../contracts/posts.ts";
import { createBlog, createOwner, createPost, createPublishedPost } from "../../test/factories.ts";
import type { TestClient } from "../../test/harness.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { makeImage, uploadFile } from "../../test/images.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ publishing: true });
});
afterAll(() => app.close());

async function download(owner: TestClient, path: string) {
  const res = await fetch(app.baseUrl + path, {
    headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  return { res, files: res.ok ? unzipSync(new Uint8Array(await res.arrayBuffer())) : {} };
}

async function runImport(owner: TestClient, blogId: string, file: Uint8Array) {
  const started = await owner.request<ImportJob>("POST", `/api/blogs/${blogId}/imports`, {
    raw: file,
  });
  expect(started.status, started.text).toBe(202);
  await app.imports.idle();
  return (await owner.get<ImportJob>(`/api/imports/${started.body.id}`)).body;
}

const documentOf = (files: Record<string, Uint8Array>, prefix = "") =>
  JSON.parse(new TextDecoder().decode(files[`${prefix}blogfleet.json`])) as BlogfleetExport;

/**
 * `doc` with every image named by the SHA-256 (first 32 hex digits) of its files' bytes in
 * variant order, as an import names them, and every post pointed at those names.
 */
function renamedByBytes(doc: BlogfleetExport, files: Record<string, Uint8Array>) {
  const renames = new Map(
    doc.media.map((image) => {
      const hash = createHash("sha256");
      for (const variant of image.variants)
        hash.update(files[`media/${variant.file}`] as Uint8Array);
      return [image.hash, hash.digest("hex").slice(0, 32)];
    }),
  );
  const rename = (text: string) =>
    [...renames].reduce((out, [from, to]) => out.split(`${from}-`).join(`${to}-`), text);
  const renamed = (hash: string | null | undefined) => (hash ? (renames.get(hash) ?? hash) : hash);
  return {
    ...doc,
    blog: { ...doc.blog, logoImage: renamed(doc.blog.logoImage) },
    posts: doc.posts.map((post) => ({
      ...post,
      html: rename(post.html),
      featureImage: renamed(post.featureImage),
    })),
    media: doc.media.map((image) => ({
      ...image,
      hash: renamed(image.hash) as string,
      variants: image.variants.map((variant) => ({ ...variant, file: rename(variant.file) })),
    })),
  };
}

/** What must come back exactly: everything but when it was exported and the blog's own name. */
const comparable = (doc: BlogfleetExport) => ({
  ...doc,
  exportedAt: undefined,
  blog: { ...doc.blog, name: undefined, slug: undefined },
});

describe("export (GET /api/blogs/{id}/export)", () => {
  it("round-trips: importing a blog's zip into a new blog reproduces it exactly", async () => {
    const owner = await createOwner(app);
    const source = await createBlog(owner, "Round Trip", "Everything about tomatoes");
    await owner.patch(`/api/blogs/${source.id}`, { timeZone: "America/Los_Angeles" });
    await owner.patch(`/api/blogs/${source.id}/customization`, {
      primaryColor: "#059669",
      fontFamily: "Georgia",
      aiDisclosure: false,
    });
    const parent = await owner.post("/api/categories", {
      blogId: source.id,
      name: "Vegetables",
      slug: "vegetables",
    });
    const child = await owner.post("/api/categories", {
      blogId: source.id,
      name: "Tomatoes",
      slug: "tomatoes",
      parentId: parent.body.id,
    });
    await owner.post("/api/affiliate-links", {
      blogId: source.id,
      keyword: "seed trays",
      url: "https://shop.example.com/trays",
      autoInsert: false,
    });
    const published = await createPublishedPost(owner, source.id, {
      title: "First tomatoes",
      content:
        '<h2>Red</h2><p>They <strong>finally</strong> ripened. <a href="https://example.com/a">More</a></p>',
      categoryId: child.body.id,
      keywords: ["tomatoes", "garden"],
      tags: ["Summer", "Tomatoes"],
      metaTitle: "First tomatoes of the year",
      metaDescription: "How the first tomatoes ripened in May.",
    });
    // Renamed once published: its former slug answers 301.
    await owner.patch(`/api/posts/${published.id}`, { slug: "first-red-tomatoes" });
    await createPost(owner, source.id, { title: "A draft", content: "<p>Not yet</p>" });
    const review = await createPost(owner, source.id, { title: "Under review" });
    await owner.patch(`/api/posts/${review.id}/status`, { status: "under_review" });
    const scheduled = await createPost(owner, source.id, { title: "Later" });
    await owner.patch(`/api/posts/${scheduled.id}/schedule`, {
      scheduledPublishAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    // An imported permalink redirect.
    await runImport(
      owner,
      source.id,
      zipSync({ "old.md": strToU8("---\ntitle: Old one\naliases: [/2019/old-one/]\n---\nOld.\n") }),
    );

    const first = await download(owner, `/api/blogs/${source.id}/export`);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("content-type")).toBe("application/zip");
    expect(first.res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="round-trip-blogfleet-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const doc = documentOf(first.files);
    expect(doc.posts).toHaveLength(5);
    expect(doc.posts.find((p) => p.slug === "first-red-tomatoes")?.tags).toEqual([
      "Summer",
      "Tomatoes",
    ]);
    expect(doc.categories.map((c) => [c.slug, c.parentSlug])).toEqual([
      ["vegetables", null],
      ["tomatoes", "vegetables"],
    ]);
    expect(doc.redirects).toEqual([{ from: "/2019/old-one", to: "/post/old" }]);
    const markdown = new TextDecoder().decode(first.files["posts/first-red-tomatoes.md"]);
    expect(markdown).toContain('title: "First tomatoes"');
    expect(markdown).toContain('aliases: ["/post/first-tomatoes"]');
    expect(markdown).toContain("They **finally** ripened.");
    expect(new TextDecoder().decode(first.files["redirects.csv"])).toBe(
      "from,to\n/post/first-tomatoes,/post/first-red-tomatoes\n/2019/old-one,/post/old\n",
    );

    const copy = await createBlog(owner, "Round Trip Copy");
    const job = await runImport(owner, copy.id, zipSync(first.files));
    expect(job.status).toBe("succeeded");
    expect(job.format).toBe("blogfleet");
    const second = await download(owner, `/api/blogs/${copy.id}/export`);
    const again = documentOf(second.files);
    expect(comparable(again)).toEqual(comparable(doc));
    for (const post of doc.posts) {
      expect(new TextDecoder().decode(second.files[post.file])).toBe(
        new TextDecoder().decode(first.files[post.file]),
      );
    }
    expect(second.files["redirects.csv"]).toEqual(first.files["redirects.csv"]);

    // The copy serves the published post, and the former slug still answers 301.
    await app.publishing?.queue.onIdle();
    expect((await app.client().get(`/blog/${copy.slug}/post/first-red-tomatoes`)).status).toBe(200);
    expect((await app.client().get(`/blog/${copy.slug}/post/first-tomatoes`)).status).toBe(301);
    expect((await app.client().get(`/blog/${copy.slug}/2019/old-one/`)).status).toBe(301);
  });

  it("carries the media library: files, alt text, feature images and the logo come back", async () => {
    const owner = await createOwner(app);
    const source = await createBlog(owner, "Photo Blog");
    const photo = (await uploadFile(owner, source.id, await makeImage({ width: 800 }), "dock.jpg"))
      .body;
    const logo = (
      await uploadFile(owner, source.id, await makeImage({ width: 120, format: "png" }), "l.png")
    ).body;
    await owner.patch(`/api/blogs/${source.id}/media/${photo.id}`, { alt: "A dock at dawn" });
    await owner.patch(`/api/blogs/${source.id}/customization`, { logoMediaId: logo.id });
    const post = await createPublishedPost(owner, source.id, {
      title: "Dawn",
      content: `<p>Early.</p><img src="${photo.src}" alt="A dock at dawn">`,
      featureImageId: photo.id,
    });
    expect(post.featureImageId).toBe(photo.id);

    const first = await download(owner, `/api/blogs/${source.id}/export`);
    const doc = documentOf(first.files);
    expect(doc.media.map((m) => m.fileName).sort()).toEqual(["dock.jpg", "l.png"]);
    expect(doc.posts[0]?.featureImage).toBe(doc.media.find((m) => m.fileName === "dock.jpg")?.hash);
    expect(doc.blog.logoImage).toBe(doc.media.find((m) => m.fileName === "l.png")?.hash);
    const variantFiles = doc.media.flatMap((m) => m.variants.map((v) => `media/${v.file}`));
    expect(variantFiles.every((f) => first.files[f] !== undefined)).toBe(true);

    const copy = await createBlog(owner, "Photo Blog Copy");
    const job = await runImport(owner, copy.id, zipSync(first.files));
    expect(job.status).toBe("succeeded");
    const again = documentOf((await download(owner, `/api/blogs/${copy.id}/export`)).files);
    // Everything comes back, each image named by the hash of its files' bytes (issue 29): the
    // export's own hash is the upload's, whose bytes an export does not carry.
    expect(comparable(again)).toEqual(comparable(renamedByBytes(doc, first.files)));
    const listed = (await owner.get<Post[]>(`/api/blogs/${copy.id}/posts`)).body[0];
    const copiedPost = (await owner.get<Post>(`/api/posts/${listed?.id}`)).body;
    const library = (await owner.get<MediaItem[]>(`/api/blogs/${copy.id}/media`)).body;
    expect(copiedPost?.featureImageId).toBe(library.find((m) => m.fileName === "dock.jpg")?.id);
    expect(library.find((m) => m.fileName === "dock.jpg")?.alt).toBe("A dock at dawn");
    // The copy's host serves the very same files.
    await app.publishing?.queue.onIdle();
    const file = doc.media.find((m) => m.fileName === "dock.jpg")?.variants[0]?.file;
    const copied = again.media.find((m) => m.fileName === "dock.jpg")?.variants[0]?.file;
    const served = await fetch(`${app.baseUrl}/blog/${copy.slug}/media/${copied}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(first.files[`media/${file}`]);
  });

  it("refuses an export whose image files are not what they say, and stores nothing", async () => {
    const owner = await createOwner(app);
    const source = await createBlog(owner, "Tampered");
    await uploadFile(owner, source.id, await makeImage({ width: 300 }), "boat.jpg");
    await createPublishedPost(owner, source.id, { title: "Kept out" });
    const { files } = await download(owner, `/api/blogs/${source.id}/export`);
    const name = Object.keys(files).find((f) => f.startsWith("media/") && f.endsWith(".webp"));
    expect(name).toBeDefined();
    const tampered = { ...files, [name as string]: strToU8("<html><script>alert(1)</script>") };
    const copy = await createBlog(owner, "Tampered Copy");
    const refused = await owner.request<{ message: string }>(
      "POST",
      `/api/blogs/${copy.id}/imports`,
      { raw: zipSync(tampered) },
    );
    // Checked by the import job, off the request (issue 29): the job fails with the reason.
    expect(refused.status).toBe(202);
    await app.imports.idle();
    const [job] = (await owner.get<ImportJob[]>(`/api/blogs/${copy.id}/imports`)).body;
    expect(job?.status).toBe("failed");
    expect(job?.error).toContain("is not the image its name says");
    expect((await owner.get(`/api/blogs/${copy.id}/media`)).body).toEqual([]);
    expect((await owner.get<Post[]>(`/api/blogs/${copy.id}/posts`)).body).toEqual([]);
  });

  it("exports everything an owner has at once, and nobody else's", async () => {
    const owner = await createOwner(app);
    const a = await createBlog(owner, "Alpha Blog");
    const b = await createBlog(owner, "Beta Blog");
    await createPublishedPost(owner, a.id, { title: "In alpha" });
    const other = await createOwner(app);
    await createBlog(other, "Not Mine");
    const all = await download(owner, "/api/export");
    expect(all.res.status).toBe(200);
    expect(documentOf(all.files, `${a.slug}/`).posts.map((p) => p.title)).toEqual(["In alpha"]);
    expect(documentOf(all.files, `${b.slug}/`).posts).toEqual([]);
    expect(Object.keys(all.files).some((f) => f.startsWith("not-mine"))).toBe(false);
    expect((await download(other, `/api/blogs/${a.id}/export`)).res.status).toBe(404);
    expect((await fetch(`${app.baseUrl}/api/export`)).status).toBe(401);
  });
});

describe("exports per owner (issue 29)", () => {
  const limit = ownerActionLimits.exportsPerHour;

  it(`allows ${limit} exports an hour, of a blog or of everything, then answers 429`, async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Exported Often");
    await createPost(owner, blog.id, { title: "Still here" });
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) {
      const path = i % 2 === 0 ? `/api/blogs/${blog.id}/export` : "/api/export";
      statuses.push((await download(owner, path)).res.status);
    }
    expect(statuses).toEqual(Array(limit).fill(200));

    for (const path of [`/api/blogs/${blog.id}/export`, "/api/export"]) {
      const { res } = await download(owner, path);
      expect(res.status).toBe(429);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(res.headers.get("content-disposition")).toBeNull();
      expect(await res.json()).toEqual({
        code: "rate_limited",
        message: `You can download at most ${limit} exports an hour. Try again later.`,
      });
    }

    // Another owner is not held back.
    const other = await createOwner(app);
    const theirs = await createBlog(other, "Exported Once");
    expect((await download(other, `/api/blogs/${theirs.id}/export`)).res.status).toBe(200);
  });
});
