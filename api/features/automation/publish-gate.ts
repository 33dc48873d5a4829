import { eq } from "drizzle-orm";
import { metaLimits } from "../../../contracts/ai.ts";
import { type ContentCheckInput, checkContent } from "../../../contracts/content-checks.ts";
import { htmlToText, wordsOf } from "../../../contracts/content-text.ts";
import type { ReviewReason } from "../../../contracts/posts.ts";
import type { AiCaller, AiGate } from "../../ai/gate.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogVoices } from "../../db/schema.ts";
import type { CpuPool } from "../../workers/run.ts";
import type { Research } from "../research/research.ts";
import { fleetCopyReasons, plagiarismGate, webCopyReasons } from "./plagiarism.ts";
import { reviewDraft } from "./review.ts";
import { substanceReasons } from "./substance.ts";

/**
 * The publishing gate of content automation (docs/decisions/052): an automated post goes live
 * only when it passes the checks the owner sees in the editor. Anything it fails is returned as
 * a reason and the post is held for review with them.
 */
export const publishGate = {
  /** A post shorter than this is not an article readers came for. */
  minWords: 300,
  /** Lowest originality score (1 − similarity to the owner's closest post); the editor warns below. */
  minOriginality: plagiarismGate.minOriginality,
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

/**
 * Readers are told who stands behind a post (decision 342): automation publishes on a blog only
 * when it has a named author persona, never under the blog's name alone.
 */
export const noPersonaReason: ReviewReason = {
  id: "persona",
  label: "No author persona",
  reason:
    "The blog has no author persona: set one in Settings → Voice (a name readers see as the author) so automated posts can be published.",
};

/** Whether the blog has a persona with a name (Settings → Voice, decision 333). */
async function hasNamedPersona(db: Database, blogId: string): Promise<boolean> {
  const voice = await first(
    db
      .select({ name: blogVoices.personaName })
      .from(blogVoices)
      .where(eq(blogVoices.blogId, blogId)),
  );
  return Boolean(voice?.name?.trim());
}

/** A post the automation wrote: what the editor's checks read, and who wrote it. */
export type GeneratedDraft = ContentCheckInput & {
  source: "ai" | "offline";
  /** The length the writer was asked for, when known. */
  targetWords?: number | null;
  /** The sources the writer cited, as readers see them numbered. */
  sources?: { number: number | null; title: string; url: string | null }[];
};

export type GateDeps = {
  db: Database;
  cpu?: CpuPool;
  /** With a model configured, the substance review runs through the gate. */
  ai?: AiGate;
  /** With a search provider configured, the draft is checked against the web. */
  research?: Research;
  signal?: AbortSignal;
};

/**
 * Every reason to hold the draft for review; empty when it may be published. `caller` is the
 * automation's (feature "automation", the post's id) for the model's substance review.
 */
export async function reviewReasonsFor(
  deps: GateDeps,
  caller: AiCaller,
  draft: GeneratedDraft,
): Promise<ReviewReason[]> {
  const ownerId = caller.ownerId;
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
  const cited = (draft.sources ?? []).flatMap((source) =>
    source.number === null ? [] : [{ n: source.number, title: source.title, url: source.url }],
  );
  reasons.push(
    ...substanceReasons({
      content: draft.content,
      targetWords: draft.targetWords,
      hasSources: cited.length > 0,
    }),
  );
  // Plagiarism (the owner's fleet, the web) and the model's review, side by side.
  const [persona, fleet, web, review] = await Promise.all([
    caller.blogId ? hasNamedPersona(deps.db, caller.blogId) : false,
    fleetCopyReasons(deps, ownerId, draft.content),
    deps.research ? webCopyReasons(deps.research, draft.content) : [],
    deps.ai?.configured
      ? reviewDraft(
          deps.ai,
          { ...caller, feature: "automation" },
          { title: draft.title, content: draft.content, sources: cited },
          deps.signal,
        )
      : [],
  ]);
  if (!persona) reasons.unshift(noPersonaReason);
  reasons.push(...fleet, ...web, ...review);
  return reasons;
}
