import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type {
  AnalyticsRange,
  BlogAnalytics,
  FleetAnalytics,
  RankedRow,
} from "../../../contracts/analytics.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import {
  affiliateClicks,
  affiliateLinks,
  analyticsDaily,
  analyticsHourly,
  blogs,
  commissions,
  excludedHits,
  posts,
} from "../../db/schema.ts";
import { blogFor } from "../members/access.ts";
import type { Analytics } from "./ingest.ts";

export type ReportDeps = { db: Database; analytics: Analytics; clock?: () => Date };

const dayMs = 86_400_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);
const rankedLimit = 20;

/** The first day a range covers and the periods of its chart (days, or months for 12m). */
export function rangePeriods(
  range: AnalyticsRange,
  now: Date,
): { from: string; periods: string[] } {
  if (range === "12m") {
    const periods = Array.from({ length: 12 }, (_, i) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (11 - i), 1));
      return d.toISOString().slice(0, 7);
    });
    return { from: `${periods[0]}-01`, periods };
  }
  const count = Number.parseInt(range, 10);
  const periods = Array.from({ length: count }, (_, i) =>
    isoDay(new Date(now.getTime() - (count - 1 - i) * dayMs)),
  );
  return { from: periods[0] as string, periods };
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const rank = <T extends { views: number; label: string }>(rows: T[]) =>
  rows.sort((a, b) => b.views - a.views || a.label.localeCompare(b.label)).slice(0, rankedLimit);

/** Revenue in major units from minor units (cents). */
const major = (minor: number) => Math.round(minor) / 100;

/** The currency most of the rows are in (reports of one owner are assumed in one currency). */
async function currencyOf(db: Database, blogIds: string[]): Promise<string> {
  if (blogIds.length === 0) return "USD";
  const row = await first(
    db
      .select({ currency: commissions.currency, n: sql<number>`count(*)` })
      .from(commissions)
      .where(inArray(commissions.blogId, blogIds))
      .groupBy(commissions.currency)
      .orderBy(sql`count(*) desc`),
  );
  return row?.currency ?? "USD";
}

/**
 * One blog's report over a range, read from the rollups (the blog's latest hits are flushed
 * and rolled up first, so the report is current to the second).
 */
export async function blogReport(
  deps: ReportDeps,
  ownerId: string,
  blogId: string,
  range: AnalyticsRange,
): Promise<BlogAnalytics> {
  const { db } = deps;
  // The blog's numbers are for those who see its analytics (owner, editors: decision 366).
  await blogFor(db, ownerId, blogId, "analytics.view");
  await deps.analytics.rollUp([blogId]);
  const now = (deps.clock ?? (() => new Date()))();
  const { from, periods } = rangePeriods(range, now);
  const inRange = and(eq(analyticsDaily.blogId, blogId), gte(analyticsDaily.day, from));

  const grouped = await db
    .select({
      dimension: analyticsDaily.dimension,
      value: analyticsDaily.value,
      views: sql<number>`sum(${analyticsDaily.views})`,
      visitors: sql<number>`sum(${analyticsDaily.visitors})`,
    })
    .from(analyticsDaily)
    .where(and(inRange, sql`${analyticsDaily.dimension} <> 'total'`))
    .groupBy(analyticsDaily.dimension, analyticsDaily.value);
  const byDimension = new Map<string, typeof grouped>();
  for (const row of grouped) {
    const list = byDimension.get(row.dimension) ?? [];
    list.push(row);
    byDimension.set(row.dimension, list);
  }
  const rows = (dimension: string) => byDimension.get(dimension) ?? [];
  const plain = (dimension: string): RankedRow[] =>
    rank(
      rows(dimension).map((r) => ({
        key: r.value,
        label: r.value,
        views: r.views,
        visitors: r.visitors,
      })),
    );

  const totalsByDay = await db
    .select({
      period:
        range === "12m" ? sql<string>`substr(${analyticsDaily.day}, 1, 7)` : analyticsDaily.day,
      views: sql<number>`sum(${analyticsDaily.views})`,
      visitors: sql<number>`sum(${analyticsDaily.visitors})`,
    })
    .from(analyticsDaily)
    .where(and(inRange, eq(analyticsDaily.dimension, "total")))
    .groupBy(range === "12m" ? sql`substr(${analyticsDaily.day}, 1, 7)` : analyticsDaily.day);
  const seriesMap = new Map(totalsByDay.map((r) => [r.period, r]));
  const series = periods.map((period) => ({
    period,
    views: seriesMap.get(period)?.views ?? 0,
    visitors: seriesMap.get(period)?.visitors ?? 0,
  }));
  const views = series.reduce((s, p) => s + p.views, 0);
  const visitors = series.reduce((s, p) => s + p.visitors, 0);

  const excluded = await db
    .select({ reason: excludedHits.reason, hits: sql<number>`sum(${excludedHits.hits})` })
    .from(excludedHits)
    .where(and(eq(excludedHits.blogId, blogId), gte(excludedHits.day, from)))
    .groupBy(excludedHits.reason);
  const last24h = await first(
    db
      .select({
        views: sql<number>`coalesce(sum(${analyticsHourly.views}), 0)`,
        visitors: sql<number>`coalesce(sum(${analyticsHourly.visitors}), 0)`,
      })
      .from(analyticsHourly)
      .where(
        and(
          eq(analyticsHourly.blogId, blogId),
          gte(
            analyticsHourly.hour,
            Math.floor(now.getTime() / 3_600_000) * 3_600_000 - 23 * 3_600_000,
          ),
        ),
      ),
  );

  // Affiliate clicks in the range, per post and per link.
  const clickRows = await db
    .select({
      postId: affiliateClicks.postId,
      linkId: affiliateClicks.linkId,
      clicks: sql<number>`count(*)`,
    })
    .from(affiliateClicks)
    .innerJoin(affiliateLinks, eq(affiliateLinks.id, affiliateClicks.linkId))
    .where(and(eq(affiliateLinks.blogId, blogId), gte(affiliateClicks.day, from)))
    .groupBy(affiliateClicks.postId, affiliateClicks.linkId);
  const clicksByPost = new Map<string, number>();
  const clicksByLink = new Map<string, number>();
  for (const r of clickRows) {
    if (r.postId) clicksByPost.set(r.postId, (clicksByPost.get(r.postId) ?? 0) + r.clicks);
    clicksByLink.set(r.linkId, (clicksByLink.get(r.linkId) ?? 0) + r.clicks);
  }
  const revenueRows = await db
    .select({
      postId: commissions.postId,
      linkId: commissions.linkId,
      minor: sql<number>`sum(${commissions.amountMinor})`,
    })
    .from(commissions)
    .where(and(eq(commissions.blogId, blogId), gte(commissions.day, from)))
    .groupBy(commissions.postId, commissions.linkId);
  const revenueByPost = new Map<string, number>();
  const revenueByLink = new Map<string, number>();
  let revenueMinor = 0;
  for (const r of revenueRows) {
    revenueMinor += r.minor;
    if (r.postId) revenueByPost.set(r.postId, (revenueByPost.get(r.postId) ?? 0) + r.minor);
    if (r.linkId) revenueByLink.set(r.linkId, (revenueByLink.get(r.linkId) ?? 0) + r.minor);
  }

  const postViews = new Map(rows("post").map((r) => [r.value, r]));
  const postIds = [
    ...new Set([...postViews.keys(), ...clicksByPost.keys(), ...revenueByPost.keys()]),
  ];
  const titles = new Map(
    postIds.length === 0
      ? []
      : (
          await db
            .select({ id: posts.id, title: posts.title })
            .from(posts)
            .where(and(eq(posts.blogId, blogId), inArray(posts.id, postIds)))
        ).map((p) => [p.id, p.title]),
  );
  const postRow = (id: string) => {
    const seen = postViews.get(id);
    const clicks = clicksByPost.get(id) ?? 0;
    return {
      key: id,
      label: titles.get(id) ?? "(deleted post)",
      views: seen?.views ?? 0,
      visitors: seen?.visitors ?? 0,
      clicks,
      ctr: ratio(clicks, seen?.views ?? 0),
    };
  };
  const topPosts = rank(postIds.filter((id) => titles.has(id)).map(postRow));

  const links = await db
    .select({ id: affiliateLinks.id, keyword: affiliateLinks.keyword })
    .from(affiliateLinks)
    .where(eq(affiliateLinks.blogId, blogId));
  const clicksTotal = [...clicksByLink.values()].reduce((s, n) => s + n, 0);

  return {
    range,
    from,
    to: isoDay(now),
    series,
    totals: {
      views,
      visitors,
      excluded: excluded.reduce((s, r) => s + r.hits, 0),
      notFound: rows("notfound").reduce((s, r) => s + r.views, 0),
    },
    last24h: { views: last24h?.views ?? 0, visitors: last24h?.visitors ?? 0 },
    topPosts,
    topPages: plain("page"),
    entryPages: plain("entry"),
    notFoundPages: plain("notfound"),
    referrers: rank(
      rows("referrer").map((r) => {
        const colon = r.value.indexOf(":");
        return {
          key: r.value,
          kind: r.value.slice(0, colon) as "search" | "ai" | "social" | "site",
          label: r.value.slice(colon + 1),
          views: r.views,
          visitors: r.visitors,
        };
      }),
    ),
    campaigns: rank(
      rows("utm").map((r) => {
        const [source = "", medium = "", campaign = ""] = r.value.split("\t");
        return {
          key: r.value,
          label: [source, medium, campaign].filter(Boolean).join(" / "),
          source,
          medium,
          campaign,
          views: r.views,
          visitors: r.visitors,
        };
      }),
    ),
    devices: plain("device"),
    browsers: plain("browser"),
    excluded: excluded
      .map((r) => ({ reason: r.reason, hits: r.hits }))
      .sort((a, b) => b.hits - a.hits),
    links: links
      .map((link) => {
        const clicks = clicksByLink.get(link.id) ?? 0;
        const revenue = revenueByLink.get(link.id) ?? 0;
        return {
          id: link.id,
          keyword: link.keyword,
          clicks,
          ctr: ratio(clicks, views),
          revenue: major(revenue),
          epc: clicks > 0 ? major(revenue) / clicks : null,
        };
      })
      .sort((a, b) => b.clicks - a.clicks || a.keyword.localeCompare(b.keyword)),
    revenue: {
      currency: await currencyOf(db, [blogId]),
      total: major(revenueMinor),
      rpm: views > 0 ? (major(revenueMinor) / views) * 1000 : null,
      epc: clicksTotal > 0 ? major(revenueMinor) / clicksTotal : null,
      byPost: [...revenueByPost.keys()]
        .filter((id) => titles.has(id))
        .map((id) => {
          const row = postRow(id);
          const revenue = major(revenueByPost.get(id) ?? 0);
          return {
            postId: id,
            title: row.label,
            revenue,
            clicks: row.clicks,
            views: row.views,
            epc: row.clicks > 0 ? revenue / row.clicks : null,
            rpm: row.views > 0 ? (revenue / row.views) * 1000 : null,
          };
        })
        .sort((a, b) => b.revenue - a.revenue),
    },
  };
}

/** Every blog of the owner over a range: views, visitors, clicks, posts published, revenue. */
export async function fleetReport(
  deps: ReportDeps,
  ownerId: string,
  range: AnalyticsRange,
): Promise<FleetAnalytics> {
  const { db } = deps;
  const owned = await db
    .select({ id: blogs.id, name: blogs.name })
    .from(blogs)
    .where(eq(blogs.ownerId, ownerId));
  const ids = owned.map((b) => b.id);
  await deps.analytics.rollUp(ids);
  const now = (deps.clock ?? (() => new Date()))();
  const { from } = rangePeriods(range, now);
  if (ids.length === 0) return { range, blogs: [], currency: "USD" };
  const fromDate = new Date(`${from}T00:00:00Z`);
  const [traffic, clicks, published, revenue] = await Promise.all([
    db
      .select({
        blogId: analyticsDaily.blogId,
        views: sql<number>`sum(${analyticsDaily.views})`,
        visitors: sql<number>`sum(${analyticsDaily.visitors})`,
      })
      .from(analyticsDaily)
      .where(
        and(
          inArray(analyticsDaily.blogId, ids),
          eq(analyticsDaily.dimension, "total"),
          gte(analyticsDaily.day, from),
        ),
      )
      .groupBy(analyticsDaily.blogId),
    db
      .select({ blogId: affiliateLinks.blogId, clicks: sql<number>`count(*)` })
      .from(affiliateClicks)
      .innerJoin(affiliateLinks, eq(affiliateLinks.id, affiliateClicks.linkId))
      .where(and(inArray(affiliateLinks.blogId, ids), gte(affiliateClicks.day, from)))
      .groupBy(affiliateLinks.blogId),
    db
      .select({ blogId: posts.blogId, n: sql<number>`count(*)` })
      .from(posts)
      .where(
        and(
          inArray(posts.blogId, ids),
          eq(posts.status, "published"),
          gte(posts.publishedAt, fromDate),
        ),
      )
      .groupBy(posts.blogId),
    db
      .select({ blogId: commissions.blogId, minor: sql<number>`sum(${commissions.amountMinor})` })
      .from(commissions)
      .where(and(inArray(commissions.blogId, ids), gte(commissions.day, from)))
      .groupBy(commissions.blogId),
  ]);
  const of = <T extends { blogId: string }>(list: T[]) => new Map(list.map((r) => [r.blogId, r]));
  const t = of(traffic);
  const c = of(clicks);
  const p = of(published);
  const r = of(revenue);
  return {
    range,
    currency: await currencyOf(db, ids),
    blogs: owned
      .map((blog) => {
        const views = t.get(blog.id)?.views ?? 0;
        const money = major(r.get(blog.id)?.minor ?? 0);
        return {
          blogId: blog.id,
          name: blog.name,
          views,
          visitors: t.get(blog.id)?.visitors ?? 0,
          clicks: c.get(blog.id)?.clicks ?? 0,
          postsPublished: p.get(blog.id)?.n ?? 0,
          revenue: money,
          rpm: views > 0 ? (money / views) * 1000 : null,
        };
      })
      .sort((a, b) => b.views - a.views || a.name.localeCompare(b.name)),
  };
}
