import { and, eq, inArray } from "drizzle-orm";
import { outOfTopicsReason } from "../../../contracts/automation.ts";
import { foldCase } from "../../../contracts/content-text.ts";
import type { Queryable } from "../../db/client.ts";
import { aiGenerations, automationTopics, posts } from "../../db/schema.ts";
import { HttpError } from "../../http/errors.ts";
import type { Embeddings } from "../internal-links/embeddings.ts";
import { cosine } from "../internal-links/embeddings.ts";
import { isContentWord, sameWord, stopwordsOf, tokensOf } from "../internal-links/words.ts";

/** What automation says when every topic has been written (decision 341). */
export const outOfTopics = outOfTopicsReason;

/** "The same topic": folded, punctuation dropped, words joined by one space. */
export const normalizeTopic = (topic: string): string =>
  tokensOf(topic)
    .map((t) => t.word)
    .join(" ");

/**
 * The ledger brought up to date with the writer: a queued topic whose post was saved is used
 * (with its post); one whose generation failed, was cancelled or is gone is given back.
 */
export async function settleTopicLedger(db: Queryable, blogId: string): Promise<void> {
  const queued = await db
    .select({
      id: automationTopics.id,
      generationId: automationTopics.generationId,
      status: aiGenerations.status,
      finishedAt: aiGenerations.finishedAt,
      postId: posts.id,
    })
    .from(automationTopics)
    .leftJoin(aiGenerations, eq(aiGenerations.id, automationTopics.generationId))
    .leftJoin(posts, eq(posts.id, automationTopics.generationId))
    .where(and(eq(automationTopics.blogId, blogId), eq(automationTopics.status, "queued")));
  const givenBack = queued.filter(
    (row) => !row.status || row.status === "failed" || row.status === "cancelled",
  );
  if (givenBack.length > 0)
    await db.delete(automationTopics).where(
      inArray(
        automationTopics.id,
        givenBack.map((row) => row.id),
      ),
    );
  for (const row of queued)
    if (row.status === "succeeded" && row.postId)
      await db
        .update(automationTopics)
        .set({ status: "used", postId: row.postId, usedAt: row.finishedAt ?? new Date() })
        .where(eq(automationTopics.id, row.id));
}

/** The normalized topics of the blog that are queued or used: never sent again. */
export async function claimedTopics(db: Queryable, blogId: string): Promise<Set<string>> {
  const rows = await db
    .select({ normalized: automationTopics.normalizedTopic })
    .from(automationTopics)
    .where(eq(automationTopics.blogId, blogId));
  return new Set(rows.map((r) => r.normalized));
}

/** The first topic, in the owner's order, that the ledger has not claimed; none: out of topics. */
export function pickTopic(topics: readonly string[], claimed: ReadonlySet<string>) {
  return topics.find((topic) => !claimed.has(normalizeTopic(topic)));
}

/**
 * How close two titles must be to count as one topic (decision 341). Either the word rule: at
 * least 60 % of the shorter side's content words (stop words dropped; two words are one when
 * internal links join them as forms of a word, or, from four letters, their trigram similarity
 * is 0.5 or more: "tomatos"/"tomatoes") are in the other, and at least two (or all, for a
 * one-word side);
 * or the trigram rule: pg_trgm's similarity of the folded texts is 0.6 or more (spelling
 * variants); or, with embeddings configured, a cosine of 0.88 or more.
 */
export const closeness = { wordShare: 0.6, wordTrigram: 0.5, trigram: 0.6, cosine: 0.88 } as const;

/** pg_trgm's trigrams: each word padded with two spaces before and one after. */
function trigramsOf(text: string): Set<string> {
  const grams = new Set<string>();
  for (const { word } of tokensOf(text)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  }
  return grams;
}

/** pg_trgm's `similarity`: shared trigrams over all trigrams of the two texts. */
export function trigramSimilarity(a: string, b: string): number {
  const ga = trigramsOf(a);
  const gb = trigramsOf(b);
  if (ga.size === 0 || gb.size === 0) return 0;
  let shared = 0;
  for (const g of ga) if (gb.has(g)) shared++;
  return shared / (ga.size + gb.size - shared);
}

const oneWord = (a: string, b: string) =>
  sameWord(a, b) ||
  (a.length >= 4 && b.length >= 4 && trigramSimilarity(a, b) >= closeness.wordTrigram);

function wordsClose(a: string[], b: string[]): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length === 0) return false;
  const matched = short.filter((w) => long.some((o) => oneWord(w, o))).length;
  return matched >= Math.min(2, short.length) && matched / short.length >= closeness.wordShare;
}

/** A title a topic would repeat: an existing post's, or a topic the ledger holds. */
type Title = { title: string; text: string; words: string[] };

async function titlesOf(db: Queryable, blogId: string): Promise<Title[]> {
  const [postTitles, ledger] = await Promise.all([
    db.select({ title: posts.title }).from(posts).where(eq(posts.blogId, blogId)),
    db
      .select({ topic: automationTopics.topic, postTitle: posts.title })
      .from(automationTopics)
      .leftJoin(posts, eq(posts.id, automationTopics.postId))
      .where(eq(automationTopics.blogId, blogId)),
  ]);
  const stop = await stopwordsOf([]);
  const words = (text: string) =>
    tokensOf(text)
      .map((t) => t.word)
      .filter((w) => isContentWord(w, stop));
  return [
    ...postTitles.map((p) => ({ title: p.title, text: p.title, words: words(p.title) })),
    // A used topic is compared as the owner wrote it, and named by the title of its post.
    ...ledger.map((l) => ({ title: l.postTitle ?? l.topic, text: l.topic, words: words(l.topic) })),
  ].filter((t) => t.text.trim() !== "");
}

/**
 * For each topic, the existing title (or used topic) it is too close to; undefined when it is
 * new enough. Embeddings, when given and answering, add the meaning rule; a failing endpoint
 * leaves the word and trigram rules.
 */
export async function collisionsOf(
  db: Queryable,
  blogId: string,
  topics: readonly string[],
  embeddings?: Embeddings,
): Promise<(string | undefined)[]> {
  if (topics.length === 0) return [];
  const titles = await titlesOf(db, blogId);
  const stop = await stopwordsOf([]);
  const found: (string | undefined)[] = topics.map((topic) => {
    const words = tokensOf(topic)
      .map((t) => t.word)
      .filter((w) => isContentWord(w, stop));
    const folded = foldCase(topic);
    return titles.find(
      (t) =>
        normalizeTopic(t.text) === normalizeTopic(topic) ||
        wordsClose(words, t.words) ||
        trigramSimilarity(folded, t.text) >= closeness.trigram,
    )?.title;
  });
  const open = topics.flatMap((topic, i) => (found[i] ? [] : [{ topic, i }]));
  if (embeddings && open.length > 0 && titles.length > 0) {
    try {
      const vectors = await embeddings.embed([
        ...open.map((o) => o.topic),
        ...titles.map((t) => t.text),
      ]);
      open.forEach((o, k) => {
        const mine = vectors[k] as number[];
        const near = titles.find(
          (_, j) => cosine(mine, vectors[open.length + j] as number[]) >= closeness.cosine,
        );
        if (near) found[o.i] = near.title;
      });
    } catch {
      // Without an answer the word and trigram rules still hold.
    }
  }
  return found;
}

/** 400 naming, for each new topic too close to an existing title, the title it collides with. */
export async function refuseCloseTopics(
  db: Queryable,
  blogId: string,
  newTopics: { topic: string; index: number }[],
  embeddings?: Embeddings,
): Promise<void> {
  const collisions = await collisionsOf(
    db,
    blogId,
    newTopics.map((t) => t.topic),
    embeddings,
  );
  const issues = newTopics.flatMap((t, k) =>
    collisions[k]
      ? [
          {
            path: `topics.${t.index}`,
            message: `"${t.topic}" is too close to "${collisions[k]}", already on this blog. Choose a different topic.`,
          },
        ]
      : [],
  );
  if (issues.length)
    throw new HttpError(
      400,
      "topic_too_close",
      issues.map((i) => `${i.path}: ${i.message}`).join("; "),
      issues,
      {
        collisions: newTopics.flatMap((t, k) =>
          collisions[k] ? [{ topic: t.topic, title: collisions[k] }] : [],
        ),
      },
    );
}
