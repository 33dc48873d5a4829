/**
 * The PostgreSQL mirror of `../sqlite/schema.ts` (decision 180): the same tables, columns,
 * indexes and JavaScript values. Times are stored as milliseconds since the epoch (bigint), as
 * on SQLite, so hand-written SQL compares and computes with them the same way on both;
 * `schema-parity.test.ts` keeps the two in step column by column.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { MediaVariant } from "../../../contracts/media.ts";
import type { PendingFields, ReviewReason } from "../../../contracts/posts.ts";
import { newId } from "../ids.ts";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => newId());
/** A time as milliseconds since the epoch in a bigint; a Date in JavaScript, as on SQLite. */
const epochMs = customType<{ data: Date; driverData: number | string }>({
  dataType: () => "bigint",
  toDriver: (value) => value.getTime(),
  fromDriver: (value) => new Date(Number(value)),
});
/** Bytes in a bytea; a Buffer in JavaScript, as SQLite's blob. */
const bytes = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});
const integer = (name: string) => bigint(name, { mode: "number" });
const createdAt = () =>
  epochMs("created_at")
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  epochMs("updated_at")
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
const bool = (name: string) => boolean(name);
const timestamp = (name: string) => epochMs(name);
const stringList = (name: string) =>
  jsonb(name)
    .$type<string[]>()
    .notNull()
    .$defaultFn(() => []);

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    /** scrypt hash; set only for built-in (local) accounts. */
    passwordHash: text("password_hash"),
    oidcIssuer: text("oidc_issuer"),
    oidcSubject: text("oidc_subject"),
    /** 'maximum trust': the AI may approve its own best blog idea each week. */
    maximumTrust: bool("maximum_trust").notNull().default(false),
    /** Public byline set in Account Settings; null: the blog's name is shown (decision 055). */
    publicName: text("public_name"),
    /** Short public bio on each blog's author page. */
    publicBio: text("public_bio"),
    /** How All Posts is shown to this person (cards or a sortable list), remembered across devices. */
    postsView: text("posts_view", { enum: ["cards", "list"] })
      .notNull()
      .default("cards"),
    /** All Posts' list sort, as "column:direction" (e.g. "date:desc"). */
    postsSort: text("posts_sort").notNull().default("date:desc"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_local_email_unique").on(t.email).where(sql`${t.passwordHash} is not null`),
    uniqueIndex("users_oidc_subject_unique").on(t.oidcIssuer, t.oidcSubject),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the session token, hex. The token itself is never stored. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** One row per OpenID Connect sign-in in flight: state and PKCE verifier, used once. */
export const oidcLoginFlows = pgTable("oidc_login_flows", {
  /** SHA-256 of the flow cookie's value. */
  id: text("id").primaryKey(),
  state: text("state").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  expiresAt: timestamp("expires_at").notNull(),
});

/**
 * One-time password reset links of built-in accounts: sent by e-mail when SMTP is configured,
 * else printed by an operator with `npm run user:reset-password`. Each is used once.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    /** SHA-256 of the token in the link, hex. The token itself is never stored. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/** Invitation links an owner hands out while sign-ups need one (decision 061); each used once. */
export const invitations = pgTable("invitations", {
  /** SHA-256 of the token in the link, hex. The token itself is never stored. */
  id: text("id").primaryKey(),
  createdBy: text("created_by")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at").notNull(),
  usedAt: timestamp("used_at"),
  usedBy: text("used_by").references(() => users.id, { onDelete: "set null" }),
});

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
     * Drafts go through 'Under Review' before 'Published' (the spec's two steps); off, an owner
     * writing alone publishes a draft in one step (docs/decisions/097).
     */
    reviewBeforePublishing: bool("review_before_publishing").notNull().default(true),
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

/**
 * A post's originality fingerprint (docs/decisions/077): its distinct word-shingle hashes,
 * sorted, as float64 little-endian bytes. Written with the post; valid while the post's
 * `updated_at` still equals `post_updated_at` (any other write recomputes it on next use).
 */
export const postFingerprints = pgTable("post_fingerprints", {
  postId: text("post_id")
    .primaryKey()
    .references((): AnyPgColumn => posts.id, { onDelete: "cascade" }),
  postUpdatedAt: timestamp("post_updated_at").notNull(),
  shingles: bytes("shingles").notNull(),
});

/**
 * A published post's body as readers get it (sanitized, affiliate buttons routed, keywords
 * linked), so a full render in a fresh process does not prepare unchanged posts again
 * (decision 152). Valid while the post's `updatedAt`, the blog's links and the sanitizer's
 * version are the ones it was prepared with; a stale row is simply prepared again.
 */
export const preparedBodies = pgTable("prepared_bodies", {
  postId: text("post_id")
    .primaryKey()
    .references((): AnyPgColumn => posts.id, { onDelete: "cascade" }),
  postUpdatedAt: timestamp("post_updated_at").notNull(),
  /** SHA-256 of the blog's affiliate links (ids, keywords, auto-insert) it was linked with. */
  linksSignature: text("links_signature").notNull(),
  sanitizerVersion: integer("sanitizer_version").notNull(),
  html: text("html").notNull(),
});

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

export const posts = pgTable(
  "posts",
  {
    id: id(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    categoryId: text("category_id").references(() => categories.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    excerpt: text("excerpt").notNull().default(""),
    status: text("status", { enum: ["draft", "under_review", "published"] })
      .notNull()
      .default("draft"),
    slug: text("slug").notNull(),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    keywords: stringList("keywords"),
    scheduledPublishAt: timestamp("scheduled_publish_at"),
    publishedAt: timestamp("published_at"),
    /** Where the text came from: written by the owner, a configured AI model, or the offline writer. */
    source: text("source", { enum: ["owner", "ai", "offline"] })
      .notNull()
      .default("owner"),
    /**
     * Why content automation held this post for review instead of publishing it (the checks it
     * failed, docs/decisions/052); null when none. Cleared when the post is published.
     */
    reviewReasons: jsonb("review_reasons").$type<ReviewReason[]>(),
    /** The AI output the post was filled with, kept to measure later edits against (decision 057). */
    aiText: text("ai_text"),
    /** Generated and not substantially edited since: what the 'AI-assisted' note shows on. */
    aiAssisted: bool("ai_assisted").notNull().default(false),
    /**
     * Published by content automation with no person's approval (decision 343): what the fleet's
     * weekly cap and the new-blog ramp count, and what the risk view's review coverage leaves out.
     */
    autoPublished: bool("auto_published").notNull().default(false),
    /**
     * Bumped by every write: a save names the version it started from, and a stale one is
     * refused (409, or 412 for `If-Match`) instead of overwriting (docs/decisions/095).
     */
    version: integer("version").notNull().default(1),
    /** The post's feature image from the blog's media library (its alt text lives there). */
    featureImageId: text("feature_image_id").references((): AnyPgColumn => media.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("posts_blog_slug_unique").on(t.blogId, t.slug),
    // The posts list's index (newest first). Not covering as on SQLite: a btree entry must stay
    // under a third of a page, and titles and excerpts may not (decision 180).
    index("posts_blog_created_idx").on(t.blogId, t.createdAt, t.id),
    index("posts_blog_status_published_idx").on(t.blogId, t.status, t.publishedAt),
    // The few held posts of a blog, for the cards that show why (the list's index lacks them).
    index("posts_held_idx").on(t.blogId).where(sql`${t.reviewReasons} is not null`),
    index("posts_scheduled_idx")
      .on(t.scheduledPublishAt)
      .where(sql`${t.scheduledPublishAt} is not null`),
    index("posts_category_idx").on(t.categoryId),
    index("posts_feature_image_idx").on(t.featureImageId),
  ],
);

/** Which tags a post carries, in the order the writer gave them. */
export const postTags = pgTable(
  "post_tags",
  {
    postId: text("post_id")
      .notNull()
      .references((): AnyPgColumn => posts.id, { onDelete: "cascade" }),
    tagId: text("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index("post_tags_tag_idx").on(t.tagId)],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("media_blog_hash_unique").on(t.blogId, t.hash),
    index("media_blog_created_idx").on(t.blogId, t.createdAt),
    index("media_hash_idx").on(t.hash),
  ],
);

/**
 * What a post's editable fields were after a save (docs/decisions/096): listed, compared and
 * restored from the editor. Autosaves of one author in a row share one revision; the newest
 * `limits.revisionsKept` per post are kept.
 */
export const postRevisions = pgTable(
  "post_revisions",
  {
    id: id(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The post's version this revision is. */
    postVersion: integer("post_version").notNull(),
    /** Written by an autosave (the next autosave of the same author may replace it). */
    autosave: bool("autosave").notNull().default(false),
    title: text("title").notNull(),
    content: text("content").notNull(),
    excerpt: text("excerpt").notNull(),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    keywords: stringList("keywords"),
    slug: text("slug").notNull(),
    categoryId: text("category_id"),
    createdAt: createdAt(),
  },
  (t) => [index("post_revisions_post_idx").on(t.postId, t.createdAt)],
);

/**
 * Edits of a published post saved but not live yet (docs/decisions/096): the editor autosaves
 * here, and 'Update' makes them live. One per post; `baseVersion` is the live version they
 * started from.
 */
export const postPendingChanges = pgTable("post_pending_changes", {
  postId: text("post_id")
    .primaryKey()
    .references(() => posts.id, { onDelete: "cascade" }),
  authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
  baseVersion: integer("base_version").notNull(),
  fields: jsonb("fields").$type<PendingFields>().notNull(),
  updatedAt: updatedAt(),
});

/** Former slugs of published posts, answered with a 301 to the current one. */
export const postSlugHistory = pgTable(
  "post_slug_history",
  {
    id: id(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("post_slug_history_blog_slug_unique").on(t.blogId, t.slug)],
);

/**
 * Slugs of posts that readers could once read and no longer can (unpublished or deleted):
 * their addresses answer 410 Gone instead of 404 (docs/decisions/067). Publishing a post
 * with the slug again removes the row.
 */
export const removedPostSlugs = pgTable(
  "removed_post_slugs",
  {
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    removedAt: timestamp("removed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.slug] })],
);

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

export const blogRecommendations = pgTable(
  "blog_recommendations",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    suggestedName: text("suggested_name").notNull(),
    suggestedNiche: text("suggested_niche").notNull(),
    suggestedDomain: text("suggested_domain"),
    targetAudience: text("target_audience"),
    monetizationPotential: text("monetization_potential"),
    marketOpportunity: text("market_opportunity"),
    contentStrategy: text("content_strategy"),
    suggestedTopics: stringList("suggested_topics"),
    reasoning: text("reasoning"),
    createdBlogId: text("created_blog_id").references(() => blogs.id, { onDelete: "set null" }),
    autoApproved: bool("auto_approved").notNull().default(false),
    source: text("source", { enum: ["ai", "offline"] })
      .notNull()
      .default("ai"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at"),
  },
  (t) => [index("blog_recommendations_owner_idx").on(t.ownerId, t.status)],
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
 * Pending render work: at most one row per blog. A change while a render runs marks the
 * row dirty again, so it makes exactly one more run.
 */
export const renderJobs = pgTable("render_jobs", {
  blogId: text("blog_id")
    .primaryKey()
    .references(() => blogs.id, { onDelete: "cascade" }),
  /** Whole-site render (theme or customization changed) instead of the listed pages. */
  full: bool("full").notNull().default(false),
  /** Post ids whose pages must be re-rendered (incremental). */
  postIds: stringList("post_ids"),
  requestedAt: timestamp("requested_at").notNull(),
  /** Set while a worker holds the job; cleared when it finishes. */
  startedAt: timestamp("started_at"),
  attempts: integer("attempts").notNull().default(0),
});

/**
 * The result of each finished step of a multi-step job (issue 30, decision 321), by the job's id
 * on its queue: a job tried again after a crash takes the stored results instead of running
 * those steps again. Deleted when the job ends.
 */
export const jobSteps = pgTable(
  "job_steps",
  {
    jobId: text("job_id").notNull(),
    step: text("step").notNull(),
    result: jsonb("result").$type<unknown>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.step] })],
);

/** One row per finished render attempt: what the owner sees as the site's state. */
export const siteBuilds = pgTable(
  "site_builds",
  {
    id: id(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["succeeded", "failed"] }).notNull(),
    full: bool("full").notNull(),
    pagesWritten: integer("pages_written").notNull().default(0),
    startedAt: timestamp("started_at").notNull(),
    finishedAt: timestamp("finished_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
  },
  (t) => [index("site_builds_blog_idx").on(t.blogId, t.finishedAt)],
);

export const aiUsage = pgTable(
  "ai_usage",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blogId: text("blog_id").references(() => blogs.id, { onDelete: "set null" }),
    /**
     * The post the call was for, when known. No foreign key: the row is a record of tokens
     * spent, kept when the post is deleted or was never saved (decision 332).
     */
    postId: text("post_id"),
    kind: text("kind").notNull(),
    model: text("model").notNull(),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("ai_usage_owner_idx").on(t.ownerId, t.createdAt),
    // The instance's daily ceiling sums every owner's usage since midnight.
    index("ai_usage_created_idx").on(t.createdAt),
    index("ai_usage_post_idx").on(t.postId),
  ],
);

/** Jobs that run on a schedule (scheduled publishing, automation, weekly ideas): when each last ran. */
export const scheduledTasks = pgTable(
  "scheduled_tasks",
  {
    name: text("name").notNull(),
    subjectId: text("subject_id").notNull(),
    nextRunAt: timestamp("next_run_at").notNull(),
    lastRunAt: timestamp("last_run_at"),
    lastError: text("last_error"),
  },
  (t) => [primaryKey({ columns: [t.name, t.subjectId] })],
);

/** Install-wide values the app creates for itself (e.g. the key that hashes click visitors). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
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

/** An import of a WordPress, Ghost, Markdown or Blogfleet export into a blog, run as a job. */
export const importJobs = pgTable(
  "import_jobs",
  {
    id: id(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    format: text("format", { enum: ["wordpress", "ghost", "markdown", "blogfleet"] }).notNull(),
    fileName: text("file_name").notNull(),
    status: text("status", {
      enum: ["queued", "running", "succeeded", "failed", "cancelled"],
    }).notNull(),
    /** `{ upload }`: where the uploaded file waits for the job (gone once the job ends). */
    payload: jsonb("payload").notNull(),
    total: integer("total").notNull(),
    done: integer("done").notNull().default(0),
    currentItem: text("current_item"),
    /** What the import did (contracts/imports.ts ImportReport), filled as it goes. */
    report: jsonb("report").notNull(),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp("finished_at"),
  },
  (t) => [index("import_jobs_blog_idx").on(t.blogId, t.createdAt)],
);

/**
 * One row per source item imported into a blog: the idempotency key that lets a resumed import
 * skip what it already wrote, and a second import of the same file skip it too (decision 144).
 */
export const importedItems = pgTable(
  "imported_items",
  {
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    sourceKey: text("source_key").notNull(),
    jobId: text("job_id").references(() => importJobs.id, { onDelete: "set null" }),
    postId: text("post_id").references(() => posts.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.sourceKey] })],
);

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

/**
 * One run of the AI writer (issue 31, decision 334): what was asked, the step it is at and what
 * the owner sees of its progress. The steps' results are `job_steps` rows under the job's id;
 * the job is keyed by this row's id.
 */
export const aiGenerations = pgTable(
  "ai_generations",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The blog written for; null for a call of `POST /api/ai/generate-post` without one. */
    blogId: text("blog_id").references(() => blogs.id, { onDelete: "cascade" }),
    /** The post the result went into (a new draft, or the post the owner was editing). */
    postId: text("post_id").references((): AnyPgColumn => posts.id, { onDelete: "set null" }),
    origin: text("origin", { enum: ["owner", "automation"] }).notNull(),
    /** What was asked (contracts/generation.ts GenerationInput). */
    input: jsonb("input").notNull(),
    status: text("status", {
      enum: ["queued", "running", "succeeded", "failed", "cancelled"],
    }).notNull(),
    /** What the owner sees while it runs (contracts/generation.ts GenerationProgress). */
    progress: jsonb("progress").notNull(),
    /** The post as written, for the editor to show (contracts/generation.ts GenerationResult). */
    result: jsonb("result"),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp("finished_at"),
  },
  (t) => [
    index("ai_generations_owner_idx").on(t.ownerId, t.createdAt),
    index("ai_generations_blog_idx").on(t.blogId, t.createdAt),
  ],
);

/**
 * The topic ledger (decision 341): every automation topic a blog has sent to the writer, with
 * the post it produced. A topic is claimed ('queued') in the transaction that claims the run,
 * becomes 'used' when its post is saved, and is given back (its row deleted) when the
 * generation fails or is cancelled; a topic with a row is never sent again.
 */
export const automationTopics = pgTable(
  "automation_topics",
  {
    id: id(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    /** The topic as the owner wrote it. */
    topic: text("topic").notNull(),
    /** Folded, punctuation dropped, words joined by one space: what "the same topic" means. */
    normalizedTopic: text("normalized_topic").notNull(),
    status: text("status", { enum: ["queued", "used"] }).notNull(),
    generationId: text("generation_id").references(() => aiGenerations.id, {
      onDelete: "set null",
    }),
    /** The post it produced (the generation's id until the post is saved). */
    postId: text("post_id").references(() => posts.id, { onDelete: "set null" }),
    /** When its generation was queued. */
    claimedAt: timestamp("claimed_at").notNull(),
    /** When its post was saved; null while queued. */
    usedAt: timestamp("used_at"),
  },
  (t) => [uniqueIndex("automation_topics_blog_topic_unique").on(t.blogId, t.normalizedTopic)],
);

/**
 * The sources a post was written from and every citation in it (decision 330): what the editor
 * shows to check a claim in one click, and what the post's structured data names as `citation`.
 */
export const postResearch = pgTable("post_research", {
  postId: text("post_id")
    .primaryKey()
    .references(() => posts.id, { onDelete: "cascade" }),
  /** contracts/research.ts PostSource[]. */
  sources: jsonb("sources").notNull(),
  /** contracts/research.ts Citation[]. */
  citations: jsonb("citations").notNull(),
  /** contracts/research.ts SourceFailure[]. */
  failures: jsonb("failures").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
