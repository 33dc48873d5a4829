/**
 * Reader analytics (issue 18), three figures in one run on a 100-post blog:
 *   1. ingest: beacon hits per second accepted (204) under 50 connections, with p99 latency,
 *      a check that every accepted hit reached the database (no burst lost), and stored hits
 *      per CPU-second of the server. Every check of decision 311 runs on every hit: readers on
 *      addresses of their own (X-Forwarded-For from a proxy on loopback), each reporting a few
 *      views of the blog's real pages, well under the limit per address; the blog's ceiling per
 *      minute and its daily cap are lifted (`createAnalytics({ limits })`), so every hit is
 *      stored. The load comes from a process of its own (this file, run with BENCH_HIT_LOAD),
 *      so this process's CPU time over it is the server's alone;
 *   2. serving: requests per second of a post page with counting off (no beacon on the page),
 *      counting on (page only), and counting on with every page view followed by its beacon;
 *   3. report query time over 1,000,000 raw hits spread over 90 days (rolled up first),
 *      for each range, median of 5.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { eq, sql } from "drizzle-orm";
import { createApp } from "../../api/app.ts";
import { sanitizePostHtml } from "../../api/content/sanitize.ts";
import { first } from "../../api/db/query.ts";
import { analyticsDaily, excludedHits, pageHits, posts } from "../../api/db/schema.ts";
import { parseEnv } from "../../api/env.ts";
import { createAnalytics } from "../../api/features/analytics/ingest.ts";
import { hitLimits } from "../../api/features/analytics/limits.ts";
import { blogReport, fleetReport } from "../../api/features/analytics/service.ts";
import { updateAnalyticsSettings } from "../../api/features/analytics/settings.ts";
import { createPublishing } from "../../api/features/publishing/publishing.ts";
import { createLogger } from "../../api/logger.ts";
import { seededDatabase } from "./fixtures.ts";
import { listenOnLoopback } from "./server.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const host = "garden-100.blogs.test";
const agents = Array.from(
  { length: 200 },
  (_, i) =>
    `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${i}.0 Safari/537.36`,
);

/** Views each reader reports: a short visit, far under the 30 a minute one address may send. */
const hitsPerReader = 5;
/** Reader `n`'s address in 10.0.0.0/8, one per reader (an IPv4 address is limited alone). */
const readerAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
const agentOf = (n: number) => agents[n % agents.length] as string;
/** A 1×1 PNG for the social cards: the bench measures views, not cards (as benchPublishing). */
const placeholderCard = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

type Beacon = { p: string; r?: string; s?: 200 | 404; i?: string };

/** A beacon's report as a page sends it, from `address` (via the proxy) when given. */
const hitRequest = (ua: string, beacon: Beacon, address?: string) => ({
  method: "POST" as const,
  path: "/_hit",
  headers: {
    host,
    "user-agent": ua,
    "content-type": "text/plain;charset=UTF-8",
    "sec-fetch-site": "same-origin",
    ...(address ? { "x-forwarded-for": address } : {}),
  },
  body: JSON.stringify(beacon),
});

/** `requests` against `url` for `seconds` under `connections`; what was answered. */
async function load(url: string, requests: autocannon.Request[]) {
  const result = await autocannon({ url, connections, duration: seconds, requests });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    accepted: result["2xx"],
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** What the ingest load's process is given: the server, and the views its readers report. */
type HitLoad = { url: string; beacons: Beacon[] };

/** The ingest load: reader after reader, each on an address of its own, reporting its views. */
function sendHits({ url, beacons }: HitLoad) {
  let sent = 0;
  return load(url, [
    {
      setupRequest: (req) => {
        const n = sent++;
        const reader = Math.floor(n / hitsPerReader);
        const beacon = beacons[n % beacons.length] as Beacon;
        return { ...req, ...hitRequest(agentOf(reader), beacon, readerAddress(reader)) };
      },
    },
  ]);
}

// The ingest load's own process: sends the hits, prints what was answered, and ends.
const hitLoad = process.env.BENCH_HIT_LOAD;
if (hitLoad) {
  console.log(JSON.stringify(await sendHits(JSON.parse(hitLoad) as HitLoad)));
  process.exit(0);
}

/** Runs `sendHits` in a process of its own (this file again), so it takes none of our CPU. */
async function sendHitsFromAnotherProcess(order: HitLoad) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url)],
    { env: { ...process.env, BENCH_HIT_LOAD: JSON.stringify(order) } },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1) as string) as Awaited<ReturnType<typeof load>>;
}

/** GET on the blog's host (fetch cannot set Host). */
const getPage = (base: string, path: string) =>
  new Promise<string>((resolve, reject) => {
    const url = new URL(base);
    request({ hostname: url.hostname, port: url.port, path, headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => {
        body += c;
      });
      res.on("end", () => resolve(`${res.statusCode} ${body}`));
    })
      .on("error", reject)
      .end();
  });

const print = (figure: object) => console.log(JSON.stringify(figure));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-analytics-"));
try {
  const { handle, blogId, ownerId } = await seededDatabase(dir, 100);
  const db = handle.db;
  const env = parseEnv({
    DATABASE_URL: `file:${join(dir, "bench.db")}`,
    SITES_DIR: join(dir, "sites"),
    BLOG_DOMAIN: "blogs.test",
    LOG_LEVEL: "silent",
    // The readers' addresses come in X-Forwarded-For, from a proxy on loopback (decision 064).
    TRUST_PROXY: "true",
  });
  const logger = createLogger("silent");
  // Every check of decision 311 runs, the limit per address included; only the blog's ceiling
  // and daily cap are lifted, so that everything sent is stored.
  const analytics = createAnalytics({
    db,
    logger,
    limits: {
      ...hitLimits,
      perBlogPerMinute: Number.POSITIVE_INFINITY,
      rawHitsPerBlogPerDay: Number.POSITIVE_INFINITY,
    },
  });
  const publishing = await createPublishing({
    db,
    env,
    sanitize: sanitizePostHtml,
    logger,
    analytics,
    drawCard: async () => placeholderCard,
  });
  await publishing.queue.enqueue(blogId, { full: true });
  await publishing.queue.onIdle();
  const site = (await publishing.loadSnapshot(blogId))?.site;
  const post = site?.posts[0];
  if (!site || !post) throw new Error("no post");
  const app = createApp({ env, db, logger, publishing });
  const { server, port } = await listenOnLoopback(app, publishing);
  const base = `http://127.0.0.1:${port}`;
  const pagePath = `/post/${post.slug}`;
  const referrer = "https://www.google.com/";
  // The blog's pages that carry the beacon: home, categories, every post (with its id).
  const beacons: Beacon[] = [
    { p: "/", r: referrer, s: 200 },
    ...site.categories.map((c) => ({ p: `/category/${c.slug}`, r: referrer, s: 200 as const })),
    ...site.posts.map((p) => ({ p: `/post/${p.slug}`, r: referrer, s: 200 as const, i: p.id })),
  ];
  const pageRequest = (ua: string) => ({
    method: "GET" as const,
    path: pagePath,
    headers: { host, "user-agent": ua, "accept-encoding": "gzip" },
  });
  // Warm the host map and the page cache.
  for (let i = 0; i < 3; i++) await getPage(base, pagePath);

  // 1. Ingest, with the server's CPU time from the load's start until its hits are written.
  const cpuBefore = process.cpuUsage();
  const ingest = await sendHitsFromAnotherProcess({ url: base, beacons });
  await publishing.analytics.flush();
  const cpu = process.cpuUsage(cpuBefore);
  await publishing.analytics.rollUp();
  const stored = Number(
    (await first(db.select({ n: sql<number>`count(*)` }).from(pageHits)))?.n ?? 0,
  );
  const excluded = Number(
    (
      await first(
        db.select({ n: sql<number>`coalesce(sum(${excludedHits.hits}), 0)` }).from(excludedHits),
      )
    )?.n ?? 0,
  );
  print({
    figure: "analytics ingest: beacon hits accepted",
    meaning: `since decision 311: from another process, each reader on an address of its own reports ${hitsPerReader} views of the blog's ${beacons.length} pages; per-blog ceiling and daily cap lifted, so every check runs and every hit is stored`,
    connections,
    seconds,
    ...ingest,
    stored,
    // Hits the checks dropped: 0 unless the bench's beacons stopped matching the blog's pages.
    excluded,
    // Requests still in flight when the run ends are answered (and stored) after autocannon stops counting.
    lost: Math.max(0, ingest.accepted - stored),
  });
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  print({
    figure: "analytics ingest: stored hits per CPU-second of the server",
    hitsPerCpuSecond: Math.round(stored / cpuSeconds),
    stored,
    cpuSeconds: Number(cpuSeconds.toFixed(2)),
    wallSeconds: seconds,
  });

  // 2. Serving with counting off, then on.
  const setCounting = async (enabled: boolean) => {
    await updateAnalyticsSettings(
      {
        db,
        contentEvents: publishing.contentEvents,
        onChanged: publishing.analytics.forgetSettings,
      },
      ownerId,
      blogId,
      { enabled },
    );
    await publishing.queue.onIdle();
    for (let i = 0; i < 3; i++) await getPage(base, pagePath);
    const html = await getPage(base, pagePath);
    if (!html.startsWith("200 ") || html.includes("_hit") !== enabled)
      throw new Error("page does not match the setting");
  };
  // Off and on twice, alternating, so a neighbour's load on the machine shows as spread.
  const offRuns: number[] = [];
  const onRuns: number[] = [];
  for (let round = 1; round <= 2; round++) {
    await setCounting(false);
    const off = await load(base, [pageRequest(agents[0] as string)]);
    offRuns.push(off.requestsPerSecond);
    print({ figure: "post page, counting off (no beacon)", round, connections, seconds, ...off });
    await setCounting(true);
    const onPage = await load(base, [pageRequest(agents[0] as string)]);
    onRuns.push(onPage.requestsPerSecond);
    print({
      figure: "post page, counting on (page with beacon)",
      round,
      connections,
      seconds,
      ...onPage,
    });
  }
  // Each view by a reader of its own (numbered after the ingest's), so every beacon is stored.
  let nextReader = 1 << 20;
  const readerIn = (context: object) => (context as { reader: number }).reader;
  const withBeacons = await load(base, [
    {
      setupRequest: (req, context) => {
        const reader = nextReader++;
        Object.assign(context, { reader });
        return { ...req, ...pageRequest(agentOf(reader)) };
      },
    },
    {
      setupRequest: (req, context) => {
        const reader = readerIn(context);
        const beacon = { p: pagePath, r: referrer, s: 200 as const, i: post.id };
        return { ...req, ...hitRequest(agentOf(reader), beacon, readerAddress(reader)) };
      },
    },
  ]);
  print({
    figure: "post page followed by its beacon, counting on",
    meaning:
      "since decision 311: each view from a reader on an address of its own, so every beacon is stored",
    connections,
    seconds,
    ...withBeacons,
    pageViewsPerSecond: Math.round(withBeacons.requestsPerSecond / 2),
  });
  print({
    figure: "post page requests/s, counting on / off (best of 2 each)",
    ratio: Number((Math.max(...onRuns) / Math.max(...offRuns)).toFixed(2)),
  });
  server.close();

  // 3. Reports over 1,000,000 hits (90 days, 100 posts, 5 referrers, 3 devices, 4 browsers).
  await db.delete(pageHits);
  await db.delete(analyticsDaily);
  const postIds = (
    await db.select({ id: posts.id }).from(posts).where(eq(posts.blogId, blogId))
  ).map((p) => p.id);
  await db.run(sql`create temp table bench_posts (k integer primary key, id text)`);
  for (const [k, id] of postIds.entries())
    await db.run(sql`insert into bench_posts values (${k}, ${id})`);
  const today = new Date();
  const todayIso = today.toISOString().slice(0, 10);
  let started = performance.now();
  await db.run(sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < 999999)
    insert into page_hits (blog_id, day, hour, path, post_id, status, visitor, referrer, referrer_kind,
      utm_source, utm_medium, utm_campaign, device, browser, entry)
    select ${blogId}, date(${todayIso}, '-' || (i % 90) || ' days'),
      (unixepoch(date(${todayIso}, '-' || (i % 90) || ' days')) + (i % 24) * 3600) * 1000,
      '/post/p' || (i % 100), b.id, case when i % 50 = 0 then 404 else 200 end,
      'v' || (i % 7919), case i % 5 when 0 then 'Google' when 1 then 'ChatGPT' when 2 then 'news.example.com' else '' end,
      case i % 5 when 0 then 'search' when 1 then 'ai' when 2 then 'site' else '' end,
      case when i % 10 = 0 then 'newsletter' else '' end, case when i % 10 = 0 then 'email' else '' end,
      case when i % 10 = 0 then 'spring' else '' end,
      case i % 3 when 0 then 'desktop' when 1 then 'mobile' else 'tablet' end,
      case i % 4 when 0 then 'Chrome' when 1 then 'Safari' when 2 then 'Firefox' else 'Edge' end,
      i % 2
    from n join bench_posts b on b.k = i % 100`);
  print({ figure: "seeded 1,000,000 raw hits", ms: Math.round(performance.now() - started) });
  started = performance.now();
  const days = await db.selectDistinct({ day: pageHits.day }).from(pageHits);
  const perDay: number[] = [];
  for (const { day } of days) {
    const t = performance.now();
    await publishing.analytics.rollUpDay(blogId, day);
    perDay.push(performance.now() - t);
  }
  print({
    figure: "rollup of one blog-day (~11,100 hits)",
    days: days.length,
    medianMs: Math.round(median(perDay)),
    maxMs: Math.round(Math.max(...perDay)),
    totalMs: Math.round(performance.now() - started),
  });
  const deps = { db, analytics: publishing.analytics };
  for (const range of ["7d", "30d", "90d", "12m"] as const) {
    const times: number[] = [];
    let views = 0;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      views = (await blogReport(deps, ownerId, blogId, range)).totals.views;
      times.push(performance.now() - t);
    }
    print({
      figure: `blog report over 1,000,000 hits, range ${range}`,
      views,
      medianMs: Number(median(times).toFixed(1)),
    });
  }
  const fleetTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await fleetReport(deps, ownerId, "90d");
    fleetTimes.push(performance.now() - t);
  }
  print({
    figure: "fleet report over 1,000,000 hits, range 90d",
    medianMs: Number(median(fleetTimes).toFixed(1)),
  });
  await publishing.queue.stop();
  handle.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
