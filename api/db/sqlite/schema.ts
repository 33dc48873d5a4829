/**
 * The SQLite tables (drizzle-kit reads them from here: drizzle.config.ts), one file per domain.
 */
export * from "./schema/accounts.ts";
export * from "./schema/activity.ts";
export * from "./schema/affiliates.ts";
export * from "./schema/ai.ts";
export * from "./schema/analytics.ts";
export * from "./schema/blogs.ts";
export * from "./schema/jobs.ts";
export * from "./schema/link-health.ts";
export * from "./schema/members.ts";
export * from "./schema/newsletters.ts";
export * from "./schema/posts.ts";
export * from "./schema/review.ts";
