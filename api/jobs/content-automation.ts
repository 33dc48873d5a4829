import { and, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type { PostingFrequency } from "../../contracts/limits.ts";
import { slugify } from "../../contracts/slug.ts";
import type { AiProvider } from "../ai/provider.ts";
import type { Database } from "../db/client.ts";
import { aiUsage, automationSettings, blogs, posts } from "../db/schema.ts";
import { insertGeneratedPost } from "../features/posts/service.ts";
import type { ContentEvents } from "../features/publishing/content-events.ts";
import type { Logger } from "../logger.ts";
import { startPeriodic } from "./periodic.ts";

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Time between two generated posts: postsPerWeek spread over the frequency's period. Daily
 * and weekly spread them over a week (daily never waits more than a day); biweekly over two.
 */
export function generationInterval(frequency: PostingFrequency, postsPerWeek: number): number {
  const perWeek = Math.max(1, postsPerWeek);
  if (frequency === "biweekly") return (14 * dayMs) / perWeek;
  const interval = (7 * dayMs) / perWeek;
  return frequency === "daily" ? Math.min(interval, dayMs) : interval;
}

/** The next topic in turn, skipping topics that already have a post (by slug) when others remain. */
export function pickTopic(
  topics: string[],
  generatedSoFar: number,
  existingSlugs: Set<string>,
): string | undefined {
  if (topics.length === 0) return undefined;
  for (let i = 0; i < topics.length; i++) {
    const topic = topics[(generatedSoFar + i) % topics.length] as string;
    if (!existingSlugs.has(slugify(topic))) return topic;
  }
  return topics[generatedSoFar % topics.length];
}

export type AutomationDeps = {
  db: Database;
  ai: AiProvider;
  contentEvents: ContentEvents;
  clock?: () => Date;
  logger?: Logger;
};

/**
 * Generates one post for every enabled blog whose next run is due. The AI call happens first;
 * the post and the advanced schedule are then written in one transaction that only commits if
 * the schedule is still the one this run started from. A crash before the commit leaves the
 * run due (it happens after the restart, once); two processes cannot both commit it. One
 * failing blog is logged and retried at its next run; the others go on.
 */
export async function runDueAutomation(
  deps: AutomationDeps,
): Promise<{ blogId: string; postId: string }[]> {
  const now = (deps.clock ?? (() => new Date()))();
  const due = await deps.db
    .select({ settings: automationSettings, ownerId: blogs.ownerId })
    .from(automationSettings)
    .innerJoin(blogs, eq(blogs.id, automationSettings.blogId))
    .where(
      and(
        eq(automationSettings.enabled, true),
        isNotNull(automationSettings.nextRunAt),
        lte(automationSettings.nextRunAt, now),
      ),
    );
  const made: { blogId: string; postId: string }[] = [];
  for (const { settings, ownerId } of due) {
    try {
      const generated = await deps.db
        .select({ slug: posts.slug })
        .from(posts)
        .where(and(eq(posts.blogId, settings.blogId), inArray(posts.source, ["ai", "offline"])));
      const existing = await deps.db
        .select({ slug: posts.slug })
        .from(posts)
        .where(eq(posts.blogId, settings.blogId));
      const topic = pickTopic(
        settings.topics,
        generated.length,
        new Set(existing.map((p) => p.slug)),
      );
      if (!topic) continue;
      const { post, usage } = await deps.ai.generatePost(
        { topic, tone: "professional", length: "medium" },
        { niche: settings.niche },
      );
      const status = settings.autoPublish ? ("published" as const) : ("under_review" as const);
      const startedFrom = settings.nextRunAt as Date;
      const nextRunAt = new Date(
        now.getTime() + generationInterval(settings.postingFrequency, settings.postsPerWeek),
      );
      const row = await deps.db.transaction(async (tx) => {
        const claimed = await tx
          .update(automationSettings)
          .set({ lastGeneratedAt: now, nextRunAt })
          .where(
            and(
              eq(automationSettings.blogId, settings.blogId),
              eq(automationSettings.nextRunAt, startedFrom),
            ),
          )
          .returning({ blogId: automationSettings.blogId });
        if (claimed.length === 0) return undefined;
        if (usage) {
          await tx.insert(aiUsage).values({
            ownerId,
            blogId: settings.blogId,
            kind: "automation",
            model: usage.model,
            promptTokens: usage.promptTokens,
            completionTokens: usage.completionTokens,
            createdAt: now,
          });
        }
        return insertGeneratedPost(tx, {
          blogId: settings.blogId,
          authorId: ownerId,
          title: post.title,
          content: post.content,
          metaTitle: post.metaTitle,
          metaDescription: post.metaDescription,
          keywords: post.suggestedKeywords,
          status,
          source: post.source,
          now,
        });
      });
      if (!row) continue;
      made.push({ blogId: settings.blogId, postId: row.id });
      if (status === "published")
        await deps.contentEvents.blogChanged(settings.blogId, { postIds: [row.id] });
    } catch (error) {
      deps.logger?.error(
        { err: error, blogId: settings.blogId },
        "content automation failed for a blog; the others go on",
      );
    }
  }
  return made;
}

/** Runs due automation at start and then every `intervalMs`; `stop` waits for a run in progress. */
export function startContentAutomation(deps: AutomationDeps & { intervalMs?: number }) {
  return startPeriodic(() => runDueAutomation(deps), {
    intervalMs: deps.intervalMs ?? 60_000,
    logger: deps.logger,
    failure: "content automation run failed",
  });
}
