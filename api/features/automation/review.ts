import { htmlToText } from "../../../contracts/content-text.ts";
import type { ReviewReason } from "../../../contracts/posts.ts";
import { z } from "../../../contracts/zod.ts";
import type { AiCaller, AiGate } from "../../ai/gate.ts";
import { untrusted } from "../../ai/untrusted.ts";

/**
 * The model half of the substance gate (docs/decisions/340): an editor's read of an automated
 * draft, in a strict schema, against a stated bar. Run only with a model configured.
 */
export const reviewBar = {
  /** Lowest helpfulness score (1–10) an automated post may have to be published. */
  minHelpfulness: 7,
  /** Passages the review may call filler before the post is held. */
  maxFiller: 2,
  /** Unsupported claims and invented experiences allowed: none. */
  maxUnsupportedClaims: 0,
  maxInventedExperience: 0,
  /** The draft text the review reads (characters), and the answer's token ceiling. */
  maxDraftChars: 24_000,
  maxTokens: 1_200,
} as const;

export const reviewAnswer = z.object({
  unsupportedClaims: z.array(z.string()),
  inventedExperience: z.array(z.string()),
  filler: z.array(z.string()),
  helpfulness: z.number(),
  fixes: z.array(z.string()),
});
export type DraftReview = z.infer<typeof reviewAnswer>;

export const reviewSchemaName = "post_review";

export type ReviewInput = {
  title: string;
  content: string;
  /** The sources the writer had, as numbered titles and addresses (empty: none). */
  sources: { n: number; title: string; url: string | null }[];
};

export function reviewPrompt(input: ReviewInput) {
  const text = htmlToText(input.content).slice(0, reviewBar.maxDraftChars);
  const sources = input.sources.length
    ? input.sources.map((s) => `[${s.n}] ${s.title}${s.url ? ` (${s.url})` : ""}`).join("\n")
    : "";
  return {
    name: reviewSchemaName,
    schema: reviewAnswer,
    system:
      "You are a strict editor reviewing a blog post written by an AI before it is published without a person reading it. " +
      "Judge whether a reader gets real value from it. List, quoting the post's own words briefly: " +
      "unsupportedClaims — specific facts, figures, prices, dates or quotes that no cited source ([n]) backs; " +
      "inventedExperience — first-hand experience the writer cannot have had (we tested, in my garden, our readers told us) unless a source or the owner says so; " +
      "filler — sentences or passages that say nothing (generic advice, repetition, padding). " +
      "Score helpfulness from 1 (useless or spam) to 10 (expert, specific, complete) for the reader the title promises. " +
      "In fixes, say briefly what to change to make it worth publishing (empty when nothing). Use empty lists when there is nothing to list.",
    user: [
      "Review this post.",
      untrusted("post title", input.title),
      untrusted("post body", text),
      sources
        ? untrusted("sources", sources)
        : "The writer had no sources: every specific figure or quote is unsupported.",
    ],
    unusable: "The AI provider's answer was not a usable review of the post.",
    maxTokens: reviewBar.maxTokens,
    temperature: 0.2,
  };
}

const quoteList = (items: readonly string[], max = 3) =>
  items
    .slice(0, max)
    .map((item) => `“${item.length > 140 ? `${item.slice(0, 139)}…` : item}”`)
    .join("; ") + (items.length > max ? ` and ${items.length - max} more` : "");

/** The reasons a review gives to hold the post (empty when it meets the bar). */
export function reasonsOfReview(review: DraftReview): ReviewReason[] {
  const reasons: ReviewReason[] = [];
  const clean = (list: readonly string[]) => list.map((s) => s.trim()).filter(Boolean);
  const claims = clean(review.unsupportedClaims);
  const invented = clean(review.inventedExperience);
  const filler = clean(review.filler);
  const fixes = clean(review.fixes);
  const score = Math.min(10, Math.max(1, Math.round(review.helpfulness)));
  if (claims.length > reviewBar.maxUnsupportedClaims)
    reasons.push({
      id: "review-unsupported-claims",
      label: "Unsupported claims",
      reason: `The AI review found claims no source backs: ${quoteList(claims)}.`,
    });
  if (invented.length > reviewBar.maxInventedExperience)
    reasons.push({
      id: "review-invented-experience",
      label: "Invented experience",
      reason: `The AI review found first-hand experience the writer cannot have had: ${quoteList(invented)}.`,
    });
  if (filler.length > reviewBar.maxFiller)
    reasons.push({
      id: "review-filler",
      label: "Filler passages",
      reason: `The AI review found ${filler.length} passages that say nothing, such as ${quoteList(filler, 2)}.`,
    });
  if (score < reviewBar.minHelpfulness)
    reasons.push({
      id: "review-helpfulness",
      label: "Low helpfulness",
      reason:
        `The AI review scored it ${score}/10 for readers; automated posts need ${reviewBar.minHelpfulness} or more.` +
        (fixes.length ? ` To fix: ${fixes.slice(0, 3).join(" ")}` : ""),
    });
  return reasons;
}

/**
 * The review of a draft through the AI gate (feature "automation", the post's id), as reasons.
 * A review that cannot run holds the post: it was not read, so it is not published unread.
 */
export async function reviewDraft(
  ai: AiGate,
  caller: AiCaller,
  input: ReviewInput,
  signal?: AbortSignal,
): Promise<ReviewReason[]> {
  const request = reviewPrompt(input);
  const estimate =
    Math.ceil((request.system.length + request.user.join("\n").length) / 4) + reviewBar.maxTokens;
  try {
    const { data } = await ai.structured(caller, request, estimate, signal);
    return reasonsOfReview(data);
  } catch (error) {
    if (signal?.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return [
      {
        id: "review-failed",
        label: "AI review not run",
        reason: `The AI review of this post could not run (${message}), so it was not published unread.`,
      },
    ];
  }
}
