import { and, eq, gte, sql } from "drizzle-orm";
import type { Store } from "express-rate-limit";
import type { OptimizeMetaInput } from "../../contracts/ai.ts";
import { lengthWords } from "../../contracts/ai.ts";
import type { AiFeature } from "../../contracts/ai-usage.ts";
import { wordsOf } from "../../contracts/content-text.ts";
import type { SuggestedBlogIdea } from "../../contracts/recommendations.ts";
import type { z } from "../../contracts/zod.ts";
import type { Database } from "../db/client.ts";
import { first } from "../db/query.ts";
import { aiUsage } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { HttpError } from "../http/errors.ts";
import type { Logger } from "../logger.ts";
import type { AiPrices } from "./prices.ts";
import {
  type AiProvider,
  type AiSettings,
  type AiUsage,
  createAiProvider,
  type ImageRequest,
  type ImageToDescribe,
  type PostMeta,
  type ProgramContext,
  type StructuredRequest,
  type SuggestedProgram,
  usageOf,
} from "./provider.ts";

/**
 * The AI gate (docs/decisions/051-ai-gate.md): the only way to the AI provider. Every caller —
 * routes, content automation, the weekly jobs, anything added later — gets this, never the
 * provider, so the limits cannot be forgotten:
 *
 * - a per-owner rate of model calls (AI_CALLS_PER_MINUTE), across every feature and job;
 * - the owner's daily token allowance (AI_DAILY_TOKEN_LIMIT) and the instance's daily ceiling
 *   (AI_INSTANCE_DAILY_TOKEN_LIMIT), checked before the call against what is recorded plus
 *   what calls in flight have reserved, so a burst cannot all pass the same check;
 * - usage recorded here, once, with the real token counts the provider reports.
 *
 * The offline writer costs nothing and is not limited.
 */
export type AiCaller = {
  ownerId: string;
  blogId?: string | null;
  feature: AiFeature;
  /** The post the call is for, when known (the editor's post, automation's new post). */
  postId?: string | null;
};

export type AiLimits = {
  ownerDailyTokens: number;
  instanceDailyTokens: number;
  ownerCallsPerMinute: number;
};

export type AiGate = {
  configured: boolean;
  model: string;
  optimizeMeta: (
    caller: AiCaller,
    input: OptimizeMetaInput,
    context: { blogName?: string },
    signal?: AbortSignal,
  ) => Promise<{ meta: PostMeta; source: "ai" | "offline" }>;
  suggestBlogIdeas: (
    caller: AiCaller,
    context: { existingNiches: string[] },
    exclude: string[],
    count: number,
  ) => Promise<{ ideas: SuggestedBlogIdea[]; source: "ai" | "offline" }>;
  suggestPrograms: (
    caller: AiCaller,
    context: ProgramContext,
    exclude: string[],
    count: number,
  ) => Promise<{ programs: SuggestedProgram[]; source: "ai" | "offline" }>;
  /** Whether a vision-capable model is configured ('Suggest alt text' asks it). */
  visionConfigured: boolean;
  /** Alt text from the vision model; undefined when none is configured. */
  describeImage: (
    caller: AiCaller,
    input: ImageToDescribe,
    signal?: AbortSignal,
  ) => Promise<{ alt: string } | undefined>;
  /** Whether an image model is configured (AI_IMAGE_MODEL with a key). */
  imageConfigured: boolean;
  /** One image from the image model, as its bytes; undefined when none is configured. */
  generateImage: (
    caller: AiCaller,
    input: ImageRequest,
    signal?: AbortSignal,
  ) => Promise<{ image: Buffer } | undefined>;
  /**
   * One step of the AI writer's pipeline, through the limits; `estimate` is the tokens the
   * step is expected to use. Only with a model configured (the offline writer needs none).
   */
  structured: <S extends z.ZodType>(
    caller: AiCaller,
    request: StructuredRequest<S>,
    estimate: number,
    signal?: AbortSignal,
  ) => Promise<{ data: z.infer<S> }>;
  /**
   * Why a model call for this owner would be refused right now (allowance or ceiling spent,
   * or too many calls this minute), or undefined when one may start. Jobs ask before doing
   * any work for an owner.
   */
  refusalFor: (ownerId: string) => Promise<AiRefusal | undefined>;
  limits: AiLimits;
  /** Dollars per million tokens by model (AI_PRICES), for the estimated cost of usage. */
  prices: AiPrices;
};

export type AiRefusalCode = "ai_daily_limit" | "ai_instance_limit" | "ai_rate_limited";
export type AiRefusal = { code: AiRefusalCode; message: string; retryAt: Date };

const refusalCodes = new Set<string>(["ai_daily_limit", "ai_instance_limit", "ai_rate_limited"]);

/** A refusal by the gate: nothing reached the model. */
export function isAiRefusal(error: unknown): error is HttpError & { code: AiRefusalCode } {
  return error instanceof HttpError && refusalCodes.has(error.code);
}

export const startOfUtcDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
export const nextUtcMidnight = (now: Date) =>
  new Date(startOfUtcDay(now).getTime() + 24 * 60 * 60 * 1000);

/** Tokens one owner (or, without one, the whole instance) used since midnight UTC. */
export async function tokensUsedToday(
  db: Database,
  ownerId: string | undefined,
  now: Date,
): Promise<number> {
  const since = gte(aiUsage.createdAt, startOfUtcDay(now));
  const row = await first(
    db
      .select({
        total: sql<number>`coalesce(sum(${aiUsage.promptTokens} + ${aiUsage.completionTokens}), 0)`,
      })
      .from(aiUsage)
      .where(ownerId ? and(eq(aiUsage.ownerId, ownerId), since) : since),
  );
  return row?.total ?? 0;
}

/**
 * What a call is expected to cost before it is made (prompt plus answer), reserved against the
 * allowance while the call runs. Written generously: a reservation only holds back concurrent
 * calls; the real usage is what is recorded.
 */
export function estimateTokens(
  feature: AiFeature,
  detail: { words?: number; count?: number },
): number {
  switch (feature) {
    case "generate-post":
    case "automation":
      // About 1.4 tokens a word of English, plus the JSON fields and the prompt.
      return Math.ceil((detail.words ?? lengthWords.medium) * 1.4) + 600;
    case "optimize-meta":
      return Math.ceil(Math.min(detail.words ?? 1200, 1200) * 1.4) + 400;
    case "blog-ideas":
      return (detail.count ?? 3) * 500 + 400;
    case "affiliate-programs":
      return (detail.count ?? 5) * 250 + 400;
    case "alt-text":
      // A low-detail image is about 85 tokens; the prompt and the sentence little more.
      return 400;
    case "feature-image":
      // A GPT image model's 1024×1024 image at high quality is 4,160 output tokens (fewer at
      // lower quality), the prompt a few hundred; DALL·E reports none.
      return 4600;
  }
}

const minuteMs = 60_000;

export type AiGateDeps = {
  db: Database;
  limits: AiLimits;
  /** The price table the usage report estimates cost with (none: every cost is unknown). */
  prices?: AiPrices;
  /** Where the provider comes from: settings (the running product)… */
  settings?: AiSettings;
  sanitize?: (html: string) => string;
  /** …or, in tests only, a provider object (a fake or one pointed at a test server). */
  provider?: AiProvider;
  clock?: () => Date;
  logger?: Logger;
  /**
   * Calls per owner per minute counted across every process of the installation (several
   * processes on PostgreSQL, decision 196): a fixed one-minute window in the database, asked
   * after this process's own count agreed. Without it, the count is this process's alone.
   */
  sharedCalls?: Pick<Store, "init" | "increment" | "decrement" | "get">;
};

/** The gate's limits and the provider's settings, from the environment. */
export function aiGateOptions(env: Env): Pick<AiGateDeps, "limits" | "settings" | "prices"> {
  return {
    prices: env.AI_PRICES,
    limits: {
      ownerDailyTokens: env.AI_DAILY_TOKEN_LIMIT,
      instanceDailyTokens: env.AI_INSTANCE_DAILY_TOKEN_LIMIT,
      ownerCallsPerMinute: env.AI_CALLS_PER_MINUTE,
    },
    settings: {
      apiKey: env.OPENAI_API_KEY,
      baseUrl: env.OPENAI_BASE_URL,
      model: env.AI_MODEL,
      visionModel: env.AI_VISION_MODEL,
      imageModel: env.AI_IMAGE_MODEL,
    },
  };
}

export function createAiGate(deps: AiGateDeps): AiGate {
  const provider =
    deps.provider ??
    createAiProvider(
      deps.settings ?? { apiKey: undefined, baseUrl: undefined, model: "offline-writer" },
    );
  const clock = deps.clock ?? (() => new Date());
  const { limits, sharedCalls } = deps;
  sharedCalls?.init?.({ windowMs: minuteMs } as Parameters<NonNullable<Store["init"]>>[0]);
  /** Tokens reserved by calls in flight, per owner and in all. */
  const reserved = new Map<string, number>();
  let reservedInAll = 0;
  /**
   * Tokens this process has recorded so far, per owner and in all. A reading of today's usage
   * may miss a row committed while it ran, after which that call's reservation is gone too
   * (PostgreSQL serves reads and writes side by side): what was recorded meanwhile is added.
   */
  const recordedSoFar = { byOwner: new Map<string, number>(), inAll: 0 };
  /** Start times of model calls in the last minute, per owner. */
  const recentCalls = new Map<string, number[]>();
  /** Usage that could not be written (a full disk): still counted until the day ends. */
  const unrecorded = { day: "", byOwner: new Map<string, number>(), inAll: 0 };

  const dayKey = (now: Date) => now.toISOString().slice(0, 10);
  const unrecordedFor = (ownerId: string | undefined, now: Date) => {
    if (unrecorded.day !== dayKey(now)) return 0;
    return ownerId ? (unrecorded.byOwner.get(ownerId) ?? 0) : unrecorded.inAll;
  };

  const callsThisMinute = (ownerId: string, now: number) => {
    const calls = (recentCalls.get(ownerId) ?? []).filter((t) => now - t < minuteMs);
    if (calls.length) recentCalls.set(ownerId, calls);
    else recentCalls.delete(ownerId);
    return calls;
  };

  const refusal = (code: AiRefusalCode, now: Date, oldestCall?: number): AiRefusal => {
    const renew = nextUtcMidnight(now);
    switch (code) {
      case "ai_daily_limit":
        return {
          code,
          retryAt: renew,
          message: `You have used today's AI allowance of ${limits.ownerDailyTokens.toLocaleString("en-US")} tokens. It renews at midnight UTC.`,
        };
      case "ai_instance_limit":
        return {
          code,
          retryAt: renew,
          message:
            "This Blogfleet server has used its AI allowance for today (all owners together). It renews at midnight UTC.",
        };
      case "ai_rate_limited":
        return {
          code,
          retryAt: new Date((oldestCall ?? now.getTime()) + minuteMs),
          message: "Too many AI requests. Wait a minute and try again.",
        };
    }
  };

  /**
   * Decides, synchronously (no await between the check and the reservation), whether a call
   * costing `estimate` may start given what is recorded. One call may always start while the
   * owner is under the allowance; calls beyond it only while their estimates fit as well.
   */
  function decide(
    ownerId: string,
    estimate: number,
    used: { owner: number; inAll: number },
    now: Date,
  ): AiRefusal | undefined {
    const calls = callsThisMinute(ownerId, now.getTime());
    if (calls.length >= limits.ownerCallsPerMinute)
      return refusal("ai_rate_limited", now, calls[0]);
    const fits = (usedSoFar: number, held: number, limit: number) =>
      usedSoFar + held < limit && (held === 0 || usedSoFar + held + estimate <= limit);
    const ownerHeld = reserved.get(ownerId) ?? 0;
    const owner = used.owner + unrecordedFor(ownerId, now);
    const inAll = used.inAll + unrecordedFor(undefined, now);
    if (!fits(owner, ownerHeld, limits.ownerDailyTokens)) return refusal("ai_daily_limit", now);
    if (!fits(inAll, reservedInAll, limits.instanceDailyTokens))
      return refusal("ai_instance_limit", now);
    return undefined;
  }

  async function readUsed(ownerId: string, now: Date) {
    const ownerBefore = recordedSoFar.byOwner.get(ownerId) ?? 0;
    const inAllBefore = recordedSoFar.inAll;
    const [owner, inAll] = await Promise.all([
      tokensUsedToday(deps.db, ownerId, now),
      tokensUsedToday(deps.db, undefined, now),
    ]);
    return {
      owner: owner + (recordedSoFar.byOwner.get(ownerId) ?? 0) - ownerBefore,
      inAll: inAll + recordedSoFar.inAll - inAllBefore,
    };
  }

  async function record(caller: AiCaller, usage: AiUsage) {
    const now = clock();
    try {
      await deps.db.insert(aiUsage).values({
        ownerId: caller.ownerId,
        blogId: caller.blogId ?? null,
        postId: caller.postId ?? null,
        kind: caller.feature,
        model: usage.model,
        promptTokens: usage.promptTokens,
        completionTokens: usage.completionTokens,
        createdAt: now,
      });
      // Counted once the row is committed, before the call's reservation is released.
      const tokens = usage.promptTokens + usage.completionTokens;
      recordedSoFar.byOwner.set(
        caller.ownerId,
        (recordedSoFar.byOwner.get(caller.ownerId) ?? 0) + tokens,
      );
      recordedSoFar.inAll += tokens;
    } catch (error) {
      // The tokens are spent whether or not the row is written: keep counting them today.
      const tokens = usage.promptTokens + usage.completionTokens;
      if (unrecorded.day !== dayKey(now)) {
        unrecorded.day = dayKey(now);
        unrecorded.byOwner.clear();
        unrecorded.inAll = 0;
      }
      unrecorded.byOwner.set(
        caller.ownerId,
        (unrecorded.byOwner.get(caller.ownerId) ?? 0) + tokens,
      );
      unrecorded.inAll += tokens;
      deps.logger?.error({ err: error, ownerId: caller.ownerId }, "AI usage could not be recorded");
    }
  }

  /** Runs one provider call under the limits, recording what it used (also when it failed). */
  async function gated<T extends { usage?: AiUsage }>(
    caller: AiCaller,
    estimate: number,
    call: () => Promise<T>,
  ): Promise<Omit<T, "usage">> {
    if (!provider.configured) {
      const { usage: _free, ...result } = await call();
      return result;
    }
    const now = clock();
    const used = await readUsed(caller.ownerId, now);
    const refused = decide(caller.ownerId, estimate, used, now);
    if (refused) throw new HttpError(429, refused.code, refused.message);
    // Reserved before the first await that follows the check: the next caller sees it.
    recentCalls.set(caller.ownerId, [
      ...callsThisMinute(caller.ownerId, now.getTime()),
      now.getTime(),
    ]);
    reserved.set(caller.ownerId, (reserved.get(caller.ownerId) ?? 0) + estimate);
    reservedInAll += estimate;
    try {
      if (sharedCalls) {
        // Every process's calls this minute: one more is counted, and given back if too many.
        const { totalHits, resetTime } = await sharedCalls.increment(caller.ownerId);
        if (totalHits > limits.ownerCallsPerMinute) {
          await sharedCalls.decrement(caller.ownerId);
          const mine = recentCalls.get(caller.ownerId);
          mine?.splice(mine.lastIndexOf(now.getTime()), 1);
          const refused = refusal("ai_rate_limited", now, (resetTime?.getTime() ?? 0) - minuteMs);
          throw new HttpError(429, refused.code, refused.message);
        }
      }
      let result: T;
      try {
        result = await call();
      } catch (error) {
        // An answer that was not usable still cost its tokens.
        const spent = usageOf(error);
        if (spent) await record(caller, spent);
        throw error;
      }
      if (result.usage) await record(caller, result.usage);
      const { usage: _recorded, ...rest } = result;
      return rest;
    } finally {
      const left = (reserved.get(caller.ownerId) ?? 0) - estimate;
      if (left > 0) reserved.set(caller.ownerId, left);
      else reserved.delete(caller.ownerId);
      reservedInAll -= estimate;
    }
  }

  return {
    configured: provider.configured,
    model: provider.model,
    limits,
    prices: deps.prices ?? {},
    optimizeMeta: (caller, input, context, signal) =>
      gated(
        caller,
        estimateTokens("optimize-meta", { words: wordsOf(input.content ?? "").length }),
        () => provider.optimizeMeta(input, context, signal),
      ),
    suggestBlogIdeas: (caller, context, exclude, count) =>
      gated(caller, estimateTokens("blog-ideas", { count }), () =>
        provider.suggestBlogIdeas(context, exclude, count),
      ),
    suggestPrograms: (caller, context, exclude, count) =>
      gated(caller, estimateTokens("affiliate-programs", { count }), () =>
        provider.suggestPrograms(context, exclude, count),
      ),
    visionConfigured: provider.configured && provider.describeImage !== undefined,
    async describeImage(caller, input, signal) {
      const describe = provider.describeImage;
      if (!provider.configured || !describe) return undefined;
      return gated(caller, estimateTokens("alt-text", {}), () => describe(input, signal));
    },
    imageConfigured: provider.configured && provider.generateImage !== undefined,
    async generateImage(caller, input, signal) {
      const generate = provider.generateImage;
      if (!provider.configured || !generate) return undefined;
      return gated(caller, estimateTokens("feature-image", {}), () => generate(input, signal));
    },
    async structured(caller, request, estimate, signal) {
      const call = provider.structured;
      if (!provider.configured || !call) throw new Error("No AI model is configured");
      return gated(caller, estimate, () => call(request, signal));
    },
    async refusalFor(ownerId) {
      if (!provider.configured) return undefined;
      const now = clock();
      const refused = decide(ownerId, 0, await readUsed(ownerId, now), now);
      if (refused || !sharedCalls) return refused;
      const calls = await sharedCalls.get?.(ownerId);
      return calls && calls.totalHits >= limits.ownerCallsPerMinute
        ? refusal("ai_rate_limited", now, (calls.resetTime?.getTime() ?? 0) - minuteMs)
        : undefined;
    },
  };
}
