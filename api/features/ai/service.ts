import { and, desc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { OptimizedMeta, OptimizeMetaInput } from "../../../contracts/ai.ts";
import {
  type AiFeature,
  type AiUsageDay,
  type AiUsageReport,
  aiUsagePostsShown,
} from "../../../contracts/ai-usage.ts";
import { type AiGate, nextUtcMidnight, startOfUtcDay } from "../../ai/gate.ts";
import { costOf, priceOf, type TokenCount } from "../../ai/prices.ts";
import type { Database } from "../../db/client.ts";
import { aiUsage, blogs, posts } from "../../db/schema.ts";
import { HttpError, NotFound } from "../../http/errors.ts";
import { findOwnedBlog } from "../blogs/service.ts";
import { postFor } from "../posts/post-access.ts";

export type AiDeps = { db: Database; ai: AiGate; clock?: () => Date };

/** The owner went away (closed the request): nobody reads the answer. */
const cancelled = () =>
  new HttpError(499, "cancelled", "The request was cancelled before it finished.");

/**
 * The blog and the post a call is for, each the owner's (404 otherwise): a post named alone
 * brings its blog, and a post must be in the blog named with it.
 */
async function subjectOf(
  db: Database,
  ownerId: string,
  input: { blogId?: string; postId?: string },
) {
  const post = input.postId ? (await postFor(db, ownerId, input.postId, "draft")).post : undefined;
  if (post && input.blogId && post.blogId !== input.blogId) throw NotFound("Post");
  const blogId = input.blogId ?? post?.blogId;
  const blog = blogId ? await findOwnedBlog(db, ownerId, blogId) : undefined;
  return { blog, postId: post?.id ?? null };
}

/**
 * Meta title and description for a post: the model rewrites them within the limits when one
 * is configured (through the gate), else the offline optimizer builds them.
 */
export async function optimizeMeta(
  deps: AiDeps,
  ownerId: string,
  input: OptimizeMetaInput,
  signal?: AbortSignal,
): Promise<OptimizedMeta> {
  const { blog, postId } = await subjectOf(deps.db, ownerId, input);
  try {
    const { meta, source } = await deps.ai.optimizeMeta(
      { ownerId, blogId: blog?.id ?? null, postId, feature: "optimize-meta" },
      input,
      { blogName: blog?.name },
      signal,
    );
    return { ...meta, offline: source === "offline" };
  } catch (error) {
    if (signal?.aborted) throw cancelled();
    throw error;
  }
}

const dayMs = 24 * 60 * 60 * 1000;
const reportDays = 30;

/** Sums of a query on PostgreSQL come back as strings (bigint). */
const tokenCount = (row: { model: string; promptTokens: unknown; completionTokens: unknown }) => ({
  model: row.model,
  promptTokens: Number(row.promptTokens),
  completionTokens: Number(row.completionTokens),
});

/**
 * The last 30 days by feature and for the posts that used the most, with the estimated price
 * of each (decision 332): tokens by model are summed in the database, priced here.
 */
async function costReport(deps: AiDeps, ownerId: string, since: Date) {
  const inReport = and(eq(aiUsage.ownerId, ownerId), gte(aiUsage.createdAt, since));
  const promptTokens = sql<number>`sum(${aiUsage.promptTokens})`;
  const completionTokens = sql<number>`sum(${aiUsage.completionTokens})`;
  const byFeature = (
    await deps.db
      .select({ kind: aiUsage.kind, model: aiUsage.model, promptTokens, completionTokens })
      .from(aiUsage)
      .where(inReport)
      .groupBy(aiUsage.kind, aiUsage.model)
  ).map((row) => ({ kind: row.kind as AiFeature, ...tokenCount(row) }));
  const { prices } = deps.ai;
  const features = [...new Set(byFeature.map((row) => row.kind))]
    .map((feature) => {
      const counts = byFeature.filter((row) => row.kind === feature);
      return {
        feature,
        promptTokens: counts.reduce((sum, c) => sum + c.promptTokens, 0),
        completionTokens: counts.reduce((sum, c) => sum + c.completionTokens, 0),
        cost: costOf(prices, counts),
      };
    })
    .sort((a, b) => b.promptTokens + b.completionTokens - (a.promptTokens + a.completionTokens));

  const top = await deps.db
    .select({ postId: aiUsage.postId })
    .from(aiUsage)
    .where(and(inReport, isNotNull(aiUsage.postId)))
    .groupBy(aiUsage.postId)
    .orderBy(
      desc(sql`sum(${aiUsage.promptTokens} + ${aiUsage.completionTokens})`),
      desc(sql`max(${aiUsage.createdAt})`),
    )
    .limit(aiUsagePostsShown);
  const postIds = top.flatMap((row) => (row.postId ? [row.postId] : []));
  const [byPost, titles] = postIds.length
    ? await Promise.all([
        deps.db
          .select({ postId: aiUsage.postId, model: aiUsage.model, promptTokens, completionTokens })
          .from(aiUsage)
          .where(and(inReport, inArray(aiUsage.postId, postIds)))
          .groupBy(aiUsage.postId, aiUsage.model),
        // Only the owner's posts are named.
        deps.db
          .select({ id: posts.id, title: posts.title, blogName: blogs.name })
          .from(posts)
          .innerJoin(blogs, eq(blogs.id, posts.blogId))
          .where(and(inArray(posts.id, postIds), eq(blogs.ownerId, ownerId))),
      ])
    : [[], []];
  const postUsage = postIds.map((postId) => {
    const counts: TokenCount[] = byPost.filter((row) => row.postId === postId).map(tokenCount);
    const named = titles.find((t) => t.id === postId);
    return {
      postId,
      title: named?.title ?? null,
      blogName: named?.blogName ?? null,
      tokens: counts.reduce((sum, c) => sum + c.promptTokens + c.completionTokens, 0),
      cost: costOf(prices, counts),
    };
  });
  return {
    last30DaysCost: costOf(prices, byFeature),
    features,
    posts: postUsage,
    unpricedModels: [...new Set(byFeature.map((row) => row.model))]
      .filter((model) => !priceOf(prices, model))
      .sort(),
  };
}

/**
 * `GET /api/ai/usage`: today's and the last 30 days' tokens by feature, against the allowance,
 * and what they cost by feature and by post.
 */
export async function usageReport(deps: AiDeps, ownerId: string): Promise<AiUsageReport> {
  const now = (deps.clock ?? (() => new Date()))();
  const today = startOfUtcDay(now);
  const first = new Date(today.getTime() - (reportDays - 1) * dayMs);
  // Days are cut in UTC, like the allowance; timestamps are stored in milliseconds.
  // Numbers written into the SQL, not parameters: PostgreSQL matches the GROUP BY expression
  // to the selected one by its text, and two parameters are two different expressions.
  const day = sql<number>`(${aiUsage.createdAt} - ${sql.raw(String(first.getTime()))}) / ${sql.raw(String(dayMs))}`;
  const [rows, costs] = await Promise.all([
    deps.db
      .select({
        day,
        kind: aiUsage.kind,
        tokens: sql<number>`sum(${aiUsage.promptTokens} + ${aiUsage.completionTokens})`,
      })
      .from(aiUsage)
      .where(and(eq(aiUsage.ownerId, ownerId), gte(aiUsage.createdAt, first)))
      .groupBy(day, aiUsage.kind),
    costReport(deps, ownerId, first),
  ]);
  const days: AiUsageDay[] = Array.from({ length: reportDays }, (_, i) => ({
    date: new Date(first.getTime() + i * dayMs).toISOString().slice(0, 10),
    total: 0,
    byFeature: {},
  }));
  for (const row of rows) {
    const entry = days[Math.floor(Number(row.day))];
    if (!entry) continue;
    const kind = row.kind as AiFeature;
    entry.byFeature[kind] = (entry.byFeature[kind] ?? 0) + Number(row.tokens);
    entry.total += Number(row.tokens);
  }
  return {
    configured: deps.ai.configured,
    model: deps.ai.configured ? deps.ai.model : "offline writer",
    dailyLimit: deps.ai.limits.ownerDailyTokens,
    today: days[days.length - 1] as AiUsageDay,
    days,
    last30DaysTotal: days.reduce((sum, d) => sum + d.total, 0),
    ...costs,
    renewsAt: nextUtcMidnight(now).toISOString(),
  };
}
