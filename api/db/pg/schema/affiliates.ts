import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { blogs } from "./blogs.ts";
import { bool, createdAt, id, integer, timestamp, updatedAt } from "./columns.ts";
import { posts } from "./posts.ts";

/* Affiliate links, their clicks and recommendations, and commissions from the networks' reports. */

export const affiliateLinks = pgTable(
  "affiliate_links",
  {
    id: id(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    keyword: text("keyword").notNull(),
    url: text("url").notNull(),
    autoInsert: bool("auto_insert").notNull().default(true),
    clicks: integer("clicks").notNull().default(0),
    /** Query parameter the network reads a sub-ID from (Amazon `tag`, Impact `subId1`, …). */
    subIdParam: text("sub_id_param"),
    /** The sub-ID put there on each click: `{post}`, `{blog}` and `{link}` are filled in. */
    subIdTemplate: text("sub_id_template"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("affiliate_links_blog_keyword_unique").on(t.blogId, sql`lower(${t.keyword})`),
  ],
);

export const affiliateClicks = pgTable(
  "affiliate_clicks",
  {
    id: id(),
    linkId: text("link_id")
      .notNull()
      .references(() => affiliateLinks.id, { onDelete: "cascade" }),
    postId: text("post_id").references(() => posts.id, { onDelete: "set null" }),
    /** The newsletter issue the click came from (decision 373); null on the web. */
    issueId: text("issue_id"),
    /** Keyed hash of visitor and day; raw IP addresses are never stored. */
    visitorHash: text("visitor_hash").notNull(),
    day: text("day").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("affiliate_clicks_link_day_idx").on(t.linkId, t.day)],
);

export const affiliateRecommendations = pgTable(
  "affiliate_recommendations",
  {
    id: id(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    programName: text("program_name").notNull(),
    category: text("category").notNull(),
    description: text("description").notNull(),
    commissionRate: text("commission_rate"),
    reasoning: text("reasoning"),
    signupUrl: text("signup_url").notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    /** "ai": proposed by the configured model; "offline": from the built-in catalogue. */
    source: text("source", { enum: ["ai", "offline"] })
      .notNull()
      .default("ai"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at"),
  },
  (t) => [index("affiliate_recommendations_blog_idx").on(t.blogId, t.status)],
);

/** The owner's column mapping of one network's commission report CSV, kept after the first import. */
export const commissionMappings = pgTable(
  "commission_mappings",
  {
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    network: text("network").notNull(),
    mapping: jsonb("mapping").$type<Record<string, string>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.network] })],
);

/** One commission from a network's report, matched to a blog (and post, link) by its sub-ID. */
export const commissions = pgTable(
  "commissions",
  {
    id: id(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    postId: text("post_id").references(() => posts.id, { onDelete: "set null" }),
    linkId: text("link_id").references(() => affiliateLinks.id, { onDelete: "set null" }),
    network: text("network").notNull(),
    /** The network's id of the transaction: importing the same report twice adds nothing. */
    externalId: text("external_id").notNull(),
    subId: text("sub_id").notNull(),
    day: text("day").notNull(),
    /** Commission in the currency's minor unit (cents). */
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("commissions_external_unique").on(t.blogId, t.network, t.externalId),
    index("commissions_blog_day_idx").on(t.blogId, t.day),
  ],
);
