import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildSite, type ThemeCategory, type ThemePost } from "../theme/lib/site.ts";
import { testBlog } from "../theme/lib/test-blog.ts";
import { fullRenderOrder, renderFull } from "./render-site.ts";
import { createSiteOutput } from "./site-output.ts";
import { themeEntry as defaultEntry, loadTheme, type Theme } from "./theme.ts";
import { createWorkerPool, type WorkerPool } from "./worker-pool.ts";

let theme: Theme;
let dir: string;
const pools: WorkerPool[] = [];
const workers = (options: Parameters<typeof createWorkerPool>[0] = {}) => {
  const pool = createWorkerPool({ size: 2, ...options });
  pools.push(pool);
  return pool;
};

beforeAll(async () => {
  theme = await loadTheme();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "blogfleet-render-workers-"));
});
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
  rmSync(dir, { recursive: true, force: true });
});

const categories: ThemeCategory[] = [
  { id: "c1", name: "Tomatoes", slug: "tomatoes", parentId: null },
  { id: "c2", name: "Compost", slug: "compost", parentId: null },
];

/** A blog with enough posts for archives, categories and several batches of pages. */
const site = (count: number, title = (i: number) => `Post number ${i}`) =>
  buildSite({
    blog: testBlog({
      id: "blog1",
      name: "Garden Notes",
      description: "Growing food at home",
      primaryColor: "#2f6b3a",
    }),
    canonicalBase: "https://garden.blogs.example",
    categories,
    posts: Array.from(
      { length: count },
      (_, i): ThemePost => ({
        id: `p${i}`,
        slug: `post-${i}`,
        title: title(i),
        excerpt: `About post ${i}`,
        html: `<h2>Part ${i}</h2><p>Text of post ${i} with <a href="https://example.com/${i}">a link</a>.</p>`,
        publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 3600e3),
        updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 3600e3),
        categoryId: i % 3 === 0 ? null : (categories[i % 2] as ThemeCategory).id,
        keywords: ["garden"],
        metaTitle: null,
        metaDescription: null,
        aiAssisted: false,
      }),
    ),
  });

/** Every file of the blog's live build, by site-relative name. */
async function liveFiles(sites: string): Promise<Map<string, Buffer>> {
  const current = (await createSiteOutput(sites).currentDir("blog1")) as string;
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(current, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(current, path), readFileSync(path));
  }
  return files;
}

const noCards = { drawCard: async () => new Uint8Array([1]), cardBudget: 0 };

describe("a full render on worker threads", () => {
  it("writes exactly the files, byte for byte, that a render on the calling thread writes", async () => {
    const blog = site(150);
    const inline = await renderFull(theme, createSiteOutput(join(dir, "inline")), blog, noCards);
    const pool = workers();
    const threaded = await renderFull(theme, createSiteOutput(join(dir, "threads")), blog, {
      ...noCards,
      workers: pool,
    });
    expect(threaded.pagesWritten).toBe(inline.pagesWritten);
    const expected = await liveFiles(join(dir, "inline"));
    const actual = await liveFiles(join(dir, "threads"));
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [file, body] of expected) expect(actual.get(file)?.equals(body), file).toBe(true);
    // 150 posts: several batches, spread over both threads.
    expect(pool.running()).toBe(2);
  });

  it("leaves the previous site live when the threads cannot render", async () => {
    const output = createSiteOutput(dir);
    await renderFull(theme, output, site(5), noCards);
    const before = await liveFiles(dir);
    const broken = workers({ themeEntry: join(dir, "missing-theme.mjs") });
    await expect(
      renderFull(
        theme,
        output,
        site(40, (i) => `Renamed ${i}`),
        { ...noCards, workers: broken },
      ),
    ).rejects.toThrow(/theme is not built/);
    expect(await liveFiles(dir)).toEqual(before);
    // No half-written build is left beside the live one.
    expect(readdirSync(join(dir, "blogs", "blog1", "builds"))).toHaveLength(1);
  });

  it("stops its threads once idle, and starts them again for the next render", async () => {
    const pool = workers({ idleMs: 50 });
    expect(pool.running()).toBe(0);
    pool.warm();
    await expect.poll(() => pool.running(), { timeout: 5000 }).toBe(2);
    await renderFull(theme, createSiteOutput(join(dir, "a")), site(40), {
      ...noCards,
      workers: pool,
    });
    await expect.poll(() => pool.running(), { timeout: 5000 }).toBe(0);
    const again = await renderFull(theme, createSiteOutput(join(dir, "b")), site(40), {
      ...noCards,
      workers: pool,
    });
    expect(again.pagesWritten).toBeGreaterThan(40);
  });
});

describe("the order of a full render's pages on the threads", () => {
  it("puts the endpoints and the not-found page first, the posts last, each in their order (decision 292)", () => {
    const page = (path: string) => ({ path, file: path });
    const ordered = fullRenderOrder(
      [
        "/post/a",
        "/",
        "/category/tomatoes/rss.xml",
        "/post/b",
        "/rss.xml",
        "/sitemap.xml",
        "/page/2",
        "/robots.txt",
        "/privacy",
        "/404",
        "/category/tomatoes",
      ].map(page),
    );
    expect(ordered.map((p) => p.path)).toEqual([
      "/category/tomatoes/rss.xml",
      "/rss.xml",
      "/sitemap.xml",
      "/robots.txt",
      "/404",
      "/",
      "/page/2",
      "/privacy",
      "/category/tomatoes",
      "/post/a",
      "/post/b",
    ]);
  });
});

describe("the pool's lanes", () => {
  it("runs work someone waits for before queued background work", async () => {
    const pool = workers({ size: 1 });
    const order: string[] = [];
    const pages = Array.from({ length: 5 }, (_, i) => [{ path: "/", file: `index-${i}.html` }]);
    const onThread = pool.site(site(5));
    const tasks = new URL("./pool-tasks.ts", import.meta.url);
    // The thread is up (theme loaded); one background batch runs, four more wait. A task for a
    // request comes in behind them.
    await pool.run(tasks, "warm", { themeEntry: defaultEntry });
    const background = pages.map((batch, i) =>
      onThread.render(batch).then(() => order.push(`background ${i}`)),
    );
    const urgent = pool
      .run(tasks, "warm", { themeEntry: defaultEntry })
      .then(() => order.push("now"));
    await Promise.all([...background, urgent]);
    // Ahead of every batch still waiting (the first may already be on the thread), and the
    // batches in the order given.
    expect(order.indexOf("now")).toBeLessThan(2);
    expect(order.filter((task) => task !== "now")).toEqual([
      "background 0",
      "background 1",
      "background 2",
      "background 3",
      "background 4",
    ]);
  });
});
