/**
 * Issue 20, the dashboard in a real browser (Chromium headless, playwright-core):
 * - first load: every JavaScript file the signed-in dashboard home pulls (entry, modulepreloads,
 *   the lazy chunks of the first route), summed as served, gzip -9 and brotli -11;
 * - All Posts of a 10,000-post blog: from navigation to the first post card painted, with a
 *   cold browser cache (a new profile each run) and a warm one (the dashboard was open before,
 *   as when an owner clicks around), and the waterfall of one warm run.
 * The real server (`startServer`, NODE_ENV=production, with `npm start`'s environment and Node
 * flags) runs as a child process over a temp database, serving a dashboard built from the current sources into a temp folder
 * (BENCH_DASHBOARD_DIR: use an existing build instead). BENCH_DASHBOARD_ANCHOR=<checkout>
 * measures another checkout (a worktree of the commit before a change) in the same run, the
 * two taking turns run by run. Prints JSON lines; the targets' lines follow the convention of
 * scripts/bench.ts.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { openDatabase } from "../../api/db/client.ts";
import { posts } from "../../api/db/schema.ts";
import buildTheme from "../../tests/setup/build-theme.ts";
import { median, percentile } from "./fixtures.ts";
import { signUpBenchOwner } from "./server.ts";
import { benchServerEnv, freePort, startCommand } from "./start-command.ts";

const quick = process.env.BENCH_QUICK === "1";
const postCount = Number(process.env.BENCH_DASHBOARD_POSTS ?? 10_000);
const runs = Number(process.env.BENCH_DASHBOARD_RUNS ?? (quick ? 3 : 9));
/** Issue 20: at most 150 KB of compressed JavaScript for the signed-in first screen. */
const jsLimitBytes = 150 * 1024;
/** Issue 20: All Posts at 10,000 posts shows its first cards within 500 ms. */
const firstCardsLimitMs = 500;
const chromePath =
  process.env.CHROMIUM ??
  process.env.CHROMIUM_PATH ??
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ??
  "/usr/bin/chromium";

const print = (line: object) => console.log(JSON.stringify(line));

const words =
  "harbour lantern meadow granite orchard compass lighthouse willow ember tide summit cedar".split(
    " ",
  );

/**
 * `count` posts written straight into the database in one transaction (the cards need titles,
 * excerpts, statuses and dates, not long bodies): a second or two, where the corpus and the
 * API would take a minute. A third each of drafts, posts under review and published posts,
 * newest first numbered 0.
 */
async function seedPosts(file: string, blogId: string, authorId: string, count: number) {
  const { db, close } = await openDatabase(`file:${file}`);
  const now = Date.now();
  await db.transaction(async (tx) => {
    for (let i = 0; i < count; i += 500) {
      const rows = Array.from({ length: Math.min(500, count - i) }, (_, j) => {
        const n = i + j;
        const topic = `${words[n % words.length]} ${words[(n * 7 + 3) % words.length]}`;
        const text = `Notes on the ${topic}, walk ${n}: where to start, what to carry and when to turn back. `;
        const createdAt = new Date(now - (n + 1) * 3_600_000);
        return {
          blogId,
          authorId,
          title: `The ${topic} walk, number ${n}`,
          slug: `walk-${n}`,
          content: `<p>${text.repeat(6)}</p>`,
          excerpt: text,
          keywords: [words[n % words.length] as string],
          status: (["draft", "under_review", "published"] as const)[n % 3],
          publishedAt: n % 3 === 2 ? createdAt : null,
          createdAt,
          updatedAt: createdAt,
        };
      });
      await tx.insert(posts).values(rows);
    }
  });
  close();
}

/**
 * The server with `npm start`'s environment and Node flags (MALLOC_ARENA_MAX and the semi-space:
 * scripts/bench/start-command.ts), from its TypeScript sources,
 * in its own process (the browser is a third one). Only the entry differs: scripts/start.ts
 * serves `dashboard/dist`, the bench a dashboard it built elsewhere, so the entry does what
 * start.ts does after its first-start builds.
 */
async function startServerChild(root: string, dir: string, dashboardDir: string) {
  const port = await freePort();
  const start = startCommand(root);
  const code = [
    `const { startServer } = await import(${JSON.stringify(join(root, "api/server.ts"))});`,
    `await startServer({ dashboardDir: ${JSON.stringify(dashboardDir)} });`,
  ].join("\n");
  const child = spawn(process.execPath, [...start.flags, "--input-type=module", "-e", code], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: benchServerEnv(start, port, dir, "bench.db", {
      LOG_LEVEL: "silent",
      REGISTRATION: "open",
    }),
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const up = await fetch(`${base}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (i > 600) throw new Error("the server did not start within a minute");
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** Records, in the page, when the first post card is in the document and when it was painted. */
const firstCardProbe = () => {
  const seen = () => document.querySelector('ul[aria-label="Posts"] > li');
  new MutationObserver((_changes, observer) => {
    if (!seen()) return;
    observer.disconnect();
    const inDocument = performance.now();
    requestAnimationFrame(() =>
      setTimeout(() => {
        (window as unknown as { firstCard: object }).firstCard = {
          inDocument,
          painted: performance.now(),
        };
      }, 0),
    );
  }).observe(document, { childList: true, subtree: true });
};

type FirstCard = { inDocument: number; painted: number };
type Step = { name: string; start: number; end: number; bytes: number };

async function newContext(browser: Browser, base: string, cookie: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, ...rest] = cookie.split("=");
  await context.addCookies([{ name: name as string, value: rest.join("="), url: base }]);
  await context.addInitScript(firstCardProbe);
  return context;
}

/** Navigates to All Posts and waits for the first card to be painted; returns the page's times. */
async function timeAllPosts(context: BrowserContext, base: string) {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${base}/posts`, { waitUntil: "commit" });
  await page.waitForFunction(() => "firstCard" in window, undefined, { timeout: 30_000 });
  const result = await page.evaluate(() => {
    const short = (url: string) => {
      const { pathname, search } = new URL(url);
      return (pathname + search).replace(/-[\w-]{8}\.(js|css|woff2?)$/, ".$1");
    };
    const steps = [
      ...performance.getEntriesByType("navigation"),
      ...performance.getEntriesByType("resource"),
    ].map((entry) => {
      const timing = entry as PerformanceResourceTiming;
      return {
        name: entry.entryType === "navigation" ? "document" : short(entry.name),
        start: Math.round(timing.startTime),
        end: Math.round(timing.responseEnd),
        bytes: timing.transferSize,
      };
    });
    return { card: (window as unknown as { firstCard: FirstCard }).firstCard, steps };
  });
  return result as { card: FirstCard; steps: Step[] };
}

type Site = { label: string; base: string; cookie: string; child: ChildProcess };

/**
 * One checkout's dashboard and server, signed up, with a blog of `postCount` posts: this one,
 * or the anchor (BENCH_DASHBOARD_ANCHOR, another checkout, e.g. a worktree of the commit
 * before a change) measured in the same run, turn by turn with this one.
 */
async function setUpSite(root: string, label: string, dashboardDir?: string): Promise<Site> {
  const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-dashboard-"));
  folders.push(dir);
  let built = dashboardDir;
  if (!built) {
    built = join(dir, "dashboard");
    const building = performance.now();
    execFileSync(
      join(root, "node_modules/.bin/vite"),
      ["build", "--logLevel", "error", "--outDir", built, "--emptyOutDir"],
      { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
    );
    print({ step: `dashboard built (${label})`, ms: Math.round(performance.now() - building) });
  }
  const { child, base } = await startServerChild(root, dir, resolve(built));
  servers.push(child);
  const cookie = await signUpBenchOwner(base);
  const authed = { cookie, origin: base, "content-type": "application/json" };
  const me = (await (await fetch(`${base}/api/auth/user`, { headers: authed })).json()) as {
    id: string;
  };
  const created = await fetch(`${base}/api/blogs`, {
    method: "POST",
    headers: authed,
    body: JSON.stringify({ name: "Bench Trails" }),
  });
  if (created.status !== 201) throw new Error(`blog creation answered ${created.status}`);
  const blog = (await created.json()) as { id: string };
  const seeding = performance.now();
  await seedPosts(join(dir, "bench.db"), blog.id, me.id, postCount);
  print({
    step: `posts seeded (${label})`,
    posts: postCount,
    ms: Math.round(performance.now() - seeding),
  });
  return { label, base, cookie, child };
}

/** Every script the signed-in Dashboard home loads until the network is quiet. */
async function firstLoadScripts(browser: Browser, site: Site) {
  const context = await newContext(browser, site.base, site.cookie);
  const page = await context.newPage();
  const scripts: Promise<{ url: string; raw: number; sent: number; encoding: string }>[] = [];
  const sizes = new Map<string, { gzip: number; brotli: number }>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(
      (async () => {
        const body = await response.body();
        const url = new URL(response.url()).pathname;
        sizes.set(url, {
          gzip: gzipSync(body, { level: 9 }).length,
          brotli: brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
          }).length,
        });
        const sent = (await response.request().sizes()).responseBodySize;
        const encoding = (await response.allHeaders())["content-encoding"] ?? "identity";
        return { url, raw: body.length, sent, encoding };
      })(),
    );
  });
  await page.goto(`${site.base}/`);
  await page.getByRole("region", { name: "Post statistics" }).waitFor({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  const files = await Promise.all(scripts);
  await context.close();
  const sum = (pick: (f: (typeof files)[number]) => number) =>
    files.reduce((total, f) => total + pick(f), 0);
  return {
    files: files.length,
    rawBytes: sum((f) => f.raw),
    transferredBytes: sum((f) => f.sent),
    encodings: [...new Set(files.map((f) => f.encoding))],
    gzipBytes: sum((f) => sizes.get(f.url)?.gzip ?? 0),
    brotliBytes: sum((f) => sizes.get(f.url)?.brotli ?? 0),
    largest: files
      .sort((a, b) => b.raw - a.raw)
      .slice(0, 8)
      .map(
        (f) => `${f.url.replace(/^\/assets\//, "")} ${f.raw} B (gzip ${sizes.get(f.url)?.gzip})`,
      ),
  };
}

const folders: string[] = [];
const servers: ChildProcess[] = [];
let browser: Browser | undefined;
try {
  // The servers render blogs with the built theme: built when missing or older than its sources.
  await buildTheme();
  const sites = [await setUpSite(resolve("."), "this checkout", process.env.BENCH_DASHBOARD_DIR)];
  const anchorRoot = process.env.BENCH_DASHBOARD_ANCHOR;
  if (anchorRoot) sites.push(await setUpSite(resolve(anchorRoot), `anchor ${anchorRoot}`));
  const [ours] = sites as [Site];

  browser = await chromium.launch({
    executablePath: chromePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });

  // 1. The signed-in first screen's JavaScript.
  for (const site of sites) {
    const js = await firstLoadScripts(browser, site);
    print({ figure: `dashboard first load (signed in, home): JavaScript, ${site.label}`, ...js });
    if (site !== ours) continue;
    print({
      target: "dashboard first-load JS, as transferred",
      figure: js.transferredBytes,
      unit: "B",
      anchor: jsLimitBytes,
      anchorLabel: "limit 150 KB",
      max: 1,
    });
    print({
      target: "dashboard first-load JS, gzip",
      figure: js.gzipBytes,
      unit: "B",
      anchor: jsLimitBytes,
      anchorLabel: "limit 150 KB",
      max: 1,
    });
  }

  // 2. All Posts: a cold cache each run, then a warm one; the sites take turns, run by run.
  const cold = new Map<Site, FirstCard[]>(sites.map((site) => [site, []]));
  const warm = new Map<Site, FirstCard[]>(sites.map((site) => [site, []]));
  const coldWaterfall = new Map<Site, Step[]>();
  const warmWaterfall = new Map<Site, Step[]>();
  for (let i = 0; i < runs; i++) {
    for (const site of sites) {
      const context = await newContext(browser, site.base, site.cookie);
      const { card, steps } = await timeAllPosts(context, site.base);
      cold.get(site)?.push(card);
      if (i === Math.floor(runs / 2)) coldWaterfall.set(site, steps);
      await context.close();
    }
  }
  const warmPages = new Map<Site, { context: BrowserContext; page: Page }>();
  for (const site of sites) {
    const context = await newContext(browser, site.base, site.cookie);
    const page = await context.newPage();
    await page.goto(`${site.base}/`);
    await page.getByRole("region", { name: "Post statistics" }).waitFor({ timeout: 30_000 });
    warmPages.set(site, { context, page });
  }
  for (let i = 0; i < runs; i++) {
    for (const site of sites) {
      const { context, page } = warmPages.get(site) as { context: BrowserContext; page: Page };
      // From another screen, as an owner reaches it (a full navigation: the figure includes
      // the dashboard's own start).
      await page.goto(`${site.base}/dashboard`);
      await page.getByRole("region", { name: "Post statistics" }).waitFor();
      const { card, steps } = await timeAllPosts(context, site.base);
      warm.get(site)?.push(card);
      if (i === Math.floor(runs / 2)) warmWaterfall.set(site, steps);
    }
  }
  for (const { context } of warmPages.values()) await context.close();

  const summary = (cards: FirstCard[]) => ({
    paintedP50Ms: Math.round(median(cards.map((c) => c.painted))),
    paintedP95Ms: Math.round(
      percentile(
        cards.map((c) => c.painted),
        95,
      ),
    ),
    inDocumentP50Ms: Math.round(median(cards.map((c) => c.inDocument))),
  });
  const steps = (list: Step[] = []) =>
    list
      .sort((a, b) => a.start - b.start)
      .map((s) => `${s.name} ${s.start}→${s.end}${s.bytes ? ` (${s.bytes} B)` : " (cache)"}`);
  for (const site of sites) {
    print({
      figure: `All Posts, ${postCount.toLocaleString("en-US")} posts: navigation → first card painted, ${site.label}`,
      runs,
      coldCache: summary(cold.get(site) ?? []),
      warmCache: summary(warm.get(site) ?? []),
    });
    print({
      figure: `All Posts waterfall, one cold run (ms from navigation), ${site.label}`,
      steps: steps(coldWaterfall.get(site)),
    });
    print({
      figure: `All Posts waterfall, one warm run (ms from navigation), ${site.label}`,
      steps: steps(warmWaterfall.get(site)),
    });
  }
  print({
    target: "All Posts first cards, 10,000 posts (warm cache)",
    figure: summary(warm.get(ours) ?? []).paintedP50Ms,
    unit: "ms",
    anchor: firstCardsLimitMs,
    anchorLabel: "limit 500 ms",
    max: 1,
  });
  print({
    target: "All Posts first cards, 10,000 posts (cold cache)",
    figure: summary(cold.get(ours) ?? []).paintedP50Ms,
    unit: "ms",
    anchor: firstCardsLimitMs,
    anchorLabel: "limit 500 ms",
    max: 1,
  });
} finally {
  await browser?.close();
  for (const child of servers) await stop(child);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}
