import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startTestS3Server,
  type TestS3Server,
  testS3Credentials,
} from "../../../site-builder/storage/s3-test-server.ts";
import { createBlog, createOwner, createPublishedPost } from "../../test/factories.ts";
import type { TestClient } from "../../test/harness.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { makeImage, uploadFile } from "../../test/images.ts";

// The whole path a reader takes, with rendered sites and media on an S3-compatible server
// (decision 190): nothing is on a local path, everything is read back through the protocol.
let s3: TestS3Server;
let app: TestApp;
let owner: TestClient;
const saved = { ...process.env };
/** While set, the bucket takes no upload of a render's files until it resolves. */
let uploadsHeld: Promise<void> | undefined;
/** Keys of the uploads held so far. */
const held: string[] = [];
beforeAll(async () => {
  s3 = await startTestS3Server("blogfleet-test", {
    beforePut: async (key) => {
      if (key.includes(".staging/") && uploadsHeld) {
        held.push(key);
        await uploadsHeld;
      }
    },
  });
  process.env.AWS_ACCESS_KEY_ID = testS3Credentials.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = testS3Credentials.secretAccessKey;
  app = await startTestApp({
    publishing: true,
    env: {
      STORAGE_URL: `s3://${s3.bucket}/installation`,
      AWS_ENDPOINT_URL: s3.endpoint,
      AWS_REGION: "us-east-1",
    },
  });
  owner = await createOwner(app);
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
  process.env = saved;
});

describe("blogs and media on object storage", () => {
  it("renders a published post into the bucket and serves it from there", async () => {
    const blog = await createBlog(owner, "Bucket Blog");
    const post = await createPublishedPost(owner, blog.id, { title: "Kept in a bucket" });
    await app.publishing?.queue.onIdle();
    const output = app.publishing?.output;
    expect(await output?.hasLive(blog.id)).toBe(true);
    // Nothing of the site is on the local disk.
    expect(await output?.currentDir(blog.id)).toBeUndefined();
    expect(existsSync(join(app.dir, "sites", "blogs", blog.id))).toBe(false);
    const stored = await output?.readLiveFile(blog.id, `post/${post.slug}.html`);
    expect(stored?.body.toString("utf8")).toContain("Kept in a bucket");

    const page = await app.client().get(`/blog/${blog.slug}/post/${post.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Kept in a bucket");
    expect(page.headers.get("last-modified")).toBe(stored?.modified.toUTCString());

    // An unpublished post goes from readers at once, and from the bucket with the next render.
    expect((await owner.patch(`/api/posts/${post.id}/status`, { status: "draft" })).status).toBe(
      200,
    );
    expect((await app.client().get(`/blog/${blog.slug}/post/${post.slug}`)).status).toBe(410);
    await app.publishing?.queue.onIdle();
    expect(await output?.readLiveFile(blog.id, `post/${post.slug}.html`)).toBeUndefined();
  });

  it("serves a publish's home page only once the bucket has stored it (decision 359)", async () => {
    const blog = await createBlog(owner, "Slow Bucket");
    await createPublishedPost(owner, blog.id, { title: "Already there" });
    await app.publishing?.queue.onIdle();
    let letGo!: () => void;
    uploadsHeld = new Promise((resolve) => {
      letGo = resolve;
    });
    held.length = 0;
    try {
      await createPublishedPost(owner, blog.id, { title: "Fresh from the render" });
      // The render has the new home page in hand; the bucket is still waiting for it.
      // (Its readers' pages, the post's and the home page, are the first files it uploads.)
      for (let tries = 0; tries < 500 && held.length === 0; tries++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(held.length).toBeGreaterThan(0);
      // Readers get the page storage holds, never the render's page before it is stored.
      for (let i = 0; i < 3; i++) {
        const home = (await app.client().get(`/blog/${blog.slug}/`)).text;
        expect(home).toContain("Already there");
        expect(home).not.toContain("Fresh from the render");
      }
    } finally {
      letGo();
      uploadsHeld = undefined;
    }
    await app.publishing?.queue.onIdle();
    const stored = await app.publishing?.output.readLiveFile(blog.id, "index.html");
    expect(stored?.body.toString("utf8")).toContain("Fresh from the render");
    // Stored: the file's change dropped the page held before, and readers get the new one.
    expect((await app.client().get(`/blog/${blog.slug}/`)).text).toContain("Fresh from the render");
  });

  it("stores uploads in the bucket and serves them from it", async () => {
    const blog = await createBlog(owner, "Bucket Media");
    const res = await uploadFile(owner, blog.id, await makeImage({ width: 300 }), "a.jpg");
    expect(res.status).toBe(201);
    expect(existsSync(join(app.dir, "sites", "media"))).toBe(false);
    const variant = res.body.variants[0];
    const file = await fetch(`${app.baseUrl}/media/${variant?.file}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).length).toBe(variant?.bytes);
  });
});
