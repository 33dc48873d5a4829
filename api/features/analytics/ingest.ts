import { createHash, randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { and, eq, lt, sql } from "drizzle-orm";
import { ipKeyGenerator } from "express-rate-limit";
import type { Database } from "../../db/client.ts";
import { exec, first, rawRows } from "../../db/query.ts";
import {
  analyticsDaily,
  analyticsHourly,
  analyticsSalts,
  analyticsSettings,
  excludedHits,
  pageHits,
} from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import { isBot, isPrefetch } from "../affiliate-links/clicks.ts";
import { browserOf, classifyReferrer, deviceOf, utmOf } from "./classify.ts";
import { createMinuteWindows, type HitLimits, hitLimits } from "./limits.ts";

/** Days raw hits are kept; after that only the daily and hourly rollups remain (decision 131). */
export const rawHitRetentionDays = 30;
/** Days hourly rollups are kept. */
export const hourlyRetentionDays = 90;
/** A flush starts when this many hits wait, or every `flushIntervalMs`. */
const flushSize = 1000;
const flushIntervalMs = 1000;
/** Rows per INSERT statement (15 columns each, under SQLite's variable limit). */
const rowsPerInsert = 500;
/**
 * Values a blog-day keeps of each dimension whose values a beacon names freely (not-found
 * paths, referrers, campaigns), the most viewed: reports show the top 20 of a range, and daily
 * rollups are kept for good (decision 311). The not-found paths beyond them are kept as one
 * row, `otherNotFound`, so the count of 404s stays whole.
 */
const openValuesPerDay = 500;
export const otherNotFound = "(other addresses)";
/** (blog, address) pairs and blogs whose minute windows are followed at once. */
const addressWindows = 50_000;
const blogWindows = 10_000;

const day = (at: Date) => at.toISOString().slice(0, 10);
const hourOf = (at: Date) => Math.floor(at.getTime() / 3_600_000) * 3_600_000;

/** What the beacon (or the no-script image) reports of one page view. */
export type BeaconInput = {
  /** Page path relative to the blog's home, e.g. `/post/x`. */
  path: string;
  referrer?: string;
  /** The page address's query string (for UTM parameters). */
  search?: string;
  status: 200 | 404;
  postId?: string;
};

export type HitRequest = {
  blogId: string;
  /** The blog's host as the reader reached it (a referrer from it is the blog itself). */
  host: string;
  address: string;
  headers: IncomingHttpHeaders;
  beacon: BeaconInput;
  /** Set when the hit names no page of the blog as it is: counted as excluded, never stored. */
  mismatch?: PageMismatch;
};

/**
 * Why the endpoint found a hit is not a view of one of the blog's pages (decision 311): a path
 * the blog does not serve, a 404 for one it serves, the id of a post not at that path.
 */
export type PageMismatch = "unknown-path" | "served-path" | "unknown-post";

/** Why a hit is counted in `excluded_hits` instead of being stored. */
export type ExcludedReason =
  | "bot"
  | "prefetch"
  | "do-not-track"
  | PageMismatch
  | "address-limit"
  | "blog-limit"
  | "daily-cap";

export type HitOutcome = "counted" | "excluded" | "off";

type Settings = { enabled: boolean; honorDoNotTrack: boolean; until: number };
type Row = typeof pageHits.$inferInsert;

/**
 * Counting of page views (issue 18): hits wait in memory and are written in batches, so a
 * burst costs one transaction per thousand hits, not one each; a failed write keeps them for
 * the next flush. Rollups are computed from the raw hits of the (blog, day) pairs that changed.
 * What one address, one blog and one blog-day can store is bounded by `limits` (decision 311).
 */
export function createAnalytics({
  db,
  clock = () => new Date(),
  logger,
  limits = hitLimits,
}: {
  db: Database;
  clock?: () => Date;
  logger?: Logger;
  limits?: HitLimits;
}) {
  let buffer: Row[] = [];
  const excluded = new Map<string, number>();
  /** `blogId\u0000day` pairs whose raw hits changed since their last rollup. */
  const dirty = new Set<string>();
  const salts = new Map<string, Promise<string>>();
  const settings = new Map<string, Settings>();
  const perAddress = createMinuteWindows(addressWindows);
  const perBlog = createMinuteWindows(blogWindows);
  /** Raw hits of each blog on `storedDay`: read from the table on the day's first hit. */
  let storedDay = "";
  const stored = new Map<string, Promise<{ hits: number }>>();
  let flushing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  async function settingsOf(blogId: string): Promise<Settings> {
    const now = Date.now();
    const known = settings.get(blogId);
    if (known && known.until > now) return known;
    const row = await first(
      db.select().from(analyticsSettings).where(eq(analyticsSettings.blogId, blogId)),
    );
    const fresh = {
      enabled: row?.enabled ?? true,
      honorDoNotTrack: row?.honorDoNotTrack ?? false,
      until: now + 10_000,
    };
    settings.set(blogId, fresh);
    return fresh;
  }

  /** The blog's salt for `today`, made on first use; every process reads the same row. */
  function saltOf(blogId: string, today: string): Promise<string> {
    const key = `${blogId}\u0000${today}`;
    const known = salts.get(key);
    if (known) return known;
    const made = (async () => {
      await db
        .insert(analyticsSalts)
        .values({ blogId, day: today, salt: randomBytes(32).toString("base64url") })
        .onConflictDoNothing();
      const row = await first(
        db
          .select({ salt: analyticsSalts.salt })
          .from(analyticsSalts)
          .where(and(eq(analyticsSalts.blogId, blogId), eq(analyticsSalts.day, today))),
      );
      if (!row) throw new Error("analytics salt missing");
      return row.salt;
    })().catch((error) => {
      salts.delete(key);
      throw error;
    });
    salts.set(key, made);
    return made;
  }

  /**
   * The blog's raw hits of `today`, counted from the table once (so a restart does not reset
   * the cap) and then here as hits are buffered.
   */
  function storedToday(blogId: string, today: string): Promise<{ hits: number }> {
    if (today !== storedDay) {
      stored.clear();
      storedDay = today;
    }
    const known = stored.get(blogId);
    if (known) return known;
    const counted = first(
      db
        .select({ hits: sql<number>`count(*)` })
        .from(pageHits)
        .where(and(eq(pageHits.blogId, blogId), eq(pageHits.day, today))),
    ).then(
      (row) => ({ hits: Number(row?.hits ?? 0) }),
      (error) => {
        if (stored.get(blogId) === counted) stored.delete(blogId);
        throw error;
      },
    );
    stored.set(blogId, counted);
    return counted;
  }

  function exclude(blogId: string, today: string, reason: ExcludedReason): HitOutcome {
    const key = `${blogId}\u0000${today}\u0000${reason}`;
    excluded.set(key, (excluded.get(key) ?? 0) + 1);
    schedule();
    return "excluded";
  }

  function schedule() {
    if (buffer.length >= flushSize) void flush();
    else if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        void flush();
      }, flushIntervalMs);
      timer.unref();
    }
  }

  /** Counts one page view, or the reason it is not counted. Resolves once it is buffered. */
  async function record(hit: HitRequest): Promise<HitOutcome> {
    const now = clock();
    const today = day(now);
    const setting = await settingsOf(hit.blogId);
    if (!setting.enabled) return "off";
    const userAgent = hit.headers["user-agent"];
    if (isBot(userAgent)) return exclude(hit.blogId, today, "bot");
    if (isPrefetch(hit.headers)) return exclude(hit.blogId, today, "prefetch");
    if (setting.honorDoNotTrack && (hit.headers["sec-gpc"] === "1" || hit.headers.dnt === "1")) {
      return exclude(hit.blogId, today, "do-not-track");
    }
    // Every hit an address sends counts towards its limit, a forged one too; only hits that
    // would be stored count towards the blog's, so one address cannot use it up.
    const at = now.getTime();
    const address = `${hit.blogId}\u0000${ipKeyGenerator(hit.address)}`;
    if (!perAddress(address, at, limits.perAddressPerMinute)) {
      return exclude(hit.blogId, today, "address-limit");
    }
    if (hit.mismatch) return exclude(hit.blogId, today, hit.mismatch);
    if (!perBlog(hit.blogId, at, limits.perBlogPerMinute)) {
      return exclude(hit.blogId, today, "blog-limit");
    }
    const blogDay = await storedToday(hit.blogId, today);
    if (blogDay.hits >= limits.rawHitsPerBlogPerDay) {
      return exclude(hit.blogId, today, "daily-cap");
    }
    blogDay.hits++;
    const salt = await saltOf(hit.blogId, today);
    const visitor = createHash("sha256")
      .update(`${salt}\u0000${hit.address}\u0000${userAgent}`)
      .digest("base64url")
      .slice(0, 22);
    const referrer = classifyReferrer(hit.beacon.referrer, hit.host);
    const utm = utmOf(hit.beacon.search ?? "");
    buffer.push({
      blogId: hit.blogId,
      day: today,
      hour: hourOf(now),
      path: hit.beacon.path,
      postId: hit.beacon.postId || null,
      status: hit.beacon.status,
      visitor,
      referrer: referrer.name,
      referrerKind: referrer.kind,
      utmSource: utm.source,
      utmMedium: utm.medium,
      utmCampaign: utm.campaign,
      device: deviceOf(userAgent as string),
      browser: browserOf(userAgent as string),
      // Without a referrer from another page of the blog, the visit starts here.
      entry: referrer.kind !== "" || !hit.beacon.referrer,
    });
    schedule();
    return "counted";
  }

  /** Writes every waiting hit (and excluded count); waits for a flush already running. */
  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
      const rows = buffer;
      const counts = [...excluded];
      if (rows.length === 0 && counts.length === 0) return;
      buffer = [];
      excluded.clear();
      try {
        await db.transaction(async (tx) => {
          for (let i = 0; i < rows.length; i += rowsPerInsert) {
            await tx.insert(pageHits).values(rows.slice(i, i + rowsPerInsert));
          }
          for (const [key, hits] of counts) {
            const [blogId, when, reason] = key.split("\u0000") as [string, string, string];
            await tx
              .insert(excludedHits)
              .values({ blogId, day: when, reason, hits })
              .onConflictDoUpdate({
                target: [excludedHits.blogId, excludedHits.day, excludedHits.reason],
                set: { hits: sql`${excludedHits.hits} + ${hits}` },
              });
          }
        });
        for (const row of rows) dirty.add(`${row.blogId}\u0000${row.day}`);
      } catch (error) {
        // Kept for the next flush: a burst is never lost to one failed write. A blog deleted
        // meanwhile makes its rows fail the foreign key: those are dropped, the rest kept.
        logger?.error({ err: error, hits: rows.length }, "analytics hits could not be written");
        const existing = new Set(
          (await rawRows<{ id: string }>(db, sql`select id from blogs`).catch(() => [])).map(
            (b) => b.id,
          ),
        );
        buffer = [...rows.filter((r) => existing.size === 0 || existing.has(r.blogId)), ...buffer];
        for (const [key, hits] of counts) {
          const blogId = key.slice(0, key.indexOf("\u0000"));
          if (existing.size > 0 && !existing.has(blogId)) continue;
          excluded.set(key, (excluded.get(key) ?? 0) + hits);
        }
        throw error;
      }
    });
    const done = flushing;
    flushing = flushing.catch(() => {});
    return done;
  }

  /** Recomputes one blog's rollups of one day from its raw hits (idempotent). */
  async function rollUpDay(blogId: string, when: string) {
    const start = Date.parse(`${when}T00:00:00Z`);
    const end = start + 86_400_000;
    await db.transaction(async (tx) => {
      await tx
        .delete(analyticsDaily)
        .where(and(eq(analyticsDaily.blogId, blogId), eq(analyticsDaily.day, when)));
      // Each dimension's value and filter are fixed SQL of this file, never input. Every
      // selected column is grouped by (PostgreSQL asks it; blog and day are fixed anyway).
      // Values a beacon names freely keep only the day's most viewed (`openValuesPerDay`).
      const dimension = (name: string, value: string, where: string, open = false) =>
        exec(
          tx,
          sql`insert into analytics_daily (blog_id, day, dimension, value, views, visitors)
          select blog_id, day, ${name}, ${sql.raw(value)}, count(*), count(distinct visitor)
          from page_hits where blog_id = ${blogId} and day = ${when} and ${sql.raw(where)}
          group by blog_id, day${sql.raw(value === "''" ? "" : `, ${value}`)}
          ${open ? sql`order by count(*) desc, ${sql.raw(value)} limit ${openValuesPerDay}` : sql``}`,
        );
      await dimension("total", "''", "status = 200");
      // Paths of views are pages the blog serves (checked when counted): no bound needed.
      await dimension("page", "path", "status = 200");
      await dimension("entry", "path", "status = 200 and entry = true");
      await dimension("notfound", "path", "status = 404", true);
      await exec(
        tx,
        sql`insert into analytics_daily (blog_id, day, dimension, value, views, visitors)
        select blog_id, day, 'notfound', ${otherNotFound}, count(*), count(distinct visitor)
        from page_hits where blog_id = ${blogId} and day = ${when} and status = 404
        and path not in (select value from analytics_daily
          where blog_id = ${blogId} and day = ${when} and dimension = 'notfound')
        group by blog_id, day`,
      );
      await dimension(
        "referrer",
        "referrer_kind || ':' || referrer",
        "status = 200 and referrer <> ''",
        true,
      );
      await dimension(
        "utm",
        "utm_source || '\t' || utm_medium || '\t' || utm_campaign",
        "status = 200 and (utm_source <> '' or utm_medium <> '' or utm_campaign <> '')",
        true,
      );
      await dimension("device", "device", "status = 200");
      await dimension("browser", "browser", "status = 200");
      // Posts: only ids of the blog's own posts count (the page said which post it shows).
      await exec(
        tx,
        sql`insert into analytics_daily (blog_id, day, dimension, value, views, visitors)
        select h.blog_id, h.day, 'post', h.post_id, count(*), count(distinct h.visitor)
        from page_hits h join posts p on p.id = h.post_id and p.blog_id = h.blog_id
        where h.blog_id = ${blogId} and h.day = ${when} and h.status = 200
        group by h.blog_id, h.day, h.post_id`,
      );
      await tx
        .delete(analyticsHourly)
        .where(
          and(
            eq(analyticsHourly.blogId, blogId),
            sql`${analyticsHourly.hour} >= ${start} and ${analyticsHourly.hour} < ${end}`,
          ),
        );
      await exec(
        tx,
        sql`insert into analytics_hourly (blog_id, hour, views, visitors)
        select blog_id, hour, count(*), count(distinct visitor) from page_hits
        where blog_id = ${blogId} and day = ${when} and status = 200 group by blog_id, hour`,
      );
    });
  }

  /** Flushes, then rolls up every changed (blog, day), or only those of the blogs named. */
  async function rollUp(blogIds?: readonly string[]) {
    // A failed write keeps the hits (minus those of blogs deleted meanwhile): one more try, and
    // the rollup of what is already stored goes on either way.
    await flush()
      .catch(() => flush())
      .catch(() => {});
    for (const key of [...dirty]) {
      const [blogId, when] = key.split("\u0000") as [string, string];
      if (blogIds && !blogIds.includes(blogId)) continue;
      dirty.delete(key);
      try {
        await rollUpDay(blogId, when);
      } catch (error) {
        dirty.add(key);
        throw error;
      }
    }
  }

  /**
   * Deletes salts of days before today (so a day's visitors can never be re-identified once it
   * is over: a salt lives at most 48 hours), raw hits past their retention and old hourly rows.
   */
  async function cleanUp() {
    const now = clock();
    const today = day(now);
    await db.delete(analyticsSalts).where(lt(analyticsSalts.day, today));
    for (const key of salts.keys()) if (!key.endsWith(`\u0000${today}`)) salts.delete(key);
    const rawCutoff = day(new Date(now.getTime() - rawHitRetentionDays * 86_400_000));
    await db.delete(pageHits).where(lt(pageHits.day, rawCutoff));
    await db
      .delete(analyticsHourly)
      .where(lt(analyticsHourly.hour, now.getTime() - hourlyRetentionDays * 86_400_000));
  }

  /** After a restart: the last two days of raw hits are rolled up again (cheap, idempotent). */
  async function catchUp() {
    const now = clock();
    const since = day(new Date(now.getTime() - 86_400_000));
    const pairs = await db
      .selectDistinct({ blogId: pageHits.blogId, day: pageHits.day })
      .from(pageHits)
      .where(sql`${pageHits.day} >= ${since}`);
    for (const pair of pairs) dirty.add(`${pair.blogId}\u0000${pair.day}`);
    await rollUp();
  }

  return {
    record,
    flush,
    rollUp,
    rollUpDay,
    cleanUp,
    catchUp,
    /** A changed setting applies to the next hit. */
    forgetSettings: (blogId: string) => settings.delete(blogId),
    /** Hits waiting in memory (tests, bench). */
    get waiting() {
      return buffer.length;
    },
  };
}
export type Analytics = ReturnType<typeof createAnalytics>;
