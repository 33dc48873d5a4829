import { and, eq, gte, sql } from "drizzle-orm";
import type {
  GeneratedPost,
  GeneratePostInput,
  OptimizedMeta,
  OptimizeMetaInput,
} from "../../../contracts/ai.ts";
import type { AiProvider, AiUsage } from "../../ai/provider.ts";
import type { Database } from "../../db/client.ts";
import { aiUsage, automationSettings } from "../../db/schema.ts";
import { HttpError } from "../../http/errors.ts";
import { findOwnedBlog } from "../blogs/service.ts";

export type AiDeps = { db: Database; ai: AiProvider; dailyTokenLimit: number; clock?: () => Date };

const startOfUtcDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** Tokens the owner used today (UTC). */
export async function tokensUsedToday(db: Database, ownerId: string, now: Date): Promise<number> {
  const row = await db
    .select({
      total: sql<number>`coalesce(sum(${aiUsage.promptTokens} + ${aiUsage.completionTokens}), 0)`,
    })
    .from(aiUsage)
    .where(and(eq(aiUsage.ownerId, ownerId), gte(aiUsage.createdAt, startOfUtcDay(now))))
    .get();
  return row?.total ?? 0;
}

/** A model call may start only while the owner has allowance left today (offline work is free). */
async function ensureAllowance(deps: AiDeps, ownerId: string, now: Date): Promise<void> {
  if (!deps.ai.configured) return;
  if ((await tokensUsedToday(deps.db, ownerId, now)) < deps.dailyTokenLimit) return;
  throw new HttpError(
    429,
    "ai_daily_limit",
    `You have used today's AI allowance of ${deps.dailyTokenLimit.toLocaleString("en-US")} tokens. It renews at midnight UTC.`,
  );
}

async function recordUsage(
  deps: AiDeps,
  entry: { ownerId: string; blogId: string | null; kind: string; now: Date },
  usage: AiUsage | undefined,
): Promise<void> {
  if (!usage) return;
  await deps.db.insert(aiUsage).values({
    ownerId: entry.ownerId,
    blogId: entry.blogId,
    kind: entry.kind,
    model: usage.model,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    createdAt: entry.now,
  });
}

/** The owner went away (closed the request): nobody reads the answer. */
const cancelled = () =>
  new HttpError(499, "cancelled", "The request was cancelled before it finished.");

/** Writes a post for the owner: checks the daily allowance, records what the model used. */
export async function generatePost(
  deps: AiDeps,
  ownerId: string,
  input: GeneratePostInput,
  signal?: AbortSignal,
): Promise<GeneratedPost> {
  const now = (deps.clock ?? (() => new Date()))();
  const blog = input.blogId ? await findOwnedBlog(deps.db, ownerId, input.blogId) : undefined;
  await ensureAllowance(deps, ownerId, now);
  const settings = blog
    ? await deps.db
        .select()
        .from(automationSettings)
        .where(eq(automationSettings.blogId, blog.id))
        .get()
    : undefined;
  try {
    const { post, usage } = await deps.ai.generatePost(
      input,
      { niche: settings?.niche, blogName: blog?.name },
      signal,
    );
    await recordUsage(
      deps,
      { ownerId, blogId: blog?.id ?? null, kind: "generate-post", now },
      usage,
    );
    return post;
  } catch (error) {
    if (signal?.aborted) throw cancelled();
    throw error;
  }
}

/**
 * Meta title and description for a post: the model rewrites them within the limits when one
 * is configured (allowance and usage as for posts), else the offline optimizer builds them.
 */
export async function optimizeMeta(
  deps: AiDeps,
  ownerId: string,
  input: OptimizeMetaInput,
  signal?: AbortSignal,
): Promise<OptimizedMeta> {
  const now = (deps.clock ?? (() => new Date()))();
  const blog = input.blogId ? await findOwnedBlog(deps.db, ownerId, input.blogId) : undefined;
  await ensureAllowance(deps, ownerId, now);
  try {
    const { meta, source, usage } = await deps.ai.optimizeMeta(
      input,
      { blogName: blog?.name },
      signal,
    );
    await recordUsage(
      deps,
      { ownerId, blogId: blog?.id ?? null, kind: "optimize-meta", now },
      usage,
    );
    return { ...meta, offline: source === "offline" };
  } catch (error) {
    if (signal?.aborted) throw cancelled();
    throw error;
  }
}
