import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  blob,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import type { PendingFields, ReviewReason } from "../../../../contracts/posts.ts";
import { users } from "./accounts.ts";
import { blogs, categories, media, tags } from "./blogs.ts";
import { bool, createdAt, id, stringList, timestamp, updatedAt } from "./columns.ts";

/* Posts and what hangs off a post: tags, fingerprints, prepared bodies, revisions, pending changes, slugs, research. */

/**
 * A post's originality fingerprint (docs/decisions/077): its distinct word-shingle hashes,
 * sorted, as float64 little-endian bytes. Written with the post; valid while the post's
 * `updated_at` still equals `post_updated_at` (any other write recomputes it on next use).
 */
export const postFingerprints = sqliteTable("post_fingerprints", {
  postId: text("post_id")
    .primaryKey()
    .references((): AnySQLiteColumn => posts.id, { onDelete: "cascade" }),
  postUpdatedAt: timestamp("post_updated_at").notNull(),
  shingles: blob("shingles", { mode: "buffer" }).notNull(),
});

/**
 * A published post's body as readers get it (sanitized, affiliate buttons routed, keywords
 * linked), so a full render in a fresh process does not prepare unchanged posts again
 * (decision 152). Valid while the post's `updatedAt`, the blog's links and the sanitizer's
 * version are the ones it was prepared with; a stale row is simply prepared again.
 */
export const preparedBodies = sqliteTable("prepared_bodies", {
  postId: text("post_id")
    .primaryKey()
    .references((): AnySQLiteColumn => posts.id, { onDelete: "cascade" }),
  postUpdatedAt: timestamp("post_updated_at").notNull(),
  /** SHA-256 of the blog's affiliate links (ids, keywords, auto-insert) it was linked with. */
  linksSignature: text("links_signature").notNull(),
  sanitizerVersion: integer("sanitizer_version").notNull(),
  html: text("html").notNull(),
});

export const posts = sqliteTable(
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
    reviewReasons: text("review_reasons", { mode: "json" }).$type<ReviewReason[]>(),
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
    /** When it last went to 'Under Review': the review queue is oldest first (decision 371). */
    submittedAt: timestamp("submitted_at"),
    /** Who the review is assigned to (an owner or editor of the blog), if anyone. */
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    /** Who approved it for publishing (decision 371); null when nobody reviewed it. */
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    /** Also send the post to the blog's subscribers when it goes live (decision 373). */
    sendByEmail: bool("send_by_email").notNull().default(false),
    featureImageId: text("feature_image_id").references((): AnySQLiteColumn => media.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("posts_blog_slug_unique").on(t.blogId, t.slug),
    // Covering index of the posts list (newest first, the fields cards need): the list reads
    // only this index, never the rows with their large bodies (docs/decisions/021).
    index("posts_blog_created_idx").on(
      t.blogId,
      t.createdAt,
      t.id,
      t.title,
      t.excerpt,
      t.status,
      t.slug,
      t.categoryId,
      t.authorId,
      t.scheduledPublishAt,
      t.publishedAt,
      t.updatedAt,
    ),
    index("posts_blog_status_published_idx").on(t.blogId, t.status, t.publishedAt),
    // The few held posts of a blog, for the cards that show why (the list's index lacks them).
    index("posts_held_idx").on(t.blogId).where(sql`${t.reviewReasons} is not null`),
    index("posts_scheduled_idx")
      .on(t.scheduledPublishAt)
      .where(sql`${t.scheduledPublishAt} is not null`),
    // The review queue: posts under review of any blog, oldest first (decision 371).
    index("posts_review_queue_idx")
      .on(t.submittedAt, t.id)
      .where(sql`${t.status} = 'under_review'`),
    // Posts waiting to go out by e-mail (decision 373): the newsletter sweep reads only these.
    index("posts_send_by_email_idx").on(t.blogId).where(sql`${t.sendByEmail} = 1`),
    index("posts_category_idx").on(t.categoryId),
    index("posts_feature_image_idx").on(t.featureImageId),
  ],
);

/** Which tags a post carries, in the order the writer gave them. */
export const postTags = sqliteTable(
  "post_tags",
  {
    postId: text("post_id")
      .notNull()
      .references((): AnySQLiteColumn => posts.id, { onDelete: "cascade" }),
    tagId: text("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index("post_tags_tag_idx").on(t.tagId)],
);

/**
 * What a post's editable fields were after a save (docs/decisions/096): listed, compared and
 * restored from the editor. Autosaves of one author in a row share one revision; the newest
 * `limits.revisionsKept` per post are kept.
 */
export const postRevisions = sqliteTable(
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
export const postPendingChanges = sqliteTable("post_pending_changes", {
  postId: text("post_id")
    .primaryKey()
    .references(() => posts.id, { onDelete: "cascade" }),
  authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
  baseVersion: integer("base_version").notNull(),
  fields: text("fields", { mode: "json" }).$type<PendingFields>().notNull(),
  updatedAt: updatedAt(),
});

/** Former slugs of published posts, answered with a 301 to the current one. */
export const postSlugHistory = sqliteTable(
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
export const removedPostSlugs = sqliteTable(
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

/**
 * The sources a post was written from and every citation in it (decision 330): what the editor
 * shows to check a claim in one click, and what the post's structured data names as `citation`.
 */
export const postResearch = sqliteTable("post_research", {
  postId: text("post_id")
    .primaryKey()
    .references(() => posts.id, { onDelete: "cascade" }),
  /** contracts/research.ts PostSource[]. */
  sources: text("sources", { mode: "json" }).notNull(),
  /** contracts/research.ts Citation[]. */
  citations: text("citations", { mode: "json" }).notNull(),
  /** contracts/research.ts SourceFailure[]. */
  failures: text("failures", { mode: "json" }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
