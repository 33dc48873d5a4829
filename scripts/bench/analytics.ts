/**
 * Reader analytics (issue 18), three figures in one run on a 100-post blog:
 *   1. ingest: beacon hits per second accepted (204) under 50 connections, with p99 latency,
 *      and a check that every accepted hit reached the database (no burst lost);
 *   2. serving: requests per second of a post page with counting off (no beacon on the page),
 *      counting on (page only), and counting on with every page view followed by its beacon;
 *   3. report query time over 1,000,000 raw hits spread over 90 days (rolled up first),
 *      for each range, median of 5.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { eq, sql } from "drizzle-orm";
import { createApp } from "../../api/app.ts";
import { first } from "../../api/db/query.ts";
import { analyticsDaily, pageHits, posts } from "../../api/db/schema.ts";
import { blogReport, fleetReport } from "../../api/features/analytics/service.ts";
import { updateAnalyticsSettings } from "../../api/features/analytics/settings.ts";
import { seededDatabase } from "./fixtures.ts";
import { benchPublishing, listenOnLoopback } from "./server.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const host = "garden-100.blogs.test";
const agents = Array.from(
  { length: 200 },
  (_, i) =>
    `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${i}.0 Safari/537.36`,
);

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
  const { env, logger, publishing } = await benchPublishing(dir, handle);
  const db = handle.db;
  await publishing.queue.enqueue(blogId, { full: true });
  await publishing.queue.onIdle();
  const post = (await publishing.loadSnapshot(blogId))?.site.posts[0];
  if (!post) throw new Error("no post");
  const app = createApp({ env, db, logger, publishing });
  const { server, port } = await listenOnLoopback(app, publishing);
  const base = `http://127.0.0.1:${port}`;
  const pagePath = `/post/${post.slug}`;
  const beacon = JSON.stringify({ p: pagePath, r: "https://www.google.com/", s: 200, i: post.id });
  const hitRequest = (ua: string) => ({
    method: "POST" as const,
    path: "/_hit",
    headers: {
      host,
      "user-agent": ua,
      "content-type": "text/plain;charset=UTF-8",
      "sec-fetch-site": "same-origin",
    },
    body: beacon,
  });
  const pageRequest = (ua: string) => ({
    method: "GET" as const,
    path: pagePath,
    headers: { host, "user-agent": ua, "accept-encoding": "gzip" },
  });
  const load = async (requests: object[]) => {
    const result = await autocannon({
      url: base,
      connections,
      duration: seconds,
      requests: requests as never,
    });
    return {
      requestsPerSecond: Math.round(result.requests.average),
      p99Ms: result.latency.p99,
      accepted: result["2xx"],
      errors: result.errors,
      non2xx: result.non2xx,
    };
  };
  // Warm the host map and the page cache.
  for (let i = 0; i < 3; i++) await getPage(base, pagePath);

  // 1. Ingest.
  const ingest = await load(agents.map(hitRequest));
  await publishing.analytics.rollUp();
  const stored = (await first(db.select({ n: sql<number>`count(*)` }).from(pageHits)))?.n ?? 0;
  print({
    figure: "analytics ingest: beacon hits accepted",
    connections,
    seconds,
    ...ingest,
    stored,
    // Requests still in flight when the run ends are answered (and stored) after autocannon stops counting.
    lost: Math.max(0, ingest.accepted - stored),
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
    const off = await load([pageRequest(agents[0] as string)]);
    offRuns.push(off.requestsPerSecond);
    print({ figure: "post page, counting off (no beacon)", round, connections, seconds, ...off });
    await setCounting(true);
    const onPage = await load([pageRequest(agents[0] as string)]);
    onRuns.push(onPage.requestsPerSecond);
    print({
      figure: "post page, counting on (page with beacon)",
      round,
      connections,
      seconds,
      ...onPage,
    });
  }
  const withBeacons = await load(
    agents.slice(0, 50).flatMap((ua) => [pageRequest(ua), hitRequest(ua)]),
  );
  print({
    figure: "post page followed by its beacon, counting on",
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
