import { and, eq, inArray } from "drizzle-orm";
import {
  type InternalLinkSuggestion,
  type InternalLinkSuggestions,
  maxInternalLinks,
} from "../../../contracts/internal-links.ts";
import { paths, relativeHref } from "../../../site-builder/theme/lib/urls.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogs, postSlugHistory, posts } from "../../db/schema.ts";
import { NotFound } from "../../http/errors.ts";
import type { Logger } from "../../logger.ts";
import type { BlogRow } from "../blogs/service.ts";
import { blogFor } from "../members/access.ts";
import { postFor } from "../posts/post-access.ts";
import { type CandidatePost, searchPublishedTitles } from "./candidates.ts";
import { cosine, type Embeddings } from "./embeddings.ts";
import {
  type Anchor,
  bestAnchor,
  draftSearchTerms,
  lexicalScore,
  minLexicalScore,
  type SectionWords,
  searchTermsOf,
  sectionWordsOf,
  targetWordsOf,
} from "./match.ts";
import { type DraftLink, readDraft, type Section, sectionText } from "./sections.ts";
import { stopwordsOf, tokensOf } from "./words.ts";

export type InternalLinkDeps = {
  db: Database;
  /** Ranks the candidates when the AI endpoint offers embeddings; absent: full-text only. */
  embeddings?: Embeddings | undefined;
  /** The platform's blog domain (`BLOG_DOMAIN`): links to `{subdomain}.{domain}` are the blog's. */
  blogDomain: string;
  logger?: Logger;
};

export type SuggestInput = {
  html: string;
  /** The post being written, when saved: never a target. */
  postId?: string | undefined;
  signal?: AbortSignal;
};

/**
 * Posts the index is asked for, per section of the draft: the anchors and the limits then pick
 * among them.
 */
const candidatesPerSection = 20;
/** Text of a section sent to the embeddings model: the opening says what it is about. */
const sectionChars = 4000;

/**
 * Internal link suggestions for a draft of `blogId` (the AI writer calls this with the blog it
 * writes for; the owner's route checks ownership first, `suggestInternalLinksForOwner`).
 */
export async function suggestInternalLinks(
  deps: InternalLinkDeps,
  blogId: string,
  input: SuggestInput,
): Promise<InternalLinkSuggestions> {
  const blog = await first(deps.db.select().from(blogs).where(eq(blogs.id, blogId)));
  if (!blog) throw NotFound("Blog");
  return suggestForBlog(deps, blog, input);
}

/**
 * The route's entry: a blog the person writes for (404 otherwise; the suggestions are its
 * published posts) and, when named, a post of that blog they can read (decision 367).
 */
export async function suggestInternalLinksForOwner(
  deps: InternalLinkDeps,
  userId: string,
  blogId: string,
  input: SuggestInput,
): Promise<InternalLinkSuggestions> {
  const { blog } = await blogFor(deps.db, userId, blogId, "posts.write");
  if (input.postId) {
    const { post } = await postFor(deps.db, userId, input.postId, "read");
    if (post.blogId !== blog.id) throw NotFound("Post");
  }
  return suggestForBlog(deps, blog, input);
}

type Pair = {
  section: Section;
  candidate: CandidatePost;
  anchor: Anchor;
  lexical: number;
  score: number;
};

/**
 * The suggestions: the blog's published posts whose titles share the sections' words (the
 * full-text index), for each section those with an anchor in its own text; re-ranked by
 * embeddings when the endpoint has them; then the best first, at most one per section and one
 * per target, within the post's link budget (`maxInternalLinks`, less the links it has).
 */
async function suggestForBlog(
  deps: InternalLinkDeps,
  blog: BlogRow,
  input: SuggestInput,
): Promise<InternalLinkSuggestions> {
  const draft = readDraft(input.html);
  const texts = draft.sections.map(sectionText);
  const words = texts.flatMap((text) => tokensOf(text).map((t) => t.word));
  const maxLinks = maxInternalLinks(words.length);
  const linked = await linkedPosts(deps.db, blog, draft.links, deps.blogDomain);
  const answer = (suggestions: InternalLinkSuggestion[], rankedBy: "embeddings" | "full-text") => ({
    suggestions,
    maxLinks,
    existingLinks: linked.postIds.size,
    rankedBy,
  });
  const budget = maxLinks - linked.postIds.size;
  if (budget <= 0 || words.length === 0) return answer([], "full-text");

  const stopwords = await stopwordsOf(words);
  const exclude = [...linked.postIds, ...(input.postId ? [input.postId] : [])];
  const open = draft.sections.filter(
    (section) => section.texts.length > 0 && !linked.sections.has(section.index),
  );
  // One search for the whole draft (every section's words), not one per section: each search
  // reads the index's lists of every word it names, and sections share most of theirs.
  const candidates = await searchPublishedTitles(deps.db, {
    blogId: blog.id,
    terms: draftSearchTerms(open.map((section) => searchTermsOf(section, stopwords))),
    exclude,
    limit: candidatesPerSection * open.length,
  });
  const targets = candidates.map((candidate) => ({
    candidate,
    words: targetWordsOf(candidate.title, candidate.keywords, stopwords),
  }));
  const pairs: Pair[] = [];
  for (const section of open) {
    const sectionWords: SectionWords = sectionWordsOf(
      section,
      texts[section.index] ?? "",
      stopwords,
    );
    for (const { candidate, words: target } of targets) {
      const anchor = bestAnchor(sectionWords, target, stopwords);
      if (!anchor) continue;
      const lexical = lexicalScore(sectionWords, target, anchor);
      if (lexical < minLexicalScore) continue;
      pairs.push({ section, candidate, anchor, lexical, score: lexical });
    }
  }
  const rankedBy = await rankByEmbeddings(deps, pairs, texts, input.signal);

  // The best pairs first; each section and each target used once, within the budget.
  pairs.sort(
    (a, b) =>
      b.score - a.score ||
      b.lexical - a.lexical ||
      a.section.index - b.section.index ||
      a.candidate.id.localeCompare(b.candidate.id),
  );
  const usedSections = new Set<number>();
  const usedTargets = new Set<string>();
  const chosen: Pair[] = [];
  for (const pair of pairs) {
    if (chosen.length >= budget) break;
    if (usedSections.has(pair.section.index) || usedTargets.has(pair.candidate.id)) continue;
    usedSections.add(pair.section.index);
    usedTargets.add(pair.candidate.id);
    chosen.push(pair);
  }
  chosen.sort((a, b) => a.section.index - b.section.index);
  return answer(
    chosen.map((pair) => {
      const path = paths.post(pair.candidate.slug);
      return {
        sectionIndex: pair.section.index,
        sectionHeading: pair.section.heading,
        anchorText: pair.anchor.text,
        target: {
          postId: pair.candidate.id,
          title: pair.candidate.title,
          path,
          // Written into a post's body, read on its page (`/post/{slug}`, or under `/blog/{slug}`).
          href: relativeHref(paths.post("-"), path),
        },
        score: Math.round(Math.max(0, pair.score) * 1000) / 1000,
      };
    }),
    rankedBy,
  );
}

/**
 * Scores each pair by the cosine similarity of its section's text and its target's title and
 * summary, all embedded in one request (each text once). Any failure leaves the word scores:
 * suggestions never wait on, or fail with, the embeddings endpoint.
 */
async function rankByEmbeddings(
  deps: InternalLinkDeps,
  pairs: Pair[],
  texts: string[],
  signal: AbortSignal | undefined,
): Promise<"embeddings" | "full-text"> {
  const { embeddings } = deps;
  if (!embeddings || pairs.length === 0) return "full-text";
  const sectionIndexes = [...new Set(pairs.map((p) => p.section.index))];
  const candidates = [...new Map(pairs.map((p) => [p.candidate.id, p.candidate])).values()];
  const inputs = [
    ...sectionIndexes.map((i) => (texts[i] ?? "").slice(0, sectionChars)),
    ...candidates.map((c) => (c.summary ? `${c.title}\n${c.summary}` : c.title)),
  ];
  let vectors: number[][];
  try {
    vectors = await embeddings.embed(inputs, signal);
  } catch (error) {
    deps.logger?.warn({ err: error }, "embeddings failed: internal links ranked by full-text");
    return "full-text";
  }
  const sectionVector = new Map(sectionIndexes.map((i, k) => [i, vectors[k] as number[]]));
  const candidateVector = new Map(
    candidates.map((c, k) => [c.id, vectors[sectionIndexes.length + k] as number[]]),
  );
  for (const pair of pairs) {
    pair.score = cosine(
      sectionVector.get(pair.section.index) ?? [],
      candidateVector.get(pair.candidate.id) ?? [],
    );
  }
  return "embeddings";
}

/** A base for reading a post body's relative links: the page the body is shown on. */
const postPage = "https://blog.invalid/post/-";
const postPath = /^(?:\/blog\/[^/]+)?\/post\/([^/]+)\/?$/;

/**
 * The slug a link of the draft points at when it is a link to one of this blog's posts: a
 * relative link (as suggestions write them), one to the blog's subdomain or custom domain, or
 * to its address on the app (`/blog/{slug}/post/…`).
 */
export function linkedSlug(href: string, blog: BlogRow, blogDomain: string): string | null {
  let url: URL;
  try {
    url = new URL(href, postPage);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const match = postPath.exec(url.pathname);
  if (!match) return null;
  const onApp = url.pathname.startsWith("/blog/");
  if (onApp && !url.pathname.startsWith(`/blog/${blog.slug}/`)) return null;
  const host = url.hostname.toLowerCase();
  const ours =
    url.origin === new URL(postPage).origin ||
    onApp ||
    (blog.subdomain !== null && host === `${blog.subdomain}.${blogDomain}`.toLowerCase()) ||
    (blog.customDomain !== null && host === blog.customDomain.toLowerCase());
  if (!ours) return null;
  try {
    return decodeURIComponent(match[1] as string);
  } catch {
    return null;
  }
}

/**
 * The blog's posts the draft links to already (by their slug or a former one) and the
 * sections those links stand in: each counts against the post's budget and fills its section.
 */
async function linkedPosts(
  db: Queryable,
  blog: BlogRow,
  links: DraftLink[],
  blogDomain: string,
): Promise<{ postIds: Set<string>; sections: Set<number> }> {
  const bySlug = new Map<string, number[]>();
  for (const link of links) {
    const slug = linkedSlug(link.href, blog, blogDomain);
    if (slug) bySlug.set(slug, [...(bySlug.get(slug) ?? []), link.sectionIndex]);
  }
  const postIds = new Set<string>();
  const sections = new Set<number>();
  if (bySlug.size === 0) return { postIds, sections };
  const slugs = [...bySlug.keys()];
  const [current, former] = await Promise.all([
    db
      .select({ id: posts.id, slug: posts.slug })
      .from(posts)
      .where(and(eq(posts.blogId, blog.id), inArray(posts.slug, slugs))),
    db
      .select({ id: postSlugHistory.postId, slug: postSlugHistory.slug })
      .from(postSlugHistory)
      .where(and(eq(postSlugHistory.blogId, blog.id), inArray(postSlugHistory.slug, slugs))),
  ]);
  for (const row of [...current, ...former]) {
    postIds.add(row.id);
    for (const index of bySlug.get(row.slug) ?? []) sections.add(index);
  }
  return { postIds, sections };
}
