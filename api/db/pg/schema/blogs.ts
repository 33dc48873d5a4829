import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { MediaVariant } from "../../../../contracts/media.ts";
import { users } from "./accounts.ts";
import { bool, createdAt, id, integer, stringList, timestamp, updatedAt } from "./columns.ts";

/* Blogs and what belongs to a whole blog: its media library, categories, tags, addresses, voice and automation settings. */

export const blogs = pgTable(
  "blogs",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    slug: text("slug").notNull().unique(),
    subdomain: text("subdomain").unique(),
    /** Claimed by any number of blogs until one verifies it (docs/decisions/076-custom-domain-claims.md). */
    customDomain: text("custom_domain"),
    domainVerified: bool("domain_verified").notNull().default(false),
    /** Token the owner publishes in a TXT record to prove control of the custom domain. */
    domainVerificationToken: text("domain_verification_token"),
    /** When the unverified claim was made; it expires some days later. Null once verified. */
    domainClaimedAt: timestamp("domain_claimed_at"),
    /** Why the blog's last claim ended without its owner's doing, and on which domain. */
    domainClaimEnded: text("domain_claim_ended", { enum: ["verified_elsewhere", "expired"] }),
    domainClaimEndedFor: text("domain_claim_ended_for"),
    primaryColor: text("primary_color").notNull().default("#df7020"),
    fontFamily: text("font_family").notNull().default("IBM Plex Serif"),
    logoUrl: text("logo_url"),
    /** An uploaded logo from the media library; shown instead of `logoUrl` when set. */
    logoMediaId: text("logo_media_id").references((): AnyPgColumn => media.id, {
      onDelete: "set null",
    }),
    /** Set when the AI created the blog itself in maximum-trust mode. */
    createdByAi: bool("created_by_ai").notNull().default(false),
    /** Show an 'AI-assisted' note on posts generated and not substantially edited (decision 057). */
    aiDisclosure: bool("ai_disclosure").notNull().default(true),
    /**
     * Drafts go through 'Under Review' before 'Published' (two steps, the product's default); off, an owner
     * writing alone publishes a draft in one step (docs/decisions/097).
     */
    reviewBeforePublishing: bool("review_before_publishing").notNull().default(true),
    /** Writers publish (and schedule) their own posts without an editor (decision 367). */
    writersCanPublish: bool("writers_can_publish").notNull().default(false),
    /** The newsletter's sender name (decision 373); the blog's name when empty. */
    newsletterSenderName: text("newsletter_sender_name"),
    /** The newsletter's From address; the server's SMTP_FROM address when empty. */
    newsletterSenderAddress: text("newsletter_sender_address"),
    /** Whether "Also send by e-mail" starts ticked when a post is published. */
    newsletterSendByDefault: bool("newsletter_send_by_default").notNull().default(false),
    /** A weekly digest of the week's posts not already sent one by one. */
    newsletterWeeklyDigest: bool("newsletter_weekly_digest").notNull().default(false),
    /** IANA time zone of public dates (decision 140); the owner's browser zone at creation. */
    timeZone: text("time_zone").notNull().default("UTC"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("blogs_owner_idx").on(t.ownerId, t.createdAt),
    // First to verify wins: a domain is unique among verified claims only.
    uniqueIndex("blogs_verified_custom_domain_unique")
      .on(t.customDomain)
      .where(sql`domain_verified = true`),
    index("blogs_custom_domain_idx").on(t.customDomain),
  ],
);

export const categories = pgTable(
  "categories",
  {
    id: id(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    parentId: text("parent_id").references((): AnyPgColumn => categories.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("categories_blog_slug_unique").on(t.blogId, t.slug),
    index("categories_parent_idx").on(t.parentId),
  ],
);

/** A blog's tags: many per post, each with a public page `/tag/{slug}` and a feed. */
export const tags = pgTable(
  "tags",
  {
    id: id(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("tags_blog_slug_unique").on(t.blogId, t.slug)],
);

/**
 * An image in a blog's media library (docs/decisions/110): stored once per blog by the hash of
 * the uploaded bytes, re-encoded into AVIF and WebP at a few widths plus a JPEG/PNG fallback.
 * The upload itself is never kept.
 */
export const media = pgTable(
  "media",
  {
    id: id(),
    blogId: text("blog_id")
      .notNull()
      .references((): AnyPgColumn => blogs.id, { onDelete: "cascade" }),
    /** First 32 hex digits of the SHA-256 of the uploaded bytes; names every stored file. */
    hash: text("hash").notNull(),
    fileName: text("file_name").notNull(),
    alt: text("alt").notNull().default(""),
    /** The upload's format, sniffed from its bytes. */
    format: text("format", { enum: ["jpeg", "png", "webp", "avif", "gif"] }).notNull(),
    /** Displayed size, orientation applied (of the largest stored variant). */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Bytes of the upload, and of every stored variant together (what the blog's quota counts). */
    uploadBytes: integer("upload_bytes").notNull(),
    storedBytes: integer("stored_bytes").notNull(),
    variants: jsonb("variants").$type<MediaVariant[]>().notNull(),
    /** Who uploaded it (null: before teams, or the person is gone); a contributor sees their own. */
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("media_blog_hash_unique").on(t.blogId, t.hash),
    index("media_blog_created_idx").on(t.blogId, t.createdAt),
    index("media_hash_idx").on(t.hash),
  ],
);

export const automationSettings = pgTable("automation_settings", {
  id: id(),
  blogId: text("blog_id")
    .notNull()
    .unique()
    .references(() => blogs.id, { onDelete: "cascade" }),
  enabled: bool("enabled").notNull().default(false),
  niche: text("niche"),
  topics: stringList("topics"),
  postingFrequency: text("posting_frequency", { enum: ["daily", "weekly", "biweekly"] })
    .notNull()
    .default("weekly"),
  postsPerWeek: integer("posts_per_week").notNull().default(3),
  autoPublish: bool("auto_publish").notNull().default(true),
  lastGeneratedAt: timestamp("last_generated_at"),
  /** When the scheduler next generates a post for this blog (persisted so restarts neither skip nor repeat). */
  nextRunAt: timestamp("next_run_at"),
  /** Why the last due run wrote nothing (e.g. the AI allowance was used up); null after a post. */
  skipReason: text("skip_reason"),
  /**
   * Per topic: its length, category and the owner's pages and notes (contracts/automation.ts
   * TopicDetail[]); a topic without an entry is written at the blog's defaults.
   */
  topicDetails: jsonb("topic_details").$type<unknown[]>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Addresses of deleted blogs (a host, or `/blog/{slug}` on the app's host): they answer 410 Gone
 * until `goneUntil`, then nothing (decision 141). A blog that takes the address again wins.
 */
export const removedBlogAddresses = pgTable("removed_blog_addresses", {
  address: text("address").primaryKey(),
  removedAt: timestamp("removed_at").notNull(),
  goneUntil: timestamp("gone_until").notNull(),
});

/**
 * Old addresses of a blog (imported permalinks) answered with a 301 to a path of the blog
 * (decision 143). `fromPath` is normalized: leading slash, no trailing slash, no query.
 */
export const blogRedirects = pgTable(
  "blog_redirects",
  {
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    fromPath: text("from_path").notNull(),
    toPath: text("to_path").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.fromPath] })],
);

/**
 * How the AI writer writes for a blog (issue 31, decision 333): the author persona readers see
 * as the byline and in structured data, the style guide, up to three example posts, and what
 * the owner knows first-hand (pages and notes every post of the blog may cite).
 */
export const blogVoices = pgTable("blog_voices", {
  blogId: text("blog_id")
    .primaryKey()
    .references(() => blogs.id, { onDelete: "cascade" }),
  personaName: text("persona_name"),
  personaBio: text("persona_bio"),
  personaCredentials: text("persona_credentials"),
  /** Profile pages of the persona (`sameAs`). */
  personaLinks: stringList("persona_links"),
  personaPhotoId: text("persona_photo_id").references(() => media.id, { onDelete: "set null" }),
  /**
   * The person who answers for the persona (decision 368): the owner or an editor of the blog;
   * null means the owner.
   */
  personaResponsibleUserId: text("persona_responsible_user_id").references(() => users.id, {
    onDelete: "set null",
  }),
  tone: text("tone"),
  readingLevel: text("reading_level"),
  wordsToUse: stringList("words_to_use"),
  wordsToAvoid: stringList("words_to_avoid"),
  examplePostIds: stringList("example_post_ids"),
  sourceUrls: stringList("source_urls"),
  sourceNotes: stringList("source_notes"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
