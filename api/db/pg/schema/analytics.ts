import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { blogs } from "./blogs.ts";
import { bool, integer } from "./columns.ts";

/* Reader analytics: settings, salts, raw hits and their rollups. */

/** Reader analytics settings of a blog (issue 18); a blog without a row counts, ignoring DNT. */
export const analyticsSettings = pgTable("analytics_settings", {
  blogId: text("blog_id")
    .primaryKey()
    .references(() => blogs.id, { onDelete: "cascade" }),
  enabled: bool("enabled").notNull().default(true),
  /** Readers whose browser sends `Sec-GPC: 1` or `DNT: 1` are not counted. */
  honorDoNotTrack: bool("honor_do_not_track").notNull().default(false),
});

/**
 * The random salt of a blog's visitor hashes for one UTC day. Deleted once the day is over
 * (at most 48 hours after it was made), so yesterday's hashes can no longer be recomputed.
 */
export const analyticsSalts = pgTable(
  "analytics_salts",
  {
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    salt: text("salt").notNull(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.day] })],
);

/** One counted page view (raw; dropped after the retention period, reports read rollups). */
export const pageHits = pgTable(
  "page_hits",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    /** Start of the UTC hour, ms. */
    hour: integer("hour").notNull(),
    path: text("path").notNull(),
    /** The post the page shows, as the page said (checked against the blog when rolled up). */
    postId: text("post_id"),
    /** 200, or 404 for a reader who met a missing page. */
    status: integer("status").notNull(),
    /** Hash of the day's salt, address and browser: no address is stored. */
    visitor: text("visitor").notNull(),
    /** Referring domain ('' for none or the blog itself), or a named engine/assistant. */
    referrer: text("referrer").notNull(),
    /** 'search', 'ai', 'social' or 'site' (another site), '' for none. */
    referrerKind: text("referrer_kind").notNull(),
    utmSource: text("utm_source").notNull(),
    utmMedium: text("utm_medium").notNull(),
    utmCampaign: text("utm_campaign").notNull(),
    device: text("device").notNull(),
    browser: text("browser").notNull(),
    /** The visit came from outside the blog: this page is where it entered. */
    entry: bool("entry").notNull(),
  },
  (t) => [index("page_hits_blog_day_idx").on(t.blogId, t.day)],
);

/**
 * Daily rollups of page hits (and excluded hits) per blog: one row per day, dimension and
 * value. Dimensions: total, post, page, entry, notfound, referrer, utm, device, browser,
 * excluded. `visitors` are distinct visitor hashes that day (salts rotate daily).
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.day, t.dimension, t.value] })],
);

/** Hourly totals of views and visitors per blog (the last day at a finer grain). */
export const analyticsHourly = pgTable(
  "analytics_hourly",
  {
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    hour: integer("hour").notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.hour] })],
);

/** Hits not counted (bots, crawlers, previews, prefetches, Do Not Track), per blog, day, reason. */
export const excludedHits = pgTable(
  "excluded_hits",
  {
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    reason: text("reason").notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.day, t.reason] })],
);
