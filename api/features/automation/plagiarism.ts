import { eq } from "drizzle-orm";
import { htmlToText, wordsOf } from "../../../contracts/content-text.ts";
import type { ReviewReason } from "../../../contracts/posts.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { posts } from "../../db/schema.ts";
import type { CpuPool } from "../../workers/run.ts";
import { checkOriginality } from "../posts/originality.ts";
import { overlapOf } from "../posts/passages.ts";
import type { Research } from "../research/research.ts";
import { sentencesOf } from "./substance.ts";

/**
 * Plagiarism checks of an automated draft (docs/decisions/340): against every post of the
 * owner's fleet (all their blogs), and, with a search provider, against the web.
 */
export const plagiarismGate = {
  /** Lowest originality score against the owner's closest post (decision 052). */
  minOriginality: 0.7,
  /** A draft with this share or more of its words in runs copied from one web page is held. */
  maxCopiedShare: 0.1,
  /** …or with one copied passage this long (words), from a web page or another post. */
  maxPassageWords: 40,
  /** Distinctive sentences searched as quoted phrases, and the words of each phrase. */
  webQueries: 3,
  phraseWords: 12,
  /** Sentences this long (words) are candidates for a phrase. */
  minSentenceWords: 10,
  /** Results read per phrase, and pages fetched in all. */
  resultsPerQuery: 3,
  maxPages: 6,
} as const;

const clipPassage = (text: string) => `“${text}”`;

/** The owner's closest post on any of their blogs, named with the passage both share. */
export async function fleetCopyReasons(
  deps: { db: Database; cpu?: CpuPool },
  ownerId: string,
  content: string,
): Promise<ReviewReason[]> {
  const result = await checkOriginality(deps, ownerId, { content });
  const similar = result.mostSimilar;
  if (!similar) return [];
  const other = await first(
    deps.db.select({ content: posts.content }).from(posts).where(eq(posts.id, similar.postId)),
  );
  const overlap = other
    ? overlapOf(htmlToText(content), htmlToText(other.content))
    : { passage: null, passageWords: 0 };
  const low = result.score < plagiarismGate.minOriginality;
  if (!low && overlap.passageWords < plagiarismGate.maxPassageWords) return [];
  return [
    {
      id: "originality",
      label: "Originality",
      reason:
        `${Math.round(similar.similarity * 100)}% of it matches “${similar.title}” on ${similar.blogName}` +
        (overlap.passage ? `, word for word in ${clipPassage(overlap.passage)}` : "") +
        ".",
    },
  ];
}

/**
 * The draft's most distinctive sentences as quoted search phrases: long sentences without a
 * citation (a cited sentence names its source already), the ones with the most different
 * content words first, taken from different parts of the post.
 */
export function searchPhrases(html: string): string[] {
  const gate = plagiarismGate;
  const candidates = sentencesOf(html)
    .map((sentence, index) => ({ sentence, index, words: wordsOf(sentence) }))
    .filter((c) => c.words.length >= gate.minSentenceWords && !/\[\d+\]/.test(c.sentence));
  const rank = (c: (typeof candidates)[number]) =>
    new Set(c.words.filter((w) => w.length > 4)).size;
  const chosen: typeof candidates = [];
  // One phrase per part: the post split in as many stretches as there are phrases to search.
  const parts = gate.webQueries;
  const span = Math.max(1, Math.ceil((candidates.at(-1)?.index ?? 0) / parts) + 1);
  for (let part = 0; part < parts; part++) {
    const inPart = candidates.filter((c) => Math.floor(c.index / span) === part);
    const best = inPart.sort((a, b) => rank(b) - rank(a))[0];
    if (best) chosen.push(best);
  }
  return chosen.map((c) => {
    const phrase = c.sentence
      .replace(/[“”"]/g, "")
      .split(/\s+/)
      .slice(0, gate.phraseWords)
      .join(" ")
      .replace(/[.,;:!?]+$/, "");
    return `"${phrase}"`;
  });
}

/**
 * Web pages that hold the draft's sentences: its distinctive sentences searched as phrases, the
 * top results read through the research page fetcher (public addresses only), each compared
 * with the draft. A page over the bar holds the post with its address and the passage.
 */
export async function webCopyReasons(research: Research, html: string): Promise<ReviewReason[]> {
  const search = research.search;
  if (!search) return [];
  const gate = plagiarismGate;
  const urls: string[] = [];
  try {
    for (const phrase of searchPhrases(html)) {
      const results = await search.search(phrase, { limit: gate.resultsPerQuery });
      for (const result of results.slice(0, gate.resultsPerQuery))
        if (!urls.includes(result.url) && urls.length < gate.maxPages) urls.push(result.url);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return [
      {
        id: "web-copy-check",
        label: "Web check not run",
        reason: `The web search for copied text failed (${message}), so the post was not checked against the web.`,
      },
    ];
  }
  const draft = htmlToText(html);
  const pages = await Promise.all(urls.map((url) => research.fetchPage(url)));
  let worst: { url: string; copiedShare: number; passage: string | null } | null = null;
  for (const page of pages) {
    if (!page.ok) continue;
    const overlap = overlapOf(draft, page.text);
    const over =
      overlap.copiedShare >= gate.maxCopiedShare || overlap.passageWords >= gate.maxPassageWords;
    if (over && (!worst || overlap.copiedShare > worst.copiedShare))
      worst = { url: page.finalUrl || page.url, ...overlap };
  }
  if (!worst) return [];
  return [
    {
      id: "web-copy",
      label: "Copied from the web",
      reason:
        `${Math.round(worst.copiedShare * 100)}% of it is word for word on ${worst.url}` +
        (worst.passage ? `, such as ${clipPassage(worst.passage)}` : "") +
        ".",
    },
  ];
}
