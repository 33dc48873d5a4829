import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Blog } from "../../../contracts/blogs.ts";
import type { Post } from "../../../contracts/posts.ts";
import { blogs } from "../../db/schema.ts";
import { startJobs } from "../../jobs/jobs.ts";
import { createPgBossQueue } from "../../jobs/pg-boss-queue.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { createSqliteQueue } from "../../jobs/sqlite-queue.ts";
import { createLogger } from "../../logger.ts";
import { onPostgres } from "../../test/dialect.ts";
import { createBlog, createOwner, createPublishedPost } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { startIndexNowPeer } from "../../test/indexnow-peer.ts";
import { rawGet } from "../../test/raw-http.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { indexNowKey } from "./key.ts";
import { isLocalHost, withIndexNow } from "./pings.ts";
import { indexNowSubmitter } from "./submit.ts";

let app: TestApp;
let peer: Awaited<ReturnType<typeof startIndexNowPeer>>;
let queue: JobQueue;
let owner: TestClient;
let blog: Blog;
let key: string;
const host = "garden-now.blogs.test";
const base = `http://${host}`;

beforeAll(async () => {
  peer = await startIndexNowPeer();
  // The app's content events, as the server composes them: rendering, then the IndexNow ping.
  let events: ContentEvents | undefined;
  app = await startTestApp({
    publishing: true,
    env: { BLOG_DOMAIN: "blogs.test" },
    contentEvents: { blogChanged: (blogId, change) => events?.blogChanged(blogId, change) },
  });
  const publishing = app.publishing;
  if (!publishing) throw new Error("publishing expected");
  // The queue a server on this database has (decision 320); retries come quickly on SQLite.
  queue = onPostgres
    ? await createPgBossQueue({
        connectionString: app.env.DATABASE_URL,
        pollingIntervalSeconds: 0.5,
      })
    : await createSqliteQueue({ db: app.db, retryDelaySeconds: 0.2 });
  const logger = createLogger("silent");
  events = withIndexNow(publishing.contentEvents, {
    db: app.db,
    queue,
    canonical: publishing.canonical,
    logger,
    // The blogs' host is under `.test`: only a test pings such a host.
    localHosts: true,
  });
  await startJobs(
    {
      db: app.db,
      ai: app.aiGate,
      publishing,
      contentEvents: events,
      logger,
      queue,
      indexNow: { endpoint: peer.endpoint, perSecond: 50 },
    },
    ["indexnow"],
  );
  owner = await createOwner(app);
  blog = await createBlog(owner, "Garden Now");
  await app.db.update(blogs).set({ subdomain: "garden-now" }).where(eq(blogs.id, blog.id));
  key = await indexNowKey(app.db, blog.id);
});
afterAll(async () => {
  await queue.stop();
  await app.close();
  await peer.close();
});

const read = (path: string, onHost = host) => rawGet(app.baseUrl, path, { host: onHost });

/** Waits until the receiver has `count` pings naming `url`. */
async function pingsOf(url: string, count = 1, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (peer.pingsOf(url).length < count) {
    if (Date.now() > until) throw new Error(`no ping of ${url}: ${JSON.stringify(peer.received)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return peer.pingsOf(url);
}

const postUrl = (slug: string) => `${base}/post/${slug}`;

describe("IndexNow key file (decision 378)", () => {
  it("is served on the blog's host, as plain text holding the key", async () => {
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    // An address the blog does not know first, so its not-found page is held in memory.
    expect((await read("/nothing-here")).status).toBe(404);
    for (let i = 0; i < 2; i++) {
      const reply = await read(`/${key}.txt`);
      expect(reply.status).toBe(200);
      expect(reply.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(reply.body).toBe(key);
    }
    // Under the blog's path on the app's host too, where its key location would then be.
    const onApp = await rawGet(app.baseUrl, `/blog/${blog.slug}/${key}.txt`);
    expect(onApp.status).toBe(200);
    expect(onApp.body).toBe(key);
  });

  it("is the blog's own: another key file, or another blog's, answers 404", async () => {
    const other = await createBlog(owner, "Other Garden");
    const otherKey = await indexNowKey(app.db, other.id);
    expect(otherKey).not.toBe(key);
    expect(await indexNowKey(app.db, blog.id)).toBe(key);
    expect((await read(`/${otherKey}.txt`)).status).toBe(404);
    expect((await read(`/${"0".repeat(32)}.txt`)).status).toBe(404);
  });
});

describe("IndexNow pings", () => {
  it("publishing a post pings its address with the blog's host, key and key location", async () => {
    await createPublishedPost(owner, blog.id, { title: "Tomatoes", slug: "tomatoes" });
    const [ping] = await pingsOf(postUrl("tomatoes"));
    expect(ping).toMatchObject({
      host,
      key,
      keyLocation: `${base}/${key}.txt`,
      status: 202,
    });
    expect(ping?.urlList).toEqual([`${base}/`, postUrl("tomatoes")]);
  });

  it("an edit of a published post pings it again", async () => {
    const post = await createPublishedPost(owner, blog.id, { title: "Beans", slug: "beans" });
    await pingsOf(postUrl("beans"));
    const res = await owner.patch<Post>(`/api/posts/${post.id}`, { title: "Runner beans" });
    expect(res.status).toBe(200);
    await pingsOf(postUrl("beans"), 2);
  });

  it("unpublishing and deleting ping the addresses the posts had", async () => {
    const taken = await createPublishedPost(owner, blog.id, { title: "Kale", slug: "kale" });
    const deleted = await createPublishedPost(owner, blog.id, { title: "Leeks", slug: "leeks" });
    await pingsOf(postUrl("kale"));
    await pingsOf(postUrl("leeks"));
    expect((await owner.patch(`/api/posts/${taken.id}/status`, { status: "draft" })).status).toBe(
      200,
    );
    await pingsOf(postUrl("kale"), 2);
    expect((await read("/post/kale")).status).toBe(410);
    expect((await owner.delete(`/api/posts/${deleted.id}`)).status).toBe(204);
    await pingsOf(postUrl("leeks"), 2);
  });

  it("a 429 is tried again later, and the ping is delivered once", async () => {
    let busy = true;
    peer.answerWith((ping) => {
      if (!ping.urlList.includes(postUrl("squash"))) return 202;
      if (!busy) return 200;
      busy = false;
      return 429;
    });
    await createPublishedPost(owner, blog.id, { title: "Squash", slug: "squash" });
    const pings = await pingsOf(postUrl("squash"), 2, 20_000);
    expect(pings.map((p) => p.status)).toEqual([429, 200]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(peer.pingsOf(postUrl("squash")).filter((p) => p.status === 200)).toHaveLength(1);
    peer.answerWith(() => 202);
  }, 30_000);

  it("a 422 is not tried again", async () => {
    peer.answerWith((ping) => (ping.urlList.includes(postUrl("chard")) ? 422 : 202));
    await createPublishedPost(owner, blog.id, { title: "Chard", slug: "chard" });
    await pingsOf(postUrl("chard"));
    // Longer than a few retries' back-off would take on this queue.
    await new Promise((resolve) => setTimeout(resolve, onPostgres ? 7000 : 1500));
    expect(peer.pingsOf(postUrl("chard"))).toHaveLength(1);
    peer.answerWith(() => 202);
  }, 30_000);

  it("saving a draft pings nothing", async () => {
    const before = peer.received.length;
    const res = await owner.post<Post>("/api/posts", {
      blogId: blog.id,
      title: "Draft only",
      slug: "draft-only",
      content: "<p>Not yet</p>",
    });
    expect(res.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(peer.received.length).toBe(before);
    expect(peer.pingsOf(postUrl("draft-only"))).toHaveLength(0);
  });
});

describe("the indexnow job", () => {
  it("sends 10,000 addresses a request at most, paced, and only those of the blog", async () => {
    const publishing = app.publishing;
    if (!publishing) throw new Error("publishing expected");
    const submit = indexNowSubmitter({
      db: app.db,
      canonical: publishing.canonical,
      logger: createLogger("silent"),
      settings: { endpoint: peer.endpoint, perSecond: 4 },
    });
    const urls = Array.from({ length: 10_001 }, (_, i) => `${base}/post/bulk-${i}`);
    const before = peer.received.length;
    const started = Date.now();
    await submit({ blogId: blog.id, urls: [...urls, "https://elsewhere.example/post/x"] });
    const pings = peer.received.slice(before);
    expect(pings.map((p) => p.urlList.length)).toEqual([10_000, 1]);
    expect(pings.flatMap((p) => p.urlList)).toEqual(urls);
    // Four requests a second: the second waits a quarter of a second after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });
});

describe("hosts search engines cannot reach", () => {
  it("are never pinged", () => {
    for (const local of ["localhost", "a.localhost", "blog.test", "x.local", "127.0.0.1", "[::1]"])
      expect(isLocalHost(local)).toBe(true);
    for (const open of ["garden.example.com", "blogs.example.net", "testing.io"])
      expect(isLocalHost(open)).toBe(false);
  });
});
