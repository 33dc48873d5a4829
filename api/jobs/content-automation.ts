import { and, eq, isNotNull, lte } from "drizzle-orm";
import { topicDetailDefaults, topicDetailsOf } from "../../contracts/automation.ts";
import { containsPhrase } from "../../contracts/content-text.ts";
import { emptyProgress } from "../../contracts/generation.ts";
import type { AiGate } from "../ai/gate.ts";
import type { Database } from "../db/client.ts";
import {
  aiGenerations,
  automationSettings,
  automationTopics,
  blogs,
  categories,
} from "../db/schema.ts";
import { generationInterval } from "../features/automation/service.ts";
import { failureReasonOf, skipReasonOf } from "../features/automation/status-reasons.ts";
import {
  claimedTopics,
  normalizeTopic,
  outOfTopics,
  pickTopic,
  settleTopicLedger,
} from "../features/automation/topic-ledger.ts";
import type { GenerationQueue, StoredInput } from "../features/writer/service.ts";
import type { Logger } from "../logger.ts";

export type AutomationDeps = {
  db: Database;
  ai: AiGate;
  /** Where a due run's generation is queued (the AI writer's job saves the post). */
  generations: GenerationQueue;
  clock?: () => Date;
  logger?: Logger;
};

/**
 * Starts a post for every enabled blog whose next run is due (issue 31): the run is claimed
 * (its schedule advanced, only if it is still the one this run started from, so two processes
 * cannot both claim it) and an AI writer generation stored in one transaction, then its job is
 * queued; the writer saves the post when it is done (`api/features/writer/service.ts`),
 * published only with auto-publish on and every check of the publishing gate passed. The topic
 * is the first the topic ledger has not claimed (decision 341: claimed in the same
 * transaction, given back if its generation fails; none left pauses it "Out of topics"); its details (length, category, tone, the owner's pages and notes) go with
 * it. When the gate refuses the owner (allowance or ceiling spent, too many calls), nothing is
 * written but the reason, and a spent allowance moves the run to when it renews. One failing
 * blog is logged and retried at its next run; the others go on.
 */
export async function runDueAutomation(
  deps: AutomationDeps,
): Promise<{ blogId: string; generationId: string }[]> {
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
  const started: { blogId: string; generationId: string }[] = [];
  for (const { settings, ownerId } of due) {
    const startedFrom = settings.nextRunAt as Date;
    const stillDue = and(
      eq(automationSettings.blogId, settings.blogId),
      eq(automationSettings.nextRunAt, startedFrom),
    );
    try {
      const refused = await deps.ai.refusalFor(ownerId);
      if (refused) {
        const later = refused.code !== "ai_rate_limited" && refused.retryAt > startedFrom;
        await deps.db
          .update(automationSettings)
          .set({
            skipReason: skipReasonOf(refused),
            ...(later ? { nextRunAt: refused.retryAt } : {}),
          })
          .where(stillDue);
        deps.logger?.info(
          { blogId: settings.blogId, reason: refused.code },
          "content automation skipped",
        );
        continue;
      }
      // The ledger (decision 341): a topic is sent once; a failed one was given back.
      await settleTopicLedger(deps.db, settings.blogId);
      const topic = pickTopic(settings.topics, await claimedTopics(deps.db, settings.blogId));
      if (!topic) {
        // Paused, not advanced: the run stays due and goes on once the owner adds a topic.
        if (settings.skipReason !== outOfTopics)
          await deps.db.update(automationSettings).set({ skipReason: outOfTopics }).where(stillDue);
        continue;
      }
      const blogCategories = await deps.db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(eq(categories.blogId, settings.blogId));
      const details = topicDetailsOf(settings.topicDetails).find((d) => d.topic === topic);
      const category =
        blogCategories.find((c) => c.id === details?.categoryId) ??
        blogCategories.find((c) => containsPhrase(topic, c.name));
      const input: StoredInput = {
        topic,
        category: category?.name ?? null,
        tone: details?.tone ?? topicDetailDefaults.tone,
        length: details?.length ?? topicDetailDefaults.length,
        blogId: settings.blogId,
        autoPublish: settings.autoPublish,
        topicMaterial: { urls: details?.urls ?? [], notes: details?.notes ?? [] },
        claimed: {
          dueAt: startedFrom.toISOString(),
          previousRunAt: settings.lastGeneratedAt?.toISOString() ?? null,
        },
      };
      const nextRunAt = new Date(
        now.getTime() + generationInterval(settings.postingFrequency, settings.postsPerWeek),
      );
      const generationId = await deps.db.transaction(async (tx) => {
        const claimed = await tx
          .update(automationSettings)
          .set({ lastGeneratedAt: now, nextRunAt, skipReason: null })
          .where(stillDue)
          .returning({ blogId: automationSettings.blogId });
        if (claimed.length === 0) return undefined;
        const [row] = await tx
          .insert(aiGenerations)
          .values({
            ownerId,
            blogId: settings.blogId,
            origin: "automation",
            input,
            status: "queued",
            progress: emptyProgress(),
          })
          .returning({ id: aiGenerations.id });
        if (!row) return undefined;
        // Claimed with the run: a topic is used once its generation is queued.
        await tx.insert(automationTopics).values({
          blogId: settings.blogId,
          topic,
          normalizedTopic: normalizeTopic(topic),
          status: "queued",
          generationId: row.id,
          claimedAt: now,
        });
        return row.id;
      });
      if (!generationId) continue;
      // A job not queued now is queued by the next worker's start (the row is stored, queued).
      await deps.generations.enqueue(generationId);
      started.push({ blogId: settings.blogId, generationId });
    } catch (error) {
      deps.logger?.error(
        { err: error, blogId: settings.blogId },
        "content automation failed for a blog; the others go on",
      );
      // The owner sees why no post came (decision 323); the run stays due and is tried again.
      await deps.db
        .update(automationSettings)
        .set({ skipReason: failureReasonOf(error) })
        .where(stillDue)
        .catch(() => undefined);
    }
  }
  return started;
}
