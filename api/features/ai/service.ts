import { and, eq, gte, sql } from "drizzle-orm";
import type { GeneratedPost, GeneratePostInput } from "../../../contracts/ai.ts";
import type { AiProvider } from "../../ai/provider.ts";
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

/** Writes a post for the owner: checks the daily allowance, records what the model used. */
export async function generatePost(
  deps: AiDeps,
  ownerId: string,
  input: GeneratePostInput,
): Promise<GeneratedPost> {
  const now = (deps.clock ?? (() => new Date()))();
  const blog = input.blogId ? await findOwnedBlog(deps.db, ownerId, input.blogId) : undefined;
  if (
    deps.ai.configured &&
    (await tokensUsedToday(deps.db, ownerId, now)) >= deps.dailyTokenLimit
  ) {
    throw new HttpError(
      429,
      "ai_daily_limit",
      `You have used today's AI allowance of ${deps.dailyTokenLimit.toLocaleString("en-US")} tokens. It renews at midnight UTC.`,
    );
  }
  const settings = blog
    ? await deps.db
        .select()
        .from(automationSettings)
        .where(eq(automationSettings.blogId, blog.id))
        .get()
    : undefined;
  const { post, usage } = await deps.ai.generatePost(input, {
    niche: settings?.niche,
    blogName: blog?.name,
  });
  if (usage) {
    await deps.db.insert(aiUsage).values({
      ownerId,
      blogId: blog?.id ?? null,
      kind: "generate-post",
      model: usage.model,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      createdAt: now,
    });
  }
  return post;
}
