import { metaLimits } from "../../../contracts/ai.ts";
import { type ContentCheckInput, checkContent } from "../../../contracts/content-checks.ts";
import { htmlToText, wordsOf } from "../../../contracts/content-text.ts";
import type { ReviewReason } from "../../../contracts/posts.ts";
import type { Database } from "../../db/client.ts";
import type { CpuPool } from "../../workers/run.ts";
import { checkOriginality } from "../posts/originality.ts";

/**
 * The publishing gate of content automation (docs/decisions/052): an automated post goes live
 * only when it passes the checks the owner sees in the editor. Anything it fails is returned as
 * a reason and the post is held for review with them.
 */
export const publishGate = {
  /** A post shorter than this is not an article readers came for. */
  minWords: 300,
  /** Lowest originality score (1 − similarity to the owner's closest post); the editor warns below. */
  minOriginality: 0.7,
  /** Editor checks that must pass (the others — keyword in a subheading or the slug — advise). */
  requiredChecks: [
    "focus-keyword",
    "keyword-title",
    "keyword-first-paragraph",
    "keyword-meta-description",
    "readability",
    "sentence-length",
    "paragraph-length",
  ],
} as const;

export const offlineWriterReason: ReviewReason = {
  id: "offline-writer",
  label: "Offline draft",
  reason:
    "Written by the built-in offline writer because no AI provider is configured: it is an outline to write from, not a finished post.",
};

/** A post the automation wrote: what the editor's checks read, and who wrote it. */
export type GeneratedDraft = ContentCheckInput & { source: "ai" | "offline" };

/** Every reason to hold the draft for review; empty when it may be published. */
export async function reviewReasonsFor(
  deps: { db: Database; cpu?: CpuPool },
  ownerId: string,
  draft: GeneratedDraft,
): Promise<ReviewReason[]> {
  if (draft.source === "offline") return [offlineWriterReason];
  const reasons: ReviewReason[] = [];
  const words = wordsOf(htmlToText(draft.content)).length;
  if (words < publishGate.minWords)
    reasons.push({
      id: "length",
      label: "Length",
      reason: `The post has ${words} words: automated posts need at least ${publishGate.minWords} to be published.`,
    });
  const report = checkContent(draft);
  const required = new Set<string>(publishGate.requiredChecks);
  for (const check of report.checks) {
    if (required.has(check.id) && check.status !== "pass")
      reasons.push({ id: check.id, label: check.label, reason: check.reason });
  }
  // Meta fields: present and not cut off in search results (the editor's lower hints advise).
  const meta = [
    ["meta-title-length", "Meta title length", draft.metaTitle, metaLimits.title],
    [
      "meta-description-length",
      "Meta description length",
      draft.metaDescription,
      metaLimits.description,
    ],
  ] as const;
  for (const [id, label, value, max] of meta) {
    const n = value.trim().length;
    if (n === 0)
      reasons.push({
        id,
        label,
        reason: `There is no ${label.toLowerCase().replace(" length", "")}.`,
      });
    else if (n > max)
      reasons.push({
        id,
        label,
        reason: `Length ${n}: search results cut it after about ${max} characters.`,
      });
  }
  const originality = await checkOriginality(deps, ownerId, { content: draft.content });
  if (originality.score < publishGate.minOriginality && originality.mostSimilar) {
    const similar = originality.mostSimilar;
    reasons.push({
      id: "originality",
      label: "Originality",
      reason: `${Math.round(similar.similarity * 100)}% of it matches “${similar.title}” on ${similar.blogName}.`,
    });
  }
  return reasons;
}
