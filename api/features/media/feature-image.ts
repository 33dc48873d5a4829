import { and, eq, isNotNull, ne } from "drizzle-orm";
import { clipAtWord, wordsOf } from "../../../contracts/content-text.ts";
import { mediaLimits } from "../../../contracts/media.ts";
import { slugify } from "../../../contracts/slug.ts";
import type { AiCaller, AiGate } from "../../ai/gate.ts";
import { untrusted, untrustedRule } from "../../ai/untrusted.ts";
import { media, posts } from "../../db/schema.ts";
import { HttpError } from "../../http/errors.ts";
import { findOwnedBlog } from "../blogs/service.ts";
import { isContentWord, sameWord, stopwordsOf } from "../internal-links/words.ts";
import { presentMedia, thumbnailOf } from "./presenter.ts";
import {
  checkQuota,
  type MediaDeps,
  type MediaRow,
  mediaKey,
  updateMediaAlt,
  uploadMedia,
} from "./service.ts";
import { formatOf } from "./sniff.ts";

/**
 * A feature image for an AI-written post (issue 31, item 5; decision 335): one of the blog's
 * library whose alt text matches the post, else one the image model makes, stored through the
 * media pipeline with alt text and marked as AI made in every file.
 */

/** What `featureImageFor` needs: the media feature's own deps and the AI gate. */
export type FeatureImageDeps = MediaDeps & { ai: AiGate };

/** The post a feature image is wanted for. */
export type FeatureImageInput = {
  ownerId: string;
  blogId: string;
  /** The post the image is for, when it is saved (AI usage is recorded against it). */
  postId: string | null;
  title: string;
  keywords: string[];
  /** A sentence or two on what the post says (the meta description does). */
  summary: string;
  signal?: AbortSignal;
};

/** The image chosen or made; `url` is the media feature's `src` (`/media/{file}`). */
export type FeatureImage = {
  mediaId: string;
  url: string;
  alt: string;
  source: "library" | "generated";
};

/**
 * The library rule: an image matches when its alt text shares at least this many distinct
 * content words with the post's title and keywords…
 */
export const minSharedWords = 2;
/** …and at least this share of the post's content words (a long title needs more in common). */
export const minSharedShare = 1 / 3;

/**
 * Forms of one word: as internal links compare them (`sameWord`: "compost"/"composting"), and
 * a short word with its plural "s" ("pot"/"pots", "bin"/"bins"), which `sameWord` leaves apart.
 */
const sameForm = (a: string, b: string) => sameWord(a, b) || `${a}s` === b || `${b}s` === a;

/** The content words of a text, one of each (forms of one word count once). */
function contentWords(text: string, stopwords: ReadonlySet<string>): string[] {
  const distinct: string[] = [];
  for (const word of wordsOf(text)) {
    if (isContentWord(word, stopwords) && !distinct.some((seen) => sameForm(seen, word)))
      distinct.push(word);
  }
  return distinct;
}

export type LibraryCandidate = Pick<MediaRow, "id" | "alt" | "createdAt">;

/**
 * The best image of `images` for a post, by its alt text (decision 335): the content words of
 * the post's title and keywords (stop words of their language, words under three letters and
 * numbers left out; "compost"/"composting" and "pot"/"pots" one word) found in the alt text. A match shares at
 * least `minSharedWords` and at least `minSharedShare` of the post's words; the most shared wins,
 * then the image whose alt text is most about them (shared / its words), then one that is no
 * other post's feature image (`used`), then the newest. Undefined when none matches.
 */
export function bestLibraryMatch<T extends LibraryCandidate>(
  post: { title: string; keywords: string[] },
  images: readonly T[],
  stopwords: ReadonlySet<string>,
  used: ReadonlySet<string> = new Set(),
): T | undefined {
  const postWords = contentWords([post.title, ...post.keywords].join(" \n "), stopwords);
  const needed = Math.max(minSharedWords, Math.ceil(postWords.length * minSharedShare));
  type Scored = { image: T; shared: number; focus: number; unused: number; time: number };
  /** Positive when `a` is the better match. */
  const compare = (a: Scored, b: Scored) =>
    a.shared - b.shared || a.focus - b.focus || a.unused - b.unused || a.time - b.time;
  let best: Scored | undefined;
  for (const image of images) {
    const altWords = contentWords(image.alt, stopwords);
    if (altWords.length === 0) continue;
    const shared = postWords.filter((word) => altWords.some((alt) => sameForm(alt, word))).length;
    if (shared < needed) continue;
    const scored = {
      image,
      shared,
      focus: shared / altWords.length,
      unused: used.has(image.id) ? 0 : 1,
      time: image.createdAt.getTime(),
    };
    if (!best || compare(scored, best) > 0) best = scored;
  }
  return best?.image;
}

/**
 * What the image model is asked for: an editorial photograph of the post's subject with no
 * text in it. The title and summary are the owner's (or a model's) words: fenced, with the rule
 * for fenced data, as every prompt with outside text (decision 332).
 */
export function featureImagePrompt(post: { title: string; summary: string }): string {
  const summary = clipAtWord(post.summary, 600);
  return [
    "An editorial photograph to head a blog post about the subject in the fenced data below: " +
      "a realistic, natural-looking scene with one clear subject, soft natural light and a calm " +
      "background, composed to be cropped to a wide banner.",
    "The picture must contain no text of any kind: no letters, words, numbers, captions, " +
      "signs, labels, logos, watermarks or signatures.",
    untrusted("post title", clipAtWord(post.title, 200)),
    summary ? untrusted("post summary", summary) : "",
    untrustedRule,
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** The alt text a made image gets without a vision model: what was asked, plainly. */
export const plainGeneratedAlt = (title: string) =>
  clipAtWord(`AI-generated picture illustrating “${clipAtWord(title, 200)}”`, mediaLimits.alt);

const extensionOf = { png: "png", jpeg: "jpg", webp: "webp" } as const;

/**
 * A feature image for a post: from the blog's library when an image's alt text matches the
 * post (`bestLibraryMatch`), otherwise, when an image model is configured, one made for it and
 * stored in the library with alt text and the AI mark; otherwise null.
 *
 * Never throws for "no image": no match and no image model answer null. The gate's refusals
 * (`isAiRefusal`: allowance, ceiling, rate) and model failures (`AiFailed`, 502) propagate, as
 * do the library's own limits (413 `media_quota_exceeded`, checked before the model is asked,
 * and 409 `media_limit`) and 404 for a blog that is not the owner's. With a vision model, the
 * made image's alt text is written by it from the picture; if that call fails the plain
 * sentence stays (the image is made and paid for by then).
 */
export async function featureImageFor(
  deps: FeatureImageDeps,
  input: FeatureImageInput,
): Promise<FeatureImage | null> {
  const { db, ai } = deps;
  const { ownerId, blogId, signal } = input;
  await findOwnedBlog(db, ownerId, blogId);

  const library = await db
    .select({ id: media.id, alt: media.alt, createdAt: media.createdAt })
    .from(media)
    .where(and(eq(media.blogId, blogId), ne(media.alt, "")));
  if (library.length > 0) {
    const stopwords = await stopwordsOf(
      wordsOf([input.title, ...input.keywords, input.summary].join(" ")),
    );
    const featured = await db
      .select({ id: posts.id, featureImageId: posts.featureImageId })
      .from(posts)
      .where(and(eq(posts.blogId, blogId), isNotNull(posts.featureImageId)));
    const used = new Set(
      featured.flatMap((post) =>
        post.id !== input.postId && post.featureImageId ? [post.featureImageId] : [],
      ),
    );
    const match = bestLibraryMatch(input, library, stopwords, used);
    if (match) {
      const [row] = await db.select().from(media).where(eq(media.id, match.id));
      if (row)
        return { mediaId: row.id, url: presentMedia(row).src, alt: row.alt, source: "library" };
    }
  }

  if (!ai.imageConfigured) return null;
  // A full library refuses the image: before the model is paid for it.
  await checkQuota(db, blogId, 0);
  signal?.throwIfAborted();
  const caller: AiCaller = { ownerId, blogId, postId: input.postId, feature: "feature-image" };
  const made = await ai.generateImage(caller, { prompt: featureImagePrompt(input) }, signal);
  if (!made) return null;
  const format = await formatOf(made.image);
  if (format !== "png" && format !== "jpeg" && format !== "webp")
    // As the provider's AiFailed (only the gate may import the provider's values).
    throw new HttpError(
      502,
      "ai_failed",
      "The image model's answer was not a PNG, JPEG or WebP image. Try again.",
    );
  const name = `${slugify(input.title).slice(0, 80) || "feature"}-ai-generated.${extensionOf[format]}`;
  const plain = plainGeneratedAlt(input.title);
  const { item, created } = await uploadMedia(deps, ownerId, blogId, {
    bytes: made.image,
    fileName: name,
    alt: plain,
    aiMade: true,
  });
  let alt = item.alt;
  if (created && ai.visionConfigured) {
    alt = (await describeMadeImage(deps, caller, item, input)) ?? alt;
  } else if (!alt.trim()) {
    alt = plain;
  }
  if (alt !== item.alt) await updateMediaAlt(deps, ownerId, blogId, item.id, alt);
  return { mediaId: item.id, url: presentMedia(item).src, alt, source: "generated" };
}

/** The vision model's alt text for a made image, or undefined when it cannot give one. */
async function describeMadeImage(
  deps: FeatureImageDeps,
  caller: AiCaller,
  item: MediaRow,
  input: FeatureImageInput,
): Promise<string | undefined> {
  const small = thumbnailOf(item.variants);
  const bytes = await deps.storage.get(mediaKey(item.blogId, small.file));
  if (!bytes) return undefined;
  try {
    const described = await deps.ai.describeImage(
      caller,
      {
        image: `data:image/${small.format};base64,${bytes.toString("base64")}`,
        fileName: item.fileName,
        context: clipAtWord(input.title, 200),
      },
      input.signal,
    );
    return described?.alt.slice(0, mediaLimits.alt);
  } catch (error) {
    // The image is made and stored by now: a refused or failed description leaves the plain
    // sentence rather than losing the image. A cancel, or anything else, still ends the call.
    if (error instanceof HttpError && !input.signal?.aborted) return undefined;
    throw error;
  }
}
