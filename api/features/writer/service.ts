import { and, eq, inArray } from "drizzle-orm";
import {
  emptyProgress,
  type Generation,
  type GenerationInput,
  type GenerationProgress,
  type GenerationResult,
} from "../../../contracts/generation.ts";
import type { OwnerMaterial } from "../../../contracts/research.ts";
import type { AiGate } from "../../ai/gate.ts";
import { isAiRefusal } from "../../ai/gate.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import {
  aiGenerations,
  automationSettings,
  blogs,
  categories,
  postResearch,
  posts,
} from "../../db/schema.ts";
import { HttpError, NotFound } from "../../http/errors.ts";
import type { JobInfo, JobQueue } from "../../jobs/queue.ts";
import { stepsOf } from "../../jobs/steps.ts";
import type { CpuPool } from "../../workers/run.ts";
import {
  defaultFleetLimits,
  type FleetLimits,
  fleetBlogOf,
  fleetLimitReasons,
  lockOwnerFleet,
} from "../automation/fleet-limits.ts";
import { reviewReasonsFor } from "../automation/publish-gate.ts";
import { failureReasonOf, skipReasonOf } from "../automation/status-reasons.ts";
import { settleTopicLedger } from "../automation/topic-ledger.ts";
import { findOwnedBlog } from "../blogs/service.ts";
import { insertGeneratedPost } from "../posts/commands/insert-generated-post.ts";
import { publishPosts } from "../posts/commands/publish-posts.ts";
import { postFor } from "../posts/post-access.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { withOutbox } from "../publishing/outbox.ts";
import { noVoice, type WriterVoice, writerVoiceOf } from "../voice/service.ts";
import { type PipelineDeps, writePost } from "./pipeline.ts";

type GenerationRow = typeof aiGenerations.$inferSelect;

/** The queue's name for the job of one generation; its key is the generation's id. */
export const generationJobName = "generate-post";

/** What a generation carries beyond the owner's input (automation's choices). */
export type StoredInput = GenerationInput & {
  /** A new post is written as a draft when it is done (the generate dialog's new post). */
  createDraft?: boolean;
  /** Automation: the topic's own pages and notes. */
  topicMaterial?: Partial<OwnerMaterial>;
  /** Automation: publish when the publishing gate passes. */
  autoPublish?: boolean;
  /** Automation: the run this generation claimed, given back if the post cannot be written. */
  claimed?: { dueAt: string; previousRunAt: string | null };
};

export type WriterDeps = PipelineDeps & {
  db: Database;
  contentEvents: ContentEvents;
  /** Worker threads for the publishing gate's originality check (automation). */
  cpu?: CpuPool;
  /** The blogs' domain, for the blog's own origins (links there stay in a post). */
  blogDomain: string;
  clock?: () => Date;
  /** How often a running generation looks whether the owner cancelled it. */
  cancelPollMs?: number;
  /** Tries of a generation whose model call failed, the queue's back-off between them (default 3). */
  triesOnFailure?: number;
  /** Automation's weekly fleet cap, new-blog ramp and AI-blog leash (decision 343). */
  fleetLimits?: FleetLimits;
};

class Cancelled extends Error {}

/** What the owner reads of a generation. */
export function generationOf(row: GenerationRow): Generation {
  const input = row.input as StoredInput;
  return {
    id: row.id,
    blogId: row.blogId,
    postId: row.postId,
    origin: row.origin,
    status: row.status,
    input: {
      topic: input.topic,
      category: input.category,
      tone: input.tone,
      length: input.length,
      blogId: input.blogId,
      postId: input.postId,
      sources: input.sources,
    },
    progress: row.progress as GenerationProgress,
    result: (row.result as GenerationResult | null) ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Stores a generation for the owner (their blog and post, 404 otherwise) and queues its job.
 * `createDraft`: the result becomes a new draft of the blog when it is done.
 */
export async function startGeneration(
  deps: { db: Database; ai: AiGate; generations: GenerationQueue },
  ownerId: string,
  input: GenerationInput,
  options: { createDraft: boolean },
): Promise<Generation> {
  const post = input.postId
    ? (await postFor(deps.db, ownerId, input.postId, "draft")).post
    : undefined;
  if (post && input.blogId && post.blogId !== input.blogId) throw NotFound("Post");
  const blogId = input.blogId ?? post?.blogId ?? null;
  if (blogId) await findOwnedBlog(deps.db, ownerId, blogId);
  // A spent allowance is said now, not after the job found it.
  const refused = await deps.ai.refusalFor(ownerId);
  if (refused) throw new HttpError(429, refused.code, refused.message);
  const stored: StoredInput = {
    ...input,
    createDraft: options.createDraft && !post && blogId !== null,
  };
  const [row] = await deps.db
    .insert(aiGenerations)
    .values({
      ownerId,
      blogId,
      postId: post?.id ?? null,
      origin: "owner",
      input: stored,
      status: "queued",
      progress: emptyProgress(),
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  await deps.generations.enqueue(row.id);
  return generationOf(row);
}

export async function findOwnedGeneration(db: Database, ownerId: string, id: string) {
  const row = await first(
    db
      .select()
      .from(aiGenerations)
      .where(and(eq(aiGenerations.id, id), eq(aiGenerations.ownerId, ownerId))),
  );
  if (!row) throw NotFound("Generation");
  return row;
}

/** Cancels a generation still queued or running (its job stops at the next check). */
export async function cancelGeneration(db: Database, ownerId: string, id: string) {
  await findOwnedGeneration(db, ownerId, id);
  await db
    .update(aiGenerations)
    .set({ status: "cancelled", finishedAt: new Date() })
    .where(and(eq(aiGenerations.id, id), inArray(aiGenerations.status, ["queued", "running"])));
  return generationOf(await findOwnedGeneration(db, ownerId, id));
}

/** How routes queue a generation's job (a worker, or this process, takes it). */
export type GenerationQueue = { enqueue: (generationId: string) => Promise<void> };

export const enqueueGeneration = (queue: JobQueue, generationId: string) =>
  queue.enqueue(generationJobName, { generationId }, { key: generationId });

/** A failure as the owner reads it, with the status `POST /api/ai/generate-post` answers. */
function failureOf(error: unknown): { status: number; code: string; message: string } {
  if (error instanceof HttpError && error.status < 500 && error.status !== 499)
    return { status: error.status, code: error.code, message: error.message };
  if (error instanceof HttpError && error.code === "ai_failed")
    return { status: 502, code: error.code, message: error.message };
  return { status: 500, code: "internal", message: "An error on the server stopped the writer." };
}

/** Tries of a generation whose model call failed (the provider down, an unusable answer). */
const defaultTries = 3;

/**
 * The AI writer's job runner (decision 334): runs a generation's pipeline, its steps stored
 * under the generation's id, so a try after a crash or a failure goes on from the first step
 * without a result. Ends by saving what was written: a new draft, the research of the post
 * being edited, or automation's post (published when the gate passes).
 */
export function createWriter(deps: WriterDeps) {
  const clock = deps.clock ?? (() => new Date());

  const progressOf = async (id: string) =>
    (
      await first(
        deps.db
          .select({ progress: aiGenerations.progress })
          .from(aiGenerations)
          .where(eq(aiGenerations.id, id)),
      )
    )?.progress as GenerationProgress | undefined;

  async function blogOf(blogId: string | null) {
    if (!blogId) return null;
    const blog = await first(deps.db.select().from(blogs).where(eq(blogs.id, blogId)));
    if (!blog) return null;
    const [settings, cats] = await Promise.all([
      first(
        deps.db
          .select({ niche: automationSettings.niche })
          .from(automationSettings)
          .where(eq(automationSettings.blogId, blogId)),
      ),
      deps.db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(eq(categories.blogId, blogId)),
    ]);
    const origins = [
      blog.subdomain ? `https://${blog.subdomain}.${deps.blogDomain}` : "",
      blog.subdomain ? `http://${blog.subdomain}.${deps.blogDomain}` : "",
      blog.customDomain && blog.domainVerified ? `https://${blog.customDomain}` : "",
    ].filter(Boolean);
    return {
      id: blog.id,
      name: blog.name,
      niche: settings?.niche ?? null,
      origins,
      categories: cats,
    };
  }

  async function run(generationId: string, job: JobInfo): Promise<void> {
    const row = await first(
      deps.db.select().from(aiGenerations).where(eq(aiGenerations.id, generationId)),
    );
    if (!row || row.status === "succeeded" || row.status === "failed") return;
    const steps = stepsOf(deps.db, generationId);
    if (row.status === "cancelled") {
      await steps.clear();
      return;
    }
    await deps.db
      .update(aiGenerations)
      .set({ status: "running" })
      .where(and(eq(aiGenerations.id, generationId), eq(aiGenerations.status, row.status)));
    const input = row.input as StoredInput;
    const controller = new AbortController();
    const isCancelled = async () =>
      (
        await first(
          deps.db
            .select({ status: aiGenerations.status })
            .from(aiGenerations)
            .where(eq(aiGenerations.id, generationId)),
        )
      )?.status === "cancelled";
    // The owner's cancel ends a model call under way, not only the next step.
    const poll = setInterval(() => {
      isCancelled()
        .then((yes) => {
          if (yes) controller.abort();
        })
        .catch(() => undefined);
    }, deps.cancelPollMs ?? 2_000);
    poll.unref();
    let progress: GenerationProgress = (row.progress as GenerationProgress) ?? emptyProgress();
    const report = async (patch: Partial<GenerationProgress>) => {
      progress = { ...progress, ...patch };
      await deps.db
        .update(aiGenerations)
        .set({ progress })
        .where(eq(aiGenerations.id, generationId));
    };
    // A new draft's id is the generation's: usage is recorded against the post it becomes,
    // and a save tried again after a crash finds the post it wrote.
    const postId = row.postId ?? (input.createDraft || row.origin === "automation" ? row.id : null);
    try {
      const voice: WriterVoice = row.blogId ? await writerVoiceOf(deps.db, row.blogId) : noVoice;
      const result = await writePost(deps, {
        caller: {
          ownerId: row.ownerId,
          blogId: row.blogId,
          postId,
          feature: row.origin === "automation" ? "automation" : "generate-post",
        },
        blog: await blogOf(row.blogId),
        postId: row.postId,
        input,
        topicMaterial: input.topicMaterial,
        voice,
        steps,
        report,
        checkCancelled: async () => {
          if (controller.signal.aborted || (await isCancelled())) throw new Cancelled();
        },
        signal: controller.signal,
      });
      const savedPostId = await save(row, input, result, controller.signal);
      await deps.db
        .update(aiGenerations)
        .set({
          status: "succeeded",
          result,
          postId: savedPostId,
          error: null,
          finishedAt: clock(),
          progress: { ...progress, step: null, waiting: null },
        })
        .where(and(eq(aiGenerations.id, generationId), eq(aiGenerations.status, "running")));
      await steps.clear();
      // Automation's topic is used now, with its post (decision 341).
      if (row.origin === "automation" && row.blogId) await settleTopicLedger(deps.db, row.blogId);
    } catch (error) {
      if (error instanceof Cancelled || (controller.signal.aborted && (await isCancelled()))) {
        await steps.clear();
        return;
      }
      const failure = failureOf(error);
      const retryable = failure.code === "ai_failed" && !isAiRefusal(error);
      if (retryable && job.retryCount + 1 < (deps.triesOnFailure ?? defaultTries)) {
        await report({
          waiting: `${failure.message.replace(/\s*Try again\.?$/, "")} The writer tries again shortly.`,
        });
        throw error;
      }
      if (failure.status === 500)
        deps.logger?.error({ err: error, generationId }, "AI writer failed");
      await deps.db
        .update(aiGenerations)
        .set({
          status: "failed",
          error: failure.message,
          finishedAt: clock(),
          progress: {
            ...progress,
            step: null,
            waiting: null,
            failure: { status: failure.status, code: failure.code },
          },
        })
        .where(eq(aiGenerations.id, generationId));
      await steps.clear();
      if (row.origin === "automation" && row.blogId) {
        await automationFailed(deps.db, row.blogId, input.claimed, error, failure.message);
        // Its topic is given back, to be written again.
        await settleTopicLedger(deps.db, row.blogId);
      }
    } finally {
      clearInterval(poll);
    }
  }

  /** Saves the result where it belongs; the post it went into, if any. */
  async function save(
    row: GenerationRow,
    input: StoredInput,
    result: GenerationResult,
    signal?: AbortSignal,
  ): Promise<string | null> {
    const research = {
      sources: result.sources,
      citations: result.citations,
      failures: result.sourceFailures,
    };
    if (!row.blogId) return null;
    const blogId = row.blogId;
    if (row.postId) {
      // The post being edited: the editor fills it; the sources are kept for its checks.
      await writeResearch(deps.db, row.postId, research);
      return row.postId;
    }
    if (!input.createDraft && row.origin !== "automation") return null;
    const postId = row.id;
    const now = clock();
    const existing = await first(
      deps.db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)),
    );
    if (existing) return postId;
    const post = {
      id: postId,
      blogId,
      authorId: row.ownerId,
      title: result.title,
      content: result.content,
      metaTitle: result.metaTitle,
      metaDescription: result.metaDescription,
      keywords: result.suggestedKeywords,
      source: result.source,
      categoryId: result.categoryId,
      featureImageId: result.featureImage?.mediaId ?? null,
      now,
    };
    if (row.origin === "owner") {
      await deps.db.transaction(async (tx) => {
        await insertGeneratedPost(tx, { ...post, status: "draft" });
        await writeResearch(tx, postId, research);
      });
      return postId;
    }
    // Automation: held for review unless auto-publish is on and every check passes.
    const reasons = await reviewReasonsFor(
      { db: deps.db, cpu: deps.cpu, ai: deps.ai, research: deps.research, signal },
      { ownerId: row.ownerId, blogId, postId, feature: "automation" },
      {
        ...result,
        keywords: result.suggestedKeywords,
        // The offline writer's target is its own outline's, not a length it was held to.
        targetWords: result.source === "ai" ? result.targetWords : null,
      },
    );
    const gatePassed = input.autoPublish === true && reasons.length === 0;
    await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
      // The fleet limits count in the transaction that publishes, one owner at a time, so ten
      // blogs finishing at once cannot all pass a cap only one more fits under (decision 343).
      let held = reasons;
      if (gatePassed) {
        await lockOwnerFleet(tx, row.ownerId);
        const blog = await fleetBlogOf(tx, blogId);
        held = await fleetLimitReasons(tx, deps.fleetLimits ?? defaultFleetLimits, blog, now);
      }
      await insertGeneratedPost(tx, { ...post, reviewReasons: held });
      await writeResearch(tx, postId, research);
      if (gatePassed && held.length === 0) {
        // Marked before publishing (its time kept), so the publish reads the row as it stands.
        await tx
          .update(posts)
          .set({ autoPublished: true, updatedAt: now })
          .where(eq(posts.id, postId));
        await publishPosts(tx, record, [postId], now);
      }
    });
    return postId;
  }

  return {
    run,
    /** Works the generation jobs here; generations left queued or running are queued again. */
    async work(queue: JobQueue) {
      await queue.work(generationJobName, (data, job) => run(String(data.generationId), job), {
        concurrency: 2,
      });
      const left = await deps.db
        .select({ id: aiGenerations.id })
        .from(aiGenerations)
        .where(inArray(aiGenerations.status, ["queued", "running"]));
      for (const { id } of left) await enqueueGeneration(queue, id);
    },
    progressOf,
  };
}

export type Writer = ReturnType<typeof createWriter>;

async function writeResearch(
  db: Queryable,
  postId: string,
  research: { sources: unknown; citations: unknown; failures: unknown },
) {
  await db
    .insert(postResearch)
    .values({ postId, ...research })
    .onConflictDoUpdate({
      target: postResearch.postId,
      set: { ...research, updatedAt: new Date() },
    });
}

/**
 * What automation's status says after its post could not be written. The run it claimed is
 * given back (due again at its time, the last run as before), so the next minute's run writes
 * the topic again; a refusal keeps the schedule (the allowance renews later).
 */
async function automationFailed(
  db: Database,
  blogId: string,
  claimed: StoredInput["claimed"],
  error: unknown,
  message: string,
) {
  let reason: string;
  if (isAiRefusal(error)) {
    reason = skipReasonOf({ code: error.code, message, retryAt: new Date() });
  } else reason = failureReasonOf(error);
  await db
    .update(automationSettings)
    .set({
      skipReason: reason,
      ...(claimed && !isAiRefusal(error)
        ? {
            nextRunAt: new Date(claimed.dueAt),
            lastGeneratedAt: claimed.previousRunAt ? new Date(claimed.previousRunAt) : null,
          }
        : {}),
    })
    .where(and(eq(automationSettings.blogId, blogId), eq(automationSettings.enabled, true)));
}

/** The research of a post (sources and citations), for the editor. */
export async function researchOf(db: Database, ownerId: string, postId: string) {
  await postFor(db, ownerId, postId, "read");
  const row = await first(db.select().from(postResearch).where(eq(postResearch.postId, postId)));
  return {
    sources: (row?.sources as GenerationResult["sources"]) ?? [],
    citations: (row?.citations as GenerationResult["citations"]) ?? [],
    failures: (row?.failures as GenerationResult["sourceFailures"]) ?? [],
  };
}
