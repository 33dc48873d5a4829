import {
  type AnySQLiteColumn,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { users } from "./accounts.ts";
import { blogs } from "./blogs.ts";
import { bool, createdAt, id, stringList, timestamp, updatedAt } from "./columns.ts";
import { posts } from "./posts.ts";

/* AI usage and generations, automation topics and weekly blog ideas. */

export const blogRecommendations = sqliteTable(
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

export const aiUsage = sqliteTable(
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

/**
 * One run of the AI writer (issue 31, decision 334): what was asked, the step it is at and what
 * the owner sees of its progress. The steps' results are `job_steps` rows under the job's id;
 * the job is keyed by this row's id.
 */
export const aiGenerations = sqliteTable(
  "ai_generations",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The blog written for; null for a call of `POST /api/ai/generate-post` without one. */
    blogId: text("blog_id").references(() => blogs.id, { onDelete: "cascade" }),
    /** The post the result went into (a new draft, or the post the owner was editing). */
    postId: text("post_id").references((): AnySQLiteColumn => posts.id, { onDelete: "set null" }),
    origin: text("origin", { enum: ["owner", "automation"] }).notNull(),
    /** What was asked (contracts/generation.ts GenerationInput). */
    input: text("input", { mode: "json" }).notNull(),
    status: text("status", {
      enum: ["queued", "running", "succeeded", "failed", "cancelled"],
    }).notNull(),
    /** What the owner sees while it runs (contracts/generation.ts GenerationProgress). */
    progress: text("progress", { mode: "json" }).notNull(),
    /** The post as written, for the editor to show (contracts/generation.ts GenerationResult). */
    result: text("result", { mode: "json" }),
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
export const automationTopics = sqliteTable(
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
