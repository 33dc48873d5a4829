/**
 * The PostgreSQL mirror of `../sqlite/schema.ts` (decision 180): the same tables, columns,
 * indexes and JavaScript values. Times are stored as milliseconds since the epoch (bigint), as
 * on SQLite, so hand-written SQL compares and computes with them the same way on both;
 * `schema-parity.test.ts` keeps the two in step column by column.
 * One file per domain under `schema/`.
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
