import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type BuildWriter,
  createSiteOutput,
  type SiteOutput,
} from "../../../site-builder/pipeline/site-output.ts";
import { loadTheme, type Theme } from "../../../site-builder/pipeline/theme.ts";
import { createWorkerPool } from "../../../site-builder/pipeline/worker-pool.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { rawRows } from "../../db/query.ts";
import {
  affiliateLinks,
  blogs,
  categories,
  posts,
  preparedBodies,
  renderJobs,
  siteBuilds,
} from "../../db/schema.ts";
import { jobs } from "../../jobs/jobs.ts";
import { createPgBossQueue } from "../../jobs/pg-boss-queue.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { createSqliteQueue } from "../../jobs/sqlite-queue.ts";
import { createTestPostgresDatabase } from "../../jobs/test-postgres.ts";
import { describeSqliteOnly, onPostgres, openTestDatabase } from "../../test/dialect.ts";
import { insertOwnerAndBlog } from "../../test/factories.ts";
import { fullDatabaseDisk } from "../../test/full-disk.ts";
import { recordChange } from "./outbox.ts";
import {
  createRenderQueue,
  defaultRetryDelayMs,
  maxRetryDelayMs,
  type RenderQueue,
  type RenderQueueDeps,
  sizeAfterChange,
  snapshotBytes,
} from "./render-queue.ts";
import { loadSnapshot } from "./snapshot.ts";

let theme: Theme;
beforeAll(async () => {
  theme = await loadTheme();
});

let dir: string;
let handle: Awaited<ReturnType<typeof openDatabase>>;
let output: SiteOutput;
let blogId: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "blogfleet-render-"));
  handle = await openTestDatabase(dir);
  output = createSiteOutput(join(dir, "sites"));
  ({ blogId } = await insertOwnerAndBlog(handle.db, {
    name: "Garden Notes",
    slug: "garden",
    subdomain: "garden",
    description: "Growing food",
  }));
});
/** Job queues of the test, stopped before its database closes. */
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The queue's snapshot of a blog, as the tests' queues load it (tests wrap it to watch it). */
const loadTestSnapshot: RenderQueueDeps["loadSnapshot"] = (id, scope) =>
  loadSnapshot(
    handle.db,
    id,
    { canonicalBaseOf: (b) => `http://${b.subdomain}.blogs.test`, sanitize: (h) => h },
    scope,
  );

const queueWith = (overrides: Partial<RenderQueueDeps> = {}) =>
  createRenderQueue({
    db: handle.db,
    theme,
    output,
    loadSnapshot: loadTestSnapshot,
    hostsOf: ({ blog }) => (blog.subdomain ? [`${blog.subdomain}.blogs.test`] : []),
    retryDelayMs: () => 5,
    ...overrides,
  });

/** A job of the test's job queue, as its table keeps it. */
type QueuedJob = { state: string; startAfter: number };

/**
 * The job queue a server on the test's database has (decision 320): the SQLite queue in the
 * database (`db`: the test's, or another handle of its file), or pg-boss (here in a database of
 * its own, as the shared-jobs tests do). `rows` reads the jobs of a name and key.
 */
async function testJobQueue(db: Database = handle.db) {
  if (!onPostgres) {
    const queue = await createSqliteQueue({ db, retryDelaySeconds: 0.05 });
    stops.push(() => queue.stop());
    const rows = (name: string, key = name) =>
      rawRows<QueuedJob>(
        handle.db,
        sql`select state, start_after as "startAfter" from job_queue
          where name = ${name} and singleton_key = ${key} order by created_at`,
      );
    return { queue, rows };
  }
  const database = await createTestPostgresDatabase();
  stops.push(() => database.drop());
  const queue = await createPgBossQueue({
    connectionString: database.url,
    pollingIntervalSeconds: 0.5,
  });
  stops.push(() => queue.stop());
  const rows = async (name: string, key = name) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ state: string; start_after: Date }>(
        "select state, start_after from pgboss.job where name = $1 and singleton_key = $2 order by created_on",
        [name, key],
      );
      return rows.map(
        (row): QueuedJob => ({ state: row.state, startAfter: row.start_after.getTime() }),
      );
    } finally {
      await client.end();
    }
  };
  return { queue, rows };
}

/** A failed render's next try, as the server queues it: the blog's `render` job, later. */
const retryOn =
  (queue: JobQueue): RenderQueueDeps["retryLater"] =>
  (id, delayMs) =>
    queue.enqueue(
      "render",
      { blogId: id },
      { key: id, startAfter: new Date(Date.now() + delayMs), bringForward: true },
    );

const renders = jobs.find((job) => job.name === "renders") as Extract<
  (typeof jobs)[number],
  { name: "renders" }
>;

/** Works the list's `renders` job (the render job and the sweep) for `queue`, as a worker does. */
async function startRenders(
  jobQueue: Awaited<ReturnType<typeof testJobQueue>>,
  queue: RenderQueue,
  db: Database = handle.db,
) {
  await renders.start({ queue: jobQueue.queue, db, publishing: { queue } });
}

/**
 * A render queue whose failed renders are tried again through a job queue that works the
 * `renders` job, once that job's first sweep (at its start) is done.
 */
async function queueOnJobs(overrides: Partial<RenderQueueDeps> = {}) {
  const jobQueue = await testJobQueue();
  const queue = queueWith({ retryLater: retryOn(jobQueue.queue), ...overrides });
  await startRenders(jobQueue, queue);
  await expect
    .poll(async () => (await jobQueue.rows("render-sweep")).map((job) => job.state), {
      timeout: 10_000,
    })
    .toContain("completed");
  return { queue, jobQueue };
}

async function addPost(
  slug: string,
  status: "draft" | "published" = "published",
  extra: Partial<typeof posts.$inferInsert> = {},
) {
  const [post] = await handle.db
    .insert(posts)
    .values({
      blogId,
      title: `Title ${slug}`,
      slug,
      content: `<p>Body of ${slug}</p>`,
      excerpt: `About ${slug}`,
      status,
      publishedAt: new Date(),
      ...extra,
    })
    .returning();
  return post as typeof posts.$inferSelect;
}

/**
 * A blog live with post "first" (a full render), then post "second" published and rendered
 * as the change it is, on a queue of the test's own.
 */
async function liveThenPublishSecond() {
  const first = await addPost("first");
  const queue = queueWith();
  await queue.enqueue(blogId, { full: true });
  await queue.onIdle();
  const second = await addPost("second");
  await queue.enqueue(blogId, { postIds: [second.id] });
  await queue.onIdle();
  return { queue, first, second };
}

const liveFile = (file: string) => {
  const path = join(dir, "sites", "blogs", blogId, "current", file);
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
};
const builds = () => handle.db.select().from(siteBuilds).where(eq(siteBuilds.blogId, blogId));

/** The real theme, but its render of `path` throws the first `times` times. */
function failingAt(path: string, times: number): Theme {
  let failures = times;
  return {
    render: async (site, pagePath, options) => {
      if (failures > 0 && pagePath === path) {
        failures--;
        throw new Error("theme exploded");
      }
      return theme.render(site, pagePath, options);
    },
  };
}

describe("render queue", () => {
  it("starts the next blog's render once a render's pages are live, before its cards are drawn", async () => {
    const [garden] = await handle.db.select().from(blogs).where(eq(blogs.id, blogId));
    const [bees] = await handle.db
      .insert(blogs)
      .values({
        ownerId: garden?.ownerId as string,
        name: "Bee Notes",
        slug: "bees",
        subdomain: "bees",
      })
      .returning();
    const beesId = bees?.id as string;
    await addPost("first");
    let releaseCards = () => {};
    const cardsHeld = new Promise<void>((done) => {
      releaseCards = done;
    });
    // One render at a time; every card waits until released.
    const queue = queueWith({
      concurrency: 1,
      drawCard: async () => {
        await cardsHeld;
        return new Uint8Array([137, 80, 78, 71]);
      },
    });
    const beesHome = join(dir, "sites", "blogs", beesId, "current", "index.html");
    try {
      await queue.enqueue(blogId, { full: true });
      await queue.enqueue(beesId, { full: true });
      for (const until = Date.now() + 10_000; !existsSync(beesHome) && Date.now() < until; )
        await new Promise((done) => setTimeout(done, 10));
      // The bees' pages went live while the garden's cards were still being drawn.
      expect(readFileSync(beesHome, "utf8")).toContain("Bee Notes");
      expect(liveFile("index.html")).toContain("Title first");
      expect(queue.stateOf(blogId)).toBe("rendering");
      // Idle means every run has ended, cards and records included.
      let idle = false;
      const idling = queue.onIdle().then(() => {
        idle = true;
      });
      await new Promise((done) => setTimeout(done, 50));
      expect(idle).toBe(false);
      releaseCards();
      await idling;
      expect(queue.stateOf(blogId)).toBe("idle");
      expect((await builds()).map((b) => b.status)).toEqual(["succeeded"]);
      expect(await handle.db.select().from(renderJobs)).toEqual([]);
    } finally {
      releaseCards();
      await queue.stop();
    }
  });

  it("starts a blog's next run once its pages are live, while its cards are still being drawn", async () => {
    await addPost("first");
    let held: Promise<void> | undefined;
    let release = () => {};
    const queue = queueWith({
      drawCard: async () => {
        await held;
        return new Uint8Array([137, 80, 78, 71]);
      },
    });
    const waitFor = async (file: string) => {
      for (const until = Date.now() + 5_000; !liveFile(file) && Date.now() < until; )
        await new Promise((done) => setTimeout(done, 5));
      return liveFile(file);
    };
    try {
      await queue.enqueue(blogId, { full: true });
      await queue.onIdle();
      held = new Promise<void>((done) => {
        release = done;
      });
      const second = await addPost("second");
      await queue.enqueue(blogId, { postIds: [second.id] });
      expect(await waitFor("post/second.html")).toContain("Title second");
      // The second post's card is held; the third's pages go live all the same.
      const third = await addPost("third");
      await queue.enqueue(blogId, { postIds: [third.id] });
      expect(await waitFor("post/third.html")).toContain("Title third");
      expect(liveFile("index.html")).toContain("Title third");
      expect(liveFile("index.html")).toContain("Title second");
    } finally {
      release();
      await queue.onIdle();
    }
    expect(queue.stateOf(blogId)).toBe("idle");
    expect((await builds()).map((b) => b.status)).toEqual(["succeeded", "succeeded", "succeeded"]);
    const jobs = await handle.db.select().from(renderJobs).where(eq(renderJobs.blogId, blogId));
    expect(jobs).toEqual([]);
  });

  it("renders the whole blog, maps its host and records the build", async () => {
    const [category] = await handle.db
      .insert(categories)
      .values({ blogId, name: "Tomatoes", slug: "tomatoes" })
      .returning();
    await addPost("first", "published", { categoryId: category?.id });
    await addPost("secret-draft", "draft");
    const queue = queueWith();
    await queue.enqueue(blogId, { full: true });
    await queue.onIdle();

    expect(liveFile("index.html")).toContain("Title first");
    expect(liveFile("index.html")).not.toContain("secret-draft");
    expect(liveFile("post/first.html")).toContain("<p>Body of first</p>");
    expect(liveFile("post/secret-draft.html")).toBeUndefined();
    expect(liveFile("category/tomatoes.html")).toContain("Title first");
    expect(liveFile("rss.xml")).toContain("<link>http://garden.blogs.test/post/first</link>");
    expect(liveFile("sitemap.xml")).toContain("<loc>http://garden.blogs.test/post/first</loc>");
    expect(liveFile("404.html")).toContain("404 Page Not Found");
    expect(readlinkSync(join(dir, "sites", "hosts", "garden.blogs.test"))).toBe(
      join("..", "blogs", blogId, "current"),
    );
    expect((await builds()).map((b) => [b.status, b.full])).toEqual([["succeeded", true]]);
    expect(await handle.db.select().from(renderJobs)).toEqual([]);
  });

  it("re-renders only what a publish touches and removes an unpublished post's page", async () => {
    const { queue, first } = await liveThenPublishSecond();
    expect(liveFile("post/second.html")).toContain("Title second");
    expect(liveFile("index.html")).toContain("Title second");
    const last = (await builds()).at(-1);
    expect(last?.full).toBe(false);
    // its page, the home page, the author page, the feed and the sitemap: not the untouched
    // first post
    expect(last?.pagesWritten).toBe(5);

    await handle.db.update(posts).set({ status: "draft" }).where(eq(posts.id, first.id));
    await queue.enqueue(blogId, { postIds: [first.id] });
    await queue.onIdle();
    expect(liveFile("post/first.html")).toBeUndefined();
    expect(liveFile("index.html")).not.toContain("Title first");
    expect(liveFile("sitemap.xml")).not.toContain("/post/first<");
  });

  it("publishes on other blogs while full renders wait for their own, fewer places", async () => {
    await addPost("first");
    const [garden] = await handle.db.select().from(blogs).where(eq(blogs.id, blogId));
    const others = await handle.db
      .insert(blogs)
      .values(
        ["bees", "herbs"].map((slug) => ({
          ownerId: garden?.ownerId as string,
          name: `About ${slug}`,
          slug,
          subdomain: slug,
        })),
      )
      .returning();
    const [bees, herbs] = others.map((b) => b.id) as [string, string];
    let releaseWhole = () => {};
    const wholeHeld = new Promise<void>((done) => {
      releaseWhole = done;
    });
    const wholeStarted: string[] = [];
    const queue = queueWith({
      concurrency: 8,
      fullConcurrency: 1,
      loadSnapshot: async (id, scope) => {
        if (scope?.kind === "all" && id !== blogId) {
          wholeStarted.push(id);
          await wholeHeld;
        }
        return loadTestSnapshot(id, scope);
      },
    });
    // Garden is live (its live snapshot kept by this queue): its next publish is incremental.
    await queue.enqueue(blogId, { full: true });
    await queue.onIdle();
    // Two whole blogs to render, one place for full renders: one holds it, the other waits.
    await queue.enqueue(bees, { full: true });
    await queue.enqueue(herbs, { full: true });
    for (const until = Date.now() + 5_000; wholeStarted.length === 0 && Date.now() < until; )
      await new Promise((tick) => setTimeout(tick, 5));
    const second = await addPost("second");
    await queue.enqueue(blogId, { postIds: [second.id] });
    for (const until = Date.now() + 10_000; !liveFile("post/second.html") && Date.now() < until; )
      await new Promise((tick) => setTimeout(tick, 10));
    // Garden's publish went live while one full render (whichever reached its place first:
    // on PostgreSQL their reads interleave) held the only place, and the other waited.
    expect(liveFile("post/second.html")).toContain("Title second");
    expect(wholeStarted).toHaveLength(1);
    releaseWhole();
    await queue.onIdle();
    expect([...wholeStarted].sort()).toEqual([bees, herbs].sort());
    expect(liveFile("post/first.html")).toContain("Title first");
    for (const id of [bees, herbs]) {
      expect(existsSync(join(dir, "sites", "blogs", id, "current", "index.html"))).toBe(true);
    }
  });

  it("stores a published post's prepared body once its pages are live, not before them (decision 231)", async () => {
    await addPost("first");
    const events: string[] = [];
    const queue = queueWith({
      loadSnapshot: async (id, scope) => {
        const snapshot = await loadTestSnapshot(id, scope);
        const store = snapshot?.storeBodies;
        if (snapshot && store) {
          snapshot.storeBodies = () => {
            events.push(`store, page live: ${liveFile("post/second.html") !== undefined}`);
            return store();
          };
        }
        return snapshot;
      },
    });
    await queue.enqueue(blogId, { full: true });
    await queue.onIdle();
    const second = await addPost("second");
    await queue.enqueue(blogId, { postIds: [second.id] });
    await queue.onIdle();
    expect(events).toEqual(["store, page live: true"]);
    const stored = await handle.db
      .select({ postId: preparedBodies.postId })
      .from(preparedBodies)
      .where(eq(preparedBodies.postId, second.id));
    expect(stored).toHaveLength(1);
  });

  it("makes a published post's page and the home page live before the rest of what it touches", async () => {
    await addPost("first");
    const batches: string[][] = [];
    const recording: SiteOutput = {
      ...output,
      async beginIncremental(id) {
        const writer = await output.beginIncremental(id);
        return {
          ...writer,
          async writeAll(files) {
            batches.push(files.map((f) => f.file));
            await writer.writeAll(files);
          },
        };
      },
    };
    const queue = queueWith({ output: recording });
    await queue.enqueue(blogId, { full: true });
    await queue.onIdle();
    batches.length = 0;
    const second = await addPost("second");
    await queue.enqueue(blogId, { postIds: [second.id] });
    await queue.onIdle();
    expect(batches[0]).toEqual(["post/second.html", "index.html"]);
    expect(batches.slice(1).flat()).toEqual(
      expect.arrayContaining(["author/garden-notes.html", "rss.xml", "sitemap.xml"]),
    );
    expect(liveFile("index.html")).toContain("Title second");
  });

  it("writes no page again for a post named again unchanged (a job keeps the posts of a run overtaken by a change)", async () => {
    const { queue, first, second } = await liveThenPublishSecond();
    const rendered = queue.liveSnapshot(blogId)?.postsById.get(second.id);
    expect(rendered?.title).toBe("Title second");

    await queue.enqueue(blogId, { postIds: [second.id] });
    await queue.onIdle();
    expect((await builds()).at(-1)?.pagesWritten).toBe(0);
    expect(queue.liveSnapshot(blogId)?.postsById.get(second.id)).toBe(rendered);

    // Named beside a post that did change: only that one's pages.
    await handle.db.update(posts).set({ title: "First again" }).where(eq(posts.id, first.id));
    await queue.enqueue(blogId, { postIds: [second.id, first.id] });
    await queue.onIdle();
    expect(liveFile("post/first.html")).toContain("First again");
    expect(queue.liveSnapshot(blogId)?.postsById.get(second.id)).toBe(rendered);
    // the first post's page, the home and author pages, the feed and the sitemap
    expect((await builds()).at(-1)?.pagesWritten).toBe(5);
  });

  it("sizes an incremental snapshot from its changes, as the whole sum would", async () => {
    const first = await addPost("first");
    const queue = queueWith();
    await queue.enqueue(blogId, { full: true });
    await queue.onIdle();
    const before = queue.liveSnapshot(blogId);
    const second = await addPost("second", "published", { content: "<p>A longer body</p>" });
    await handle.db.update(posts).set({ status: "draft" }).where(eq(posts.id, first.id));
    await queue.enqueue(blogId, { postIds: [second.id, first.id] });
    await queue.onIdle();
    const after = queue.liveSnapshot(blogId);
    if (!before || !after) throw new Error("no live snapshot");
    expect(after.posts.map((p) => p.slug)).toEqual(["second"]);
    expect(sizeAfterChange(before, after, [second.id, first.id, "none"])).toBe(
      snapshotBytes(after),
    );
    // Changes it was not told about: the whole sum.
    expect(sizeAfterChange(before, after, [first.id])).toBe(snapshotBytes(after));
    expect(snapshotBytes(after)).not.toBe(snapshotBytes(before));
  });

  it("keeps snapshots for incremental renders within its bound: an evicted blog renders in full", async () => {
    const [blog] = await handle.db.select().from(blogs).where(eq(blogs.id, blogId));
    const [kitchen] = await handle.db
      .insert(blogs)
      .values({ ownerId: blog?.ownerId as string, name: "Kitchen", slug: "kitchen" })
      .returning();
    const other = { blogId: kitchen?.id as string };
    await addPost("first");
    await handle.db.insert(posts).values({
      blogId: other.blogId,
      title: "Soup",
      slug: "soup",
      status: "published",
      publishedAt: new Date(),
    });
    // Room for one small blog's snapshot, not two.
    const queue = queueWith({ liveSnapshotBytes: 6000 });
    await queue.enqueue(blogId, { full: true });
    await queue.onIdle();
    await queue.enqueue(other.blogId, { full: true });
    await queue.onIdle();
    expect(queue.liveSnapshot(blogId)).toBeUndefined();
    expect(queue.liveSnapshot(other.blogId)?.posts.map((p) => p.slug)).toEqual(["soup"]);

    const second = await addPost("second");
    await queue.enqueue(blogId, { postIds: [second.id] });
    await queue.onIdle();
    expect(liveFile("post/second.html")).toContain("Title second");
    expect((await builds()).map((b) => b.full)).toEqual([true, true]);
  });

  it("leaves older archive pages alone when a post is published", async () => {
    const base = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 65; i++)
      await addPost(`old-${i}`, "published", { publishedAt: new Date(base + i * 60_000) });
    const queue = queueWith();
    await queue.enqueue(blogId, { full: true });
    await queue.onIdle();
    const archiveOne = liveFile("page/1.html");
    const archiveThree = liveFile("page/3.html");
    // No public name: the author is the blog (decision 055), its page paginated like home.
    const authorArchiveOne = liveFile("author/garden-notes/page/1.html");
    expect(authorArchiveOne).toContain("Title old-0");
    expect(archiveOne).toContain("Title old-0");
    expect(liveFile("page/3.html")).toBeDefined();
    expect(liveFile("page/4.html")).toBeUndefined();

    const fresh = await addPost("fresh", "published", {
      publishedAt: new Date(base + 100 * 60_000),
    });
    await queue.enqueue(blogId, { postIds: [fresh.id] });
    await queue.onIdle();
    const last = (await builds()).at(-1);
    // its page, the first page, the author page, the feed and the sitemap; no archive page
    // (of the home page or the author page) changed
    expect(last?.pagesWritten).toBe(5);
    expect(liveFile("page/1.html")).toBe(archiveOne);
    expect(liveFile("page/3.html")).toBe(archiveThree);
    expect(liveFile("author/garden-notes/page/1.html")).toBe(authorArchiveOne);
    expect(liveFile("index.html")).toContain("Title fresh");
    expect(liveFile("author/garden-notes.html")).toContain("Title fresh");
  });

  it("coalesces a burst of changes into at most two renders", async () => {
    // The first run's pages wait until every change of the burst is recorded: on PostgreSQL
    // the 20 recording transactions retry (SERIALIZABLE, one job row) and so come in spread
    // out, and a run that was quicker than the spread would be followed by more than one.
    let burstRecorded = () => {};
    const recorded = new Promise<void>((resolve) => {
      burstRecorded = resolve;
    });
    const held: Theme = {
      render: async (site, path, options) => {
        await recorded;
        return theme.render(site, path, options);
      },
    };
    const queue = queueWith({ theme: held });
    const created = [];
    for (let i = 0; i < 20; i++) created.push(await addPost(`post-${i}`));
    await Promise.all(created.map((p) => queue.enqueue(blogId, { postIds: [p.id] })));
    burstRecorded();
    await queue.onIdle();
    expect((await builds()).length).toBeLessThanOrEqual(2);
    for (const p of created) expect(liveFile(`post/${p.slug}.html`)).toContain(p.title);
  });

  it("keeps the previous site live when a render fails, and retries", async () => {
    await addPost("first");
    // The first site is live before the failing renders start (it used to be given 50 ms,
    // less than a first render takes on a busy machine).
    const first = queueWith();
    await first.enqueue(blogId, { full: true });
    await first.onIdle();
    const flaky = failingAt("/post/second", 2);
    const { queue } = await queueOnJobs({ theme: flaky });
    const second = await addPost("second");
    await queue.enqueue(blogId, { postIds: [second.id] });
    await queue.onIdle();
    expect(liveFile("post/first.html")).toContain("Title first");
    const failed = (await builds()).filter((b) => b.status === "failed");
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(failed[0]?.error).toBe("theme exploded");
    // The retries (with backoff, through the job queue) eventually succeed.
    await expect
      .poll(() => liveFile("post/second.html"), { timeout: 3000 })
      .toContain("Title second");
    await expect
      .poll(async () => (await handle.db.select().from(renderJobs)).length, { timeout: 3000 })
      .toBe(0);
  });

  it("retries a failed render through the job queue: the blog's render job, after the back-off", async () => {
    await addPost("first");
    const flaky = failingAt("/post/first", 1);
    const { queue, jobQueue } = await queueOnJobs({ theme: flaky, retryDelayMs: () => 1500 });
    const startedAt = Date.now();
    await queue.enqueue(blogId, { full: true });
    await queue.onIdle();
    const failedAt = Date.now();
    expect(queue.stateOf(blogId)).toBe("retrying");
    const retry = queue.retryOf(blogId);
    expect(retry).toMatchObject({ attempts: 1, error: "theme exploded" });
    expect(queue.failing().map((f) => f.blogId)).toEqual([blogId]);
    // The next try waits in the job queue as the blog's render job, until the time the owner
    // is shown.
    const waiting = (await jobQueue.rows("render", blogId)).filter((j) => j.state === "created");
    expect(waiting).toHaveLength(1);
    const at = waiting[0]?.startAfter ?? 0;
    expect(at).toBeGreaterThanOrEqual(startedAt + 1500);
    expect(at).toBeLessThanOrEqual(failedAt + 1500);
    expect(Math.abs(at - (retry?.nextAttemptAt.getTime() ?? 0))).toBeLessThan(100);
    expect(liveFile("post/first.html")).toBeUndefined();
    await expect
      .poll(() => liveFile("post/first.html"), { timeout: 10_000, interval: 20 })
      .toContain("Title first");
    expect(Date.now()).toBeGreaterThanOrEqual(at);
    await expect.poll(() => queue.stateOf(blogId), { timeout: 3000 }).toBe("idle");
    expect(queue.retryOf(blogId)).toBeUndefined();
    expect(queue.failing()).toEqual([]);
    expect((await builds()).map((b) => b.status)).toEqual(["failed", "succeeded"]);
  });

  it("tries a new change to a failing blog at once, dispatched here or queued as its render job", async () => {
    await addPost("first");
    const flaky = failingAt("/post/first", 2);
    // A retry waits a minute: nothing in this test waits for it.
    const { queue, jobQueue } = await queueOnJobs({ theme: flaky, retryDelayMs: () => 60_000 });
    await queue.enqueue(blogId, { full: true });
    await queue.onIdle();
    expect(queue.retryOf(blogId)?.attempts).toBe(1);

    // A change as a web process of a PostgreSQL set-up sends it: recorded, then queued as the
    // blog's render job, which brings the waiting retry forward.
    const second = await addPost("second");
    await handle.db.transaction((tx) =>
      recordChange(tx, blogId, { postIds: [second.id] }, new Date()),
    );
    await jobQueue.queue.enqueue("render", { blogId }, { key: blogId, bringForward: true });
    await expect.poll(async () => (await builds()).length, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => queue.stateOf(blogId), { timeout: 3000 }).toBe("retrying");
    // It failed too; a new change starts the back-off afresh.
    expect(queue.retryOf(blogId)?.attempts).toBe(1);
    const waiting = (await jobQueue.rows("render", blogId)).filter((j) => j.state === "created");
    expect(waiting.map((j) => j.startAfter > Date.now() + 50_000)).toEqual([true]);

    // A change dispatched here (the single-process set-up) runs at once as well.
    const third = await addPost("third");
    await queue.enqueue(blogId, { postIds: [third.id] });
    await queue.onIdle();
    expect(liveFile("post/third.html")).toContain("Title third");
    expect(liveFile("post/second.html")).toContain("Title second");
    expect(queue.stateOf(blogId)).toBe("idle");
    expect(queue.retryOf(blogId)).toBeUndefined();
  });

  it("shows a failure whose retry is queued until the retry's time: another worker may take it", async () => {
    await addPost("first");
    const failing: Theme = {
      render: async (site, path, options) => {
        if (path === "/post/first") throw new Error("theme exploded");
        return theme.render(site, path, options);
      },
    };
    // This process's render failed; the retry job is taken by another worker, whose render works.
    const jobQueue = await testJobQueue();
    const here = queueWith({
      theme: failing,
      retryDelayMs: () => 1500,
      retryLater: retryOn(jobQueue.queue),
    });
    await here.enqueue(blogId, { full: true });
    await here.onIdle();
    expect(here.stateOf(blogId)).toBe("retrying");
    expect(here.failing().map((f) => f.retry.error)).toEqual(["theme exploded"]);
    const there = queueWith();
    await startRenders(jobQueue, there);
    await expect
      .poll(() => liveFile("post/first.html"), { timeout: 10_000, interval: 20 })
      .toContain("Title first");
    // Past its time, the failure is not this process's to show any more.
    await expect.poll(() => here.stateOf(blogId), { timeout: 3000 }).toBe("idle");
    expect(here.retryOf(blogId)).toBeUndefined();
    expect(here.failing()).toEqual([]);
  });

  it("without a job queue, keeps a failed render for the blog's next change (no timer of its own)", async () => {
    await addPost("first");
    const flaky = failingAt("/post/first", 1);
    const queue = queueWith({ theme: flaky, retryDelayMs: () => 5 });
    await queue.enqueue(blogId, { full: true });
    await queue.onIdle();
    await new Promise((done) => setTimeout(done, 200));
    expect(queue.stateOf(blogId)).toBe("retrying");
    expect(liveFile("post/first.html")).toBeUndefined();
    await queue.enqueue(blogId, {});
    await queue.onIdle();
    expect(liveFile("post/first.html")).toContain("Title first");
    expect(queue.stateOf(blogId)).toBe("idle");
  });

  it("resumes persisted work after a restart", async () => {
    await addPost("first");
    // A job left behind by a process that died mid-render.
    await handle.db
      .insert(renderJobs)
      .values({ blogId, full: false, postIds: [], requestedAt: new Date(), startedAt: new Date() });
    const queue = queueWith();
    await queue.resume();
    await queue.onIdle();
    expect(liveFile("post/first.html")).toContain("Title first");
    expect(await handle.db.select().from(renderJobs)).toEqual([]);
  });

  it("forgets a blog deleted while it renders: no retry, no failing blog, no files", async () => {
    await addPost("first");
    // The blog goes while its pages are being rendered (as DELETE /api/blogs/{id} can).
    const slowTheme: Theme = {
      render: async (site, path, options) => {
        await handle.db.delete(blogs).where(eq(blogs.id, blogId));
        return theme.render(site, path, options);
      },
    };
    const queue = queueWith({ theme: slowTheme });
    await queue.enqueue(blogId, { full: true });
    await queue.onIdle();
    expect(queue.retryOf(blogId)).toBeUndefined();
    expect(queue.stateOf(blogId)).not.toBe("retrying");
    expect(existsSync(join(dir, "sites", "blogs", blogId))).toBe(false);
  });

  it("removes the files of a deleted blog", async () => {
    await addPost("first");
    const queue = queueWith();
    await queue.enqueue(blogId, { full: true });
    await queue.onIdle();
    await queue.enqueue(blogId, { full: true });
    await handle.db.delete(blogs).where(eq(blogs.id, blogId));
    await queue.onIdle();
    expect(existsSync(join(dir, "sites", "blogs", blogId))).toBe(false);
    expect(existsSync(join(dir, "sites", "hosts", "garden.blogs.test"))).toBe(false);
  });
});

/** A sites disk with no room left: every write fails with ENOSPC, removals still work. */
function fullSitesDisk(inner: SiteOutput): SiteOutput {
  const enospc = () =>
    Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
  const refuse = (writer: BuildWriter): BuildWriter => ({
    ...writer,
    write: async () => {
      throw enospc();
    },
    writeAll: async () => {
      throw enospc();
    },
  });
  return {
    ...inner,
    beginFull: async (id) => refuse(await inner.beginFull(id)),
    beginIncremental: async (id) => refuse(await inner.beginIncremental(id)),
  };
}

// SQLITE_FULL is SQLite's (decision 181).
describeSqliteOnly("render queue on a full disk", () => {
  it("keeps going when the database disk is full: bookkeeping is retried, nothing rejects", async () => {
    const disk = fullDatabaseDisk();
    const full = await openDatabase(`file:${join(dir, "db.sqlite")}`, { wrapClient: disk.wrap });
    try {
      await addPost("first");
      await handle.db
        .insert(renderJobs)
        .values({ blogId, full: true, postIds: [], requestedAt: new Date() });
      // The job queue is a table of the same database, on the same full disk.
      const jobQueue = await testJobQueue(full.db);
      const queue = queueWith({
        db: full.db,
        retryDelayMs: () => 20,
        retryLater: retryOn(jobQueue.queue),
      });
      disk.fill();
      await startRenders(jobQueue, queue, full.db);
      await queue.resume();
      await queue.onIdle();
      // The pages are live (they need no database writes); their record waits for room.
      expect(liveFile("post/first.html")).toContain("Title first");
      expect(queue.stateOf(blogId)).toBe("retrying");
      expect(queue.failing().map((f) => [f.blogId, f.retry.error])).toEqual([
        [blogId, "The render could not be recorded"],
      ]);
      expect(disk.refused).toBeGreaterThan(0);
      expect(await builds()).toEqual([]);

      disk.free();
      // Its retry could not be queued either: the sweep of pending renders, every minute,
      // queues it (run now rather than at its next minute).
      await jobQueue.queue.enqueue("render-sweep");
      await expect
        .poll(async () => (await builds()).map((b) => b.status), { timeout: 3000 })
        .toEqual(["succeeded"]);
      await expect.poll(() => queue.stateOf(blogId), { timeout: 3000 }).toBe("idle");
      expect(await handle.db.select().from(renderJobs)).toEqual([]);
      expect(queue.failing()).toEqual([]);
      await queue.stop();
      await jobQueue.queue.stop();
    } finally {
      full.close();
    }
  });

  it("takes an unpublished or deleted post's page down even when no page can be written", async () => {
    const first = await addPost("first");
    const second = await addPost("second");
    const queue = queueWith();
    await queue.enqueue(blogId, { full: true });
    await queue.onIdle();
    expect(liveFile("post/first.html")).toContain("Title first");

    // Incremental render: the unpublished post's page goes before the writes fail.
    const fullQueue = queueWith({ output: fullSitesDisk(output), retryDelayMs: () => 60_000 });
    await fullQueue.enqueue(blogId, { full: true });
    await fullQueue.onIdle();
    await handle.db.update(posts).set({ status: "draft" }).where(eq(posts.id, first.id));
    await fullQueue.enqueue(blogId, { postIds: [first.id] });
    await fullQueue.onIdle();
    expect(liveFile("post/first.html")).toBeUndefined();
    expect(fullQueue.stateOf(blogId)).toBe("retrying");
    expect(fullQueue.retryOf(blogId)?.error).toBe(
      "The disk of the rendered sites is full (no space left on device)",
    );
    await fullQueue.stop();

    // After a restart (a full render, nothing known of the live files): the deleted post goes.
    await handle.db.delete(posts).where(eq(posts.id, second.id));
    const restarted = queueWith({ output: fullSitesDisk(output), retryDelayMs: () => 60_000 });
    await restarted.enqueue(blogId, { postIds: [second.id] });
    await restarted.onIdle();
    expect(liveFile("post/second.html")).toBeUndefined();
    // The rest of the previous site stays live.
    expect(liveFile("index.html")).toContain("Garden Notes");
    expect((await builds()).at(-1)?.status).toBe("failed");
    await restarted.stop();
  });

  it("retries a failing render for as long as it fails, with a backoff capped at a few minutes", async () => {
    expect([1, 2, 3, 8].map(defaultRetryDelayMs)).toEqual([1000, 2000, 4000, 120_000]);
    expect(defaultRetryDelayMs(1000)).toBe(maxRetryDelayMs);
    expect(maxRetryDelayMs).toBeLessThanOrEqual(5 * 60 * 1000);

    await addPost("first");
    // Twelve: far more than the five attempts the queue used to give up after.
    const flaky = failingAt("/post/first", 12);
    const { queue } = await queueOnJobs({ theme: flaky, retryDelayMs: () => 5 });
    await queue.enqueue(blogId, { full: true });
    await expect
      .poll(() => liveFile("post/first.html"), { timeout: 5000 })
      .toContain("Title first");
    expect((await builds()).filter((b) => b.status === "failed")).toHaveLength(12);
    await expect.poll(() => queue.stateOf(blogId), { timeout: 3000 }).toBe("idle");
  });
});

describe("social cards past a render's budget", () => {
  it("draws the rest in further runs until every page's card is there", async () => {
    for (const slug of ["a", "b", "c", "d"]) await addPost(slug);
    const queue = queueWith({ cardBudget: 2 });
    await queue.enqueue(blogId, { full: true });
    await queue.onIdle();
    // The blog's card and four posts' cards: two per run, the first run a full one.
    const live = (await output.currentDir(blogId)) as string;
    for (const slug of ["a", "b", "c", "d"]) {
      const page = readFileSync(join(live, "post", `${slug}.html`), "utf8");
      const card =
        /property="og:image" content="http:\/\/garden\.blogs\.test\/(og\/[0-9a-f]{16}\.png)"/.exec(
          page,
        )?.[1] as string;
      expect(existsSync(join(live, card)), slug).toBe(true);
    }
    const builds = await handle.db.select().from(siteBuilds).where(eq(siteBuilds.blogId, blogId));
    expect(builds.map((b) => b.full)).toEqual([true, false, false]);
    expect(await handle.db.select().from(renderJobs)).toEqual([]);
    await queue.stop();
  });
});

describe("a full render's post bodies", () => {
  it("are sanitized again only for posts changed since the live build, or all when the links change", async () => {
    const sanitized: string[] = [];
    const workers = createWorkerPool({ size: 1 });
    const queue = queueWith({
      workers,
      loadSnapshot: (id, scope) =>
        loadSnapshot(
          handle.db,
          id,
          {
            canonicalBaseOf: (b) => `http://${b.subdomain}.blogs.test`,
            sanitize: (html) => {
              sanitized.push(html);
              return html;
            },
          },
          scope,
        ),
    });
    try {
      await addPost("tomatoes", "published", { content: "<p>Tomatoes want sun all day</p>" });
      const compost = await addPost("compost");
      await queue.enqueue(blogId, { full: true });
      await queue.onIdle();
      expect(sanitized).toHaveLength(2);

      // A new name for the blog re-renders every page, from the bodies already prepared.
      sanitized.length = 0;
      await handle.db.update(blogs).set({ name: "Garden Diary" }).where(eq(blogs.id, blogId));
      await queue.enqueue(blogId, { full: true });
      await queue.onIdle();
      expect(sanitized).toEqual([]);
      expect(liveFile("post/tomatoes.html")).toContain("Garden Diary");

      // An edited post is prepared again, alone.
      await handle.db
        .update(posts)
        .set({ content: "<p>Compost, turned</p>", updatedAt: new Date(Date.now() + 1000) })
        .where(eq(posts.id, compost.id));
      await queue.enqueue(blogId, { full: true });
      await queue.onIdle();
      expect(sanitized).toEqual(["<p>Compost, turned</p>"]);
      expect(liveFile("post/compost.html")).toContain("Compost, turned");

      // A new affiliate link may link any post: every body is prepared again.
      sanitized.length = 0;
      const [link] = await handle.db
        .insert(affiliateLinks)
        .values({ blogId, keyword: "sun", url: "https://shop.example/sun" })
        .returning();
      await queue.enqueue(blogId, { full: true });
      await queue.onIdle();
      expect(sanitized).toHaveLength(2);
      expect(liveFile("post/tomatoes.html")).toContain(`go/${link?.id}`);
    } finally {
      await queue.stop();
      await workers.close();
    }
  });
});
