import { and, eq, inArray, isNotNull, lte } from "drizzle-orm";
import { slugify } from "../../contracts/slug.ts";
import { type AiGate, type AiRefusal, isAiRefusal } from "../ai/gate.ts";
import type { Database } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { automationSettings, blogs, posts } from "../db/schema.ts";
import { reviewReasonsFor } from "../features/automation/publish-gate.ts";
import { generationInterval } from "../features/automation/service.ts";
import { insertGeneratedPost, publishPosts } from "../features/posts/service.ts";
import type { ContentEvents } from "../features/publishing/content-events.ts";
import { withOutbox } from "../features/publishing/outbox.ts";
import { HttpError } from "../http/errors.ts";
import type { Logger } from "../logger.ts";
import type { CpuPool } from "../workers/run.ts";

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
  ai: AiGate;
  contentEvents: ContentEvents;
  /** Worker threads for the originality check of the publishing gate (inline without). */
  cpu?: CpuPool;
  clock?: () => Date;
  logger?: Logger;
};

/** What the automation status says while the gate refuses the owner's calls. */
export function skipReasonOf(refusal: AiRefusal): string {
  switch (refusal.code) {
    case "ai_daily_limit":
      return "Paused: today's AI allowance is used up. The next post is written after midnight UTC.";
    case "ai_instance_limit":
      return "Paused: this server's AI allowance for today is used up. The next post is written after midnight UTC.";
    case "ai_rate_limited":
      return "Waiting: too many AI requests this minute. The post is written within a few minutes.";
  }
}

/**
 * What the automation status says after a run failed: the AI provider's own plain message
 * (it never carries a key or a server's internals), or that the server failed.
 */
export function failureReasonOf(error: unknown): string {
  const said =
    error instanceof HttpError && error.code === "ai_failed"
      ? // Its advice to a person ("Try again.") is what automation does anyway.
        error.message.replace(/\s*Try again[^.]*\.$/, "")
      : "An error on the server stopped it.";
  return `The last post could not be written: ${said} Automation tries again within a minute.`;
}

/**
 * Generates one post for every enabled blog whose next run is due, through the AI gate. The
 * AI call happens first; the post and the advanced schedule are then written in one transaction
 * that only commits if the schedule is still the one this run started from. A crash before the
 * commit leaves the run due (it happens after the restart, once); two processes cannot both
 * commit it. A post is published only with auto-publish on and every check of the publishing
 * gate passed; otherwise it is held for review with its reasons. When the gate refuses the
 * owner (allowance or ceiling spent, too many calls), nothing is written but the reason, and a
 * spent allowance moves the run to when it renews. One failing blog is logged and retried at
 * its next run; the others go on.
 */
export async function runDueAutomation(
  deps: AutomationDeps,
): Promise<{ blogId: string; postId: string; status: "published" | "under_review" }[]> {
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
  const made: { blogId: string; postId: string; status: "published" | "under_review" }[] = [];
  for (const { settings, ownerId } of due) {
    const startedFrom = settings.nextRunAt as Date;
    /** Records why nothing was written; a spent allowance waits for its renewal. */
    const skip = async (refusal: AiRefusal) => {
      const later = refusal.code !== "ai_rate_limited" && refusal.retryAt > startedFrom;
      await deps.db
        .update(automationSettings)
        .set({
          skipReason: skipReasonOf(refusal),
          ...(later ? { nextRunAt: refusal.retryAt } : {}),
        })
        .where(
          and(
            eq(automationSettings.blogId, settings.blogId),
            eq(automationSettings.nextRunAt, startedFrom),
          ),
        );
      deps.logger?.info(
        { blogId: settings.blogId, reason: refusal.code },
        "content automation skipped",
      );
    };
    try {
      const refused = await deps.ai.refusalFor(ownerId);
      if (refused) {
        await skip(refused);
        continue;
      }
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
      // The post's id is chosen first, so the model call's usage is recorded for it.
      const postId = newId();
      const { post } = await deps.ai.generatePost(
        { ownerId, blogId: settings.blogId, postId, feature: "automation" },
        { topic, tone: "professional", length: "medium" },
        { niche: settings.niche },
      );
      const reasons = await reviewReasonsFor(deps, ownerId, {
        ...post,
        keywords: post.suggestedKeywords,
      });
      const status =
        settings.autoPublish && reasons.length === 0
          ? ("published" as const)
          : ("under_review" as const);
      const nextRunAt = new Date(
        now.getTime() + generationInterval(settings.postingFrequency, settings.postsPerWeek),
      );
      const row = await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
        const claimed = await tx
          .update(automationSettings)
          .set({ lastGeneratedAt: now, nextRunAt, skipReason: null })
          .where(
            and(
              eq(automationSettings.blogId, settings.blogId),
              eq(automationSettings.nextRunAt, startedFrom),
            ),
          )
          .returning({ blogId: automationSettings.blogId });
        if (claimed.length === 0) return undefined;
        const inserted = await insertGeneratedPost(tx, {
          id: postId,
          blogId: settings.blogId,
          authorId: ownerId,
          title: post.title,
          content: post.content,
          metaTitle: post.metaTitle,
          metaDescription: post.metaDescription,
          keywords: post.suggestedKeywords,
          source: post.source,
          reviewReasons: reasons,
          now,
        });
        // Published the one way posts become public, in the same transaction.
        if (status === "published") await publishPosts(tx, record, [inserted.id], now);
        return inserted;
      });
      if (!row) continue;
      made.push({ blogId: settings.blogId, postId: row.id, status });
    } catch (error) {
      if (isAiRefusal(error)) {
        // Another caller spent the allowance between the check and the call.
        const refusal = await deps.ai.refusalFor(ownerId);
        if (refusal) await skip(refusal).catch(() => undefined);
        continue;
      }
      deps.logger?.error(
        { err: error, blogId: settings.blogId },
        "content automation failed for a blog; the others go on",
      );
      // The owner sees why no post came (decision 323); the run stays due and is tried again.
      await deps.db
        .update(automationSettings)
        .set({ skipReason: failureReasonOf(error) })
        .where(
          and(
            eq(automationSettings.blogId, settings.blogId),
            eq(automationSettings.nextRunAt, startedFrom),
          ),
        )
        .catch(() => undefined);
    }
  }
  return made;
}
