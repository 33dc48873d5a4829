import { request } from "node:http";
import { eq } from "drizzle-orm";
import { strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogfleetExport } from "../../../contracts/export-format.ts";
import { type ImportJob, importLimits } from "../../../contracts/imports.ts";
import { mediaLimits } from "../../../contracts/media.ts";
import { affiliateLinks, blogRedirects, blogs, importJobs, media, posts } from "../../db/schema.ts";
import { storageFromEnv } from "../../storage.ts";
import { createBlog, createOwner, createPublishedPost } from "../../test/factories.ts";
import type { TestClient } from "../../test/harness.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { makeImage, uploadFile } from "../../test/images.ts";
import { rawGet } from "../../test/raw-http.ts";
import { mediaKey } from "../media/service.ts";
import { parseImportFile } from "./parse.ts";

/**
 * Issue 29: whatever enters through an import passes the same contracts as the API, and an
 * import is bounded and never runs on a request.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ publishing: true, env: { BLOG_DOMAIN: "blogs.test" } });
});
afterAll(() => app.close());

async function upload(owner: TestClient, blogId: string, file: Uint8Array) {
  return owner.request<ImportJob & { message: string }>("POST", `/api/blogs/${blogId}/imports`, {
    raw: file,
  });
}

async function importFile(owner: TestClient, blogId: string, file: Uint8Array) {
  const started = await upload(owner, blogId, file);
  expect(started.status, started.text).toBe(202);
  await app.imports.idle();
  return (await owner.get<ImportJob>(`/api/imports/${started.body.id}`)).body;
}

const exportDoc = (changes: Partial<BlogfleetExport>): BlogfleetExport => ({
  format: "blogfleet-export",
  version: 1,
  exportedAt: "2026-11-01T00:00:00.000Z",
  blog: {
    name: "Source",
    description: "A fine blog",
    slug: "source",
    timeZone: "Europe/Berlin",
    primaryColor: "#336699",
    fontFamily: "Inter",
    logoUrl: null,
    aiDisclosure: false,
  },
  categories: [],
  posts: [],
  affiliateLinks: [],
  redirects: [],
  media: [],
  ...changes,
});

const post = (slug: string, title: string): BlogfleetExport["posts"][number] => ({
  file: `posts/${slug}.md`,
  slug,
  title,
  status: "published",
  excerpt: "",
  html: "<p>Tomatoes like the sun.</p>",
  metaTitle: null,
  metaDescription: null,
  keywords: [],
  categorySlug: null,
  publishedAt: "2026-10-01T10:00:00.000Z",
  scheduledPublishAt: null,
  createdAt: "2026-10-01T09:00:00.000Z",
  updatedAt: "2026-10-01T10:00:00.000Z",
  source: "owner",
  aiAssisted: false,
  formerSlugs: [],
});

const zipOf = (doc: BlogfleetExport, files: Record<string, Uint8Array> = {}) =>
  zipSync({ ...files, "blogfleet.json": strToU8(JSON.stringify(doc)) });

const blogRow = async (blogId: string) =>
  (await app.db.select().from(blogs).where(eq(blogs.id, blogId)))[0];

async function blogWithSubdomain(owner: TestClient, subdomain: string) {
  const blog = await createBlog(owner, `Target ${subdomain}`);
  expect((await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain })).status).toBe(200);
  return blog;
}

describe("a Blogfleet export passes the API's checks (finding 2)", () => {
  it("keeps the blog's own settings for every field the API would refuse, and says so", async () => {
    const owner = await createOwner(app);
    const blog = await blogWithSubdomain(owner, "checked-export");
    const before = await blogRow(blog.id);
    const job = await importFile(
      owner,
      blog.id,
      zipOf(
        exportDoc({
          blog: {
            name: "Evil",
            description: "x".repeat(20_000),
            slug: "evil",
            timeZone: "Not/AZone",
            primaryColor: "red;}</style><script>alert(1)</script>",
            fontFamily: "Comic Sans</style>",
            logoUrl: "javascript:alert(1)",
            aiDisclosure: true,
          },
          affiliateLinks: [
            { keyword: "cookie jar", url: "javascript:alert(document.cookie)", autoInsert: true },
            { keyword: "good seeds", url: "https://shop.example.com/seeds", autoInsert: true },
          ],
          posts: [post("kept", "Kept post"), post("too-long", "T".repeat(300))],
        }),
      ),
    );
    expect(job.status, job.error ?? "").toBe("succeeded");
    const after = await blogRow(blog.id);
    expect(after).toMatchObject({
      description: before?.description ?? null,
      timeZone: before?.timeZone,
      primaryColor: before?.primaryColor,
      fontFamily: before?.fontFamily,
      logoUrl: null,
      // A field that passes comes in.
      aiDisclosure: true,
    });
    const links = await app.db
      .select()
      .from(affiliateLinks)
      .where(eq(affiliateLinks.blogId, blog.id));
    expect(links.map((l) => l.url)).toEqual(["https://shop.example.com/seeds"]);
    const skipped = job.report.skipped.map((s) => s.title);
    expect(skipped).toEqual(
      expect.arrayContaining([
        "Blog setting description",
        "Blog setting timeZone",
        "Blog setting primaryColor",
        "Blog setting fontFamily",
        "Blog setting logoUrl",
        "Affiliate link cookie jar",
        "T".repeat(300),
      ]),
    );
    expect(job.report.skipped.find((s) => s.title === "Blog setting logoUrl")?.reason).toMatch(
      /http\(s\)/,
    );
    expect(job.report.skipped.find((s) => s.title === "T".repeat(300))?.reason).toMatch(
      /title: String must contain at most 200 character/,
    );
    expect(job.report.imported.map((p) => p.slug)).toEqual(["kept"]);

    await app.publishing?.queue.onIdle();
    const home = await rawGet(app.baseUrl, "/", { host: "checked-export.blogs.test" });
    expect(home.status).toBe(200);
    expect(home.body).not.toContain("javascript:");
    expect(home.body).not.toContain("<script>alert(1)");
  });
});

describe("redirects stay on the blog (finding 3)", () => {
  it("refuses an imported redirect to another site and follows only same-site ones", async () => {
    const owner = await createOwner(app);
    const blog = await blogWithSubdomain(owner, "no-open-redirect");
    const job = await importFile(
      owner,
      blog.id,
      zipOf(
        exportDoc({
          posts: [post("home-again", "Home again")],
          redirects: [
            { from: "/old-home", to: "//evil.example/phish" },
            { from: "/old-back", to: "/\\evil.example/phish" },
            { from: "/old-scheme", to: "https://evil.example/phish" },
            { from: "/old-post", to: "/post/home-again" },
          ],
        }),
      ),
    );
    expect(job.status, job.error ?? "").toBe("succeeded");
    const rows = await app.db
      .select({ from: blogRedirects.fromPath, to: blogRedirects.toPath })
      .from(blogRedirects)
      .where(eq(blogRedirects.blogId, blog.id));
    expect(rows).toEqual([{ from: "/old-post", to: "/post/home-again" }]);
    expect(job.report.skipped.map((s) => s.title)).toEqual(
      expect.arrayContaining(["Redirect /old-home", "Redirect /old-back", "Redirect /old-scheme"]),
    );

    await app.publishing?.queue.onIdle();
    const host = { host: "no-open-redirect.blogs.test" };
    const moved = await rawGet(app.baseUrl, "/old-post", host);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe("/post/home-again");
    expect((await rawGet(app.baseUrl, "/old-home", host)).status).toBe(404);
  });

  it("never follows a stored redirect that leaves the blog (rows written before the check)", async () => {
    const owner = await createOwner(app);
    const blog = await blogWithSubdomain(owner, "old-bad-row");
    await createPublishedPost(owner, blog.id, { title: "Anything" });
    await app.db
      .insert(blogRedirects)
      .values({ blogId: blog.id, fromPath: "/old-home", toPath: "//evil.example/phish" });
    // Any change rebuilds the blog's index, which reads the redirects.
    await createPublishedPost(owner, blog.id, { title: "Anything else" });
    await app.publishing?.queue.onIdle();
    const answer = await rawGet(app.baseUrl, "/old-home", { host: "old-bad-row.blogs.test" });
    expect(answer.status).toBe(404);
    expect(answer.headers.location).toBeUndefined();
  });
});

describe("an export's images are what their bytes say (finding 4)", () => {
  /** A real export of a blog holding one uploaded image. */
  async function exportWithImage(owner: TestClient) {
    const source = await createBlog(owner, "With image");
    const photo = (await uploadFile(owner, source.id, await makeImage({ width: 300 }), "a.jpg"))
      .body;
    await createPublishedPost(owner, source.id, {
      title: "Photo post",
      content: `<p>Look.</p><img src="${photo.src}" alt="a">`,
    });
    const res = await fetch(`${app.baseUrl}/api/blogs/${source.id}/export`, {
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const doc = JSON.parse(new TextDecoder().decode(files["blogfleet.json"])) as BlogfleetExport;
    return { files, doc };
  }

  it("counts the sizes of the files themselves, whatever the export declares", async () => {
    const owner = await createOwner(app);
    const { files, doc } = await exportWithImage(owner);
    const image = doc.media[0] as BlogfleetExport["media"][number];
    const realBytes = image.variants.reduce(
      (sum, v) => sum + (files[`media/${v.file}`] as Uint8Array).length,
      0,
    );
    const lying = {
      ...doc,
      media: [
        {
          ...image,
          uploadBytes: 0,
          variants: image.variants.map((v) => ({ ...v, bytes: 0 })),
        },
      ],
    };
    const target = await createBlog(owner, "Sizes");
    const job = await importFile(owner, target.id, zipOf(lying, files));
    expect(job.status, job.error ?? "").toBe("succeeded");
    const [row] = await app.db.select().from(media).where(eq(media.blogId, target.id));
    expect(row?.storedBytes).toBe(realBytes);
    expect(row?.storedBytes).toBeGreaterThan(0);
    expect(row?.variants.every((v) => v.bytes > 0)).toBe(true);
  });

  it("never writes other bytes under an image the blog holds", async () => {
    const owner = await createOwner(app);
    const { files, doc } = await exportWithImage(owner);
    const target = await createBlog(owner, "Held image");
    const held = (
      await uploadFile(owner, target.id, await makeImage({ width: 200, format: "png" }), "h.png")
    ).body;
    const [heldRow] = await app.db.select().from(media).where(eq(media.id, held.id));
    const storage = storageFromEnv(app.env);
    const heldFiles = await Promise.all(
      (heldRow?.variants ?? []).map((v) => storage.get(mediaKey(target.id, v.file))),
    );
    // The export claims the held image's hash for its own (other) picture.
    const image = doc.media[0] as BlogfleetExport["media"][number];
    const claimed = heldRow?.hash as string;
    const renamedFiles: Record<string, Uint8Array> = { ...files };
    const variants = image.variants.map((v) => {
      const file = v.file.replace(image.hash, claimed);
      renamedFiles[`media/${file}`] = files[`media/${v.file}`] as Uint8Array;
      return { ...v, file };
    });
    const forged = {
      ...doc,
      media: [{ ...image, hash: claimed, variants }],
      posts: doc.posts.map((p) => ({ ...p, html: p.html.split(image.hash).join(claimed) })),
    };
    const job = await importFile(owner, target.id, zipOf(forged, renamedFiles));
    expect(job.status, job.error ?? "").toBe("succeeded");
    const after = await Promise.all(
      (heldRow?.variants ?? []).map((v) => storage.get(mediaKey(target.id, v.file))),
    );
    expect(after).toEqual(heldFiles);
    const rows = await app.db.select().from(media).where(eq(media.blogId, target.id));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.hash === claimed)).toHaveLength(1);
  });

  it("refuses a library that does not fit the blog's quota, and stores nothing of it", async () => {
    const owner = await createOwner(app);
    const { files, doc } = await exportWithImage(owner);
    const target = await createBlog(owner, "Full");
    // The blog's library is all but full.
    await app.db.insert(media).values({
      blogId: target.id,
      hash: "f".repeat(32),
      fileName: "huge.jpg",
      alt: "",
      format: "jpeg",
      width: 10,
      height: 10,
      uploadBytes: 10,
      storedBytes: mediaLimits.blogBytes - 100,
      variants: [],
    });
    const job = await importFile(owner, target.id, zipOf(doc, files));
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/a blog may store/);
    const rows = await app.db.select().from(media).where(eq(media.blogId, target.id));
    expect(rows.map((r) => r.fileName)).toEqual(["huge.jpg"]);
    expect(await app.db.select().from(posts).where(eq(posts.blogId, target.id))).toEqual([]);
  });
});

describe("an import is bounded and runs off the request (findings 1 and 7)", () => {
  it("answers a Markdown zip at once and refuses entries packed like a bomb in the job", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Bomb");
    const megabyte = strToU8("All work and no play makes a dull post. ".repeat(26_000));
    const bomb = zipSync(
      Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`post-${i}.md`, megabyte])),
      { level: 9 },
    );
    expect(bomb.length).toBeLessThan(100_000);
    const started = await upload(owner, blog.id, bomb);
    expect(started.status).toBe(202);
    // The answer comes before the file is read: the job has not started.
    expect(started.body).toMatchObject({ status: "queued", total: 0 });
    await app.imports.idle();
    const job = (await owner.get<ImportJob>(`/api/imports/${started.body.id}`)).body;
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/zip bombs/);
    expect(await app.db.select().from(posts).where(eq(posts.blogId, blog.id))).toEqual([]);
  });

  it("reports a Markdown file longer than any post without parsing it", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Long file");
    // Words in a varying order pack about 3:1, like real text.
    let state = 7;
    const words = ["soil", "seed", "tomato", "water", "sun", "basil", "leaf", "root", "bloom"];
    const long = Array.from({ length: 120_000 }, () => {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return words[state % words.length];
    }).join(" ");
    const job = await importFile(
      owner,
      blog.id,
      zipSync({
        "a-long.md": strToU8(`---\ntitle: Long\n---\n${long}`),
        "b-short.md": strToU8("---\ntitle: Short\n---\nA short post."),
      }),
    );
    expect(job.status, job.error ?? "").toBe("succeeded");
    expect(job.report.imported.map((p) => p.title)).toEqual(["Short"]);
    expect(job.report.skipped).toEqual([
      { title: "a-long.md", reason: expect.stringMatching(/longer than 500,000 characters/) },
    ]);
  });

  it("refuses a declared body over the limit before reading any of it", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Declared");
    const url = new URL(app.baseUrl);
    // Headers only: a server that waited for the 200 MB body would never answer.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          hostname: url.hostname,
          port: url.port,
          method: "POST",
          path: `/api/blogs/${blog.id}/imports`,
          headers: {
            cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
            origin: app.origin,
            "content-type": "application/octet-stream",
            "content-length": String(200 * 1024 * 1024),
          },
        },
        (res) => {
          let body = "";
          res.on("data", (chunk: Buffer) => {
            body += chunk.toString("utf8");
          });
          res.on("end", () => {
            resolve({ status: res.statusCode ?? 0, body });
            req.destroy();
          });
        },
      );
      req.on("error", reject);
      req.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(`${importLimits.fileBytes / 1024 / 1024} MB`);
  });

  it(`limits an owner to ${importLimits.perOwnerPerHour} imports an hour`, async () => {
    const limited = await startTestApp();
    try {
      const owner = await createOwner(limited);
      const blog = await createBlog(owner, "Many");
      const file = strToU8("---\ntitle: One\n---\nText.");
      for (let i = 0; i < importLimits.perOwnerPerHour; i++) {
        const res = await owner.request("POST", `/api/blogs/${blog.id}/imports`, {
          raw: zipSync({ [`p${i}.md`]: file }),
        });
        expect(res.status, res.text).toBe(202);
      }
      const refused = await owner.request<{ message: string }>(
        "POST",
        `/api/blogs/${blog.id}/imports`,
        { raw: zipSync({ "last.md": file }) },
      );
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(
        `You can start at most ${importLimits.perOwnerPerHour} imports an hour. Try again later.`,
      );
      // Another owner is not held back.
      const other = await createOwner(limited);
      const theirs = await createBlog(other, "Theirs");
      const res = await other.request("POST", `/api/blogs/${theirs.id}/imports`, {
        raw: zipSync({ "first.md": file }),
      });
      expect(res.status).toBe(202);
      await limited.imports.idle();
    } finally {
      await limited.close();
    }
  });

  it("can be cancelled while its file is read, and then writes nothing", async () => {
    let release: () => void = () => {};
    let reading: () => void = () => {};
    const read = new Promise<void>((resolve) => (reading = resolve));
    const slow = await startTestApp({
      parseImport: async (file) => {
        reading();
        await new Promise<void>((resolve) => (release = resolve));
        return parseImportFile(file);
      },
    });
    try {
      const owner = await createOwner(slow);
      const blog = await createBlog(owner, "Cancelled early");
      const started = await owner.request<ImportJob>("POST", `/api/blogs/${blog.id}/imports`, {
        raw: zipSync({ "a.md": strToU8("---\ntitle: A\n---\nText.") }),
      });
      await read;
      const cancelled = await owner.post<ImportJob>(`/api/imports/${started.body.id}/cancel`);
      expect(cancelled.body.status).toBe("cancelled");
      release();
      await slow.imports.idle();
      const job = (await owner.get<ImportJob>(`/api/imports/${started.body.id}`)).body;
      expect(job.status).toBe("cancelled");
      expect(await slow.db.select().from(posts).where(eq(posts.blogId, blog.id))).toEqual([]);
    } finally {
      await slow.close();
    }
  });

  it("answers 404 for another owner's blog before reading the body", async () => {
    const owner = await createOwner(app);
    const other = await createOwner(app);
    const blog = await createBlog(owner, "Not theirs");
    const res = await upload(other, blog.id, strToU8("---\ntitle: X\n---\nY"));
    expect(res.status).toBe(404);
    expect(await app.db.select().from(importJobs).where(eq(importJobs.blogId, blog.id))).toEqual(
      [],
    );
  });
});
