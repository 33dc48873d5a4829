import { and, eq, gte, sql } from "drizzle-orm";
import type {
  GeneratedPost,
  GeneratePostInput,
  OptimizedMeta,
  OptimizeMetaInput,
} from "../../../contracts/ai.ts";
import type { AiFeature, AiUsageDay, AiUsageReport } from "../../../contracts/ai-usage.ts";
import { type AiGate, nextUtcMidnight, startOfUtcDay } from "../../ai/gate.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { aiUsage, automationSettings } from "../../db/schema.ts";
import { HttpError } from "../../http/errors.ts";
import { findOwnedBlog } from "../blogs/service.ts";

export type AiDeps = { db: Database; ai: AiGate; clock?: () => Date };

/** The owner went away (closed the request): nobody reads the answer. */
const cancelled = () =>
  new HttpError(499, "cancelled", "The request was cancelled before it finished.");

/** Writes a post for the owner, through the gate (allowance, rate, usage). */
export async function generatePost(
  deps: AiDeps,
  ownerId: string,
  input: GeneratePostInput,
  signal?: AbortSignal,
): Promise<GeneratedPost> {
  const blog = input.blogId ? await findOwnedBlog(deps.db, ownerId, input.blogId) : undefined;
  const settings = blog
    ? await first(
        deps.db.select().from(automationSettings).where(eq(automationSettings.blogId, blog.id)),
      )
    : undefined;
  try {
    const { post } = await deps.ai.generatePost(
      { ownerId, blogId: blog?.id ?? null, feature: "generate-post" },
      input,
      { niche: settings?.niche, blogName: blog?.name },
      signal,
    );
    return post;
  } catch (error) {
    if (signal?.aborted) throw cancelled();
    throw error;
  }
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
  const blog = input.blogId ? await findOwnedBlog(deps.db, ownerId, input.blogId) : undefined;
  try {
    const { meta, source } = await deps.ai.optimizeMeta(
      { ownerId, blogId: blog?.id ?? null, feature: "optimize-meta" },
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

/** `GET /api/ai/usage`: today's and the last 30 days' tokens by feature, against the allowance. */
export async function usageReport(deps: AiDeps, ownerId: string): Promise<AiUsageReport> {
  const now = (deps.clock ?? (() => new Date()))();
  const today = startOfUtcDay(now);
  const first = new Date(today.getTime() - (reportDays - 1) * dayMs);
  // Days are cut in UTC, like the allowance; timestamps are stored in milliseconds.
  // Numbers written into the SQL, not parameters: PostgreSQL matches the GROUP BY expression
  // to the selected one by its text, and two parameters are two different expressions.
  const day = sql<number>`(${aiUsage.createdAt} - ${sql.raw(String(first.getTime()))}) / ${sql.raw(String(dayMs))}`;
  const rows = await deps.db
    .select({
      day,
      kind: aiUsage.kind,
      tokens: sql<number>`sum(${aiUsage.promptTokens} + ${aiUsage.completionTokens})`,
    })
    .from(aiUsage)
    .where(and(eq(aiUsage.ownerId, ownerId), gte(aiUsage.createdAt, first)))
    .groupBy(day, aiUsage.kind);
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
    renewsAt: nextUtcMidnight(now).toISOString(),
  };
}
