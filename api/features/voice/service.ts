import { and, eq, inArray } from "drizzle-orm";
import { htmlToText } from "../../../contracts/content-text.ts";
import { mediaPath } from "../../../contracts/media-paths.ts";
import type { BlogVoice, BlogVoiceInput } from "../../../contracts/voice.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogMembers, blogVoices, media, posts } from "../../db/schema.ts";
import { ValidationFailed } from "../../http/errors.ts";
import { findOwnedBlog } from "../blogs/service.ts";
import { fallbackOf } from "../media/presenter.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { withOutbox } from "../publishing/outbox.ts";
import { presentVoice, type VoiceRow } from "./presenter.ts";

export type VoiceDeps = { db: Database; contentEvents: ContentEvents };

/** Characters of an example post's text handed to the writer (about 250 words). */
export const exampleChars = 1_500;

/**
 * The blog's voice as the AI writer's pipeline reads it (decision 333): the persona only when
 * it has a name, the style guide, the example posts still published (their plain text, cut at
 * a word), and the owner's first-hand material. `photoUrl` is the photo's `/media/…` address
 * (on the app's host and the blog's). Everything is the owner's text: the pipeline fences it as
 * data in its prompts.
 */
export type WriterVoice = {
  persona: {
    name: string;
    bio: string | null;
    credentials: string | null;
    links: string[];
    photoUrl: string | null;
  } | null;
  tone: string | null;
  readingLevel: string | null;
  wordsToUse: string[];
  wordsToAvoid: string[];
  examples: { title: string; text: string }[];
  material: { urls: string[]; notes: string[] };
};

const voiceOf = (db: Queryable, blogId: string) =>
  first(db.select().from(blogVoices).where(eq(blogVoices.blogId, blogId)));

/** The photo's address when `mediaId` is an image of the blog, else undefined. */
async function photoUrlOf(
  db: Queryable,
  blogId: string,
  mediaId: string | null,
): Promise<string | undefined> {
  if (!mediaId) return undefined;
  const row = await first(
    db
      .select({ variants: media.variants })
      .from(media)
      .where(and(eq(media.id, mediaId), eq(media.blogId, blogId))),
  );
  return row ? mediaPath(fallbackOf(row.variants).file) : undefined;
}

/**
 * The published posts of the blog among `ids`, in the order of `ids` (others left out). Read
 * by primary key and filtered here, like the snapshot's reads (decision 213); three at most.
 */
async function publishedPostsAmong(db: Queryable, blogId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      content: posts.content,
      blogId: posts.blogId,
      status: posts.status,
    })
    .from(posts)
    .where(inArray(posts.id, [...new Set(ids)]));
  const byId = new Map(
    rows
      .filter((row) => row.blogId === blogId && row.status === "published")
      .map((row) => [row.id, row]),
  );
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id: row.id, title: row.title, content: row.content }] : [];
  });
}

/** `GET /api/blogs/:blogId/voice`: the owner's blog's voice, empty before one is saved. */
export async function getBlogVoice(
  db: Database,
  ownerId: string,
  blogId: string,
): Promise<BlogVoice> {
  await findOwnedBlog(db, ownerId, blogId);
  return readVoice(db, blogId);
}

async function readVoice(db: Queryable, blogId: string): Promise<BlogVoice> {
  const row = await voiceOf(db, blogId);
  const [photoUrl, examples] = await Promise.all([
    photoUrlOf(db, blogId, row?.personaPhotoId ?? null),
    publishedPostsAmong(db, blogId, row?.examplePostIds ?? []),
  ]);
  return presentVoice(row, photoUrl ?? null, examples);
}

/** What readers see of a voice: the persona, when it has a name (byline, author page, JSON-LD). */
const shownPersona = (voice: VoiceRow | undefined) =>
  voice?.personaName
    ? JSON.stringify([
        voice.personaName,
        voice.personaBio,
        voice.personaCredentials,
        voice.personaLinks,
        voice.personaPhotoId,
        voice.personaResponsibleUserId,
      ])
    : null;

/**
 * Whether `userId` may answer for the blog's persona (decision 368): its owner or one of its
 * editors.
 */
async function mayAnswerForPersona(
  db: Queryable,
  blog: { id: string; ownerId: string },
  userId: string,
): Promise<boolean> {
  if (userId === blog.ownerId) return true;
  const row = await first(
    db
      .select({ role: blogMembers.role })
      .from(blogMembers)
      .where(and(eq(blogMembers.blogId, blog.id), eq(blogMembers.userId, userId))),
  );
  return row?.role === "editor";
}

/**
 * `PUT /api/blogs/:blogId/voice`: saves the whole voice. The photo must be an image of the
 * blog's library and each example a published post of the blog; otherwise 400 naming each
 * one, and nothing is saved. A change readers see (the persona is the byline, the author page
 * and the posts' JSON-LD) records a full render in the same transaction; the style guide,
 * examples and material are the writer's alone and render nothing.
 */
export async function saveBlogVoice(
  deps: VoiceDeps,
  ownerId: string,
  blogId: string,
  input: BlogVoiceInput,
): Promise<BlogVoice> {
  const blog = await findOwnedBlog(deps.db, ownerId, blogId);
  const examplePostIds = [...new Set(input.examplePostIds)];
  return withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
    const [photoUrl, examples, responsibleAllowed] = await Promise.all([
      photoUrlOf(tx, blogId, input.personaPhotoId),
      publishedPostsAmong(tx, blogId, examplePostIds),
      input.personaResponsibleUserId
        ? mayAnswerForPersona(tx, blog, input.personaResponsibleUserId)
        : true,
    ]);
    const issues: { path: string; message: string }[] = [];
    if (input.personaPhotoId && photoUrl === undefined) {
      issues.push({
        path: "personaPhotoId",
        message:
          "Author photo is not an image of this blog's media library. Choose one from the library or upload it there.",
      });
    }
    if (!responsibleAllowed) {
      issues.push({
        path: "personaResponsibleUserId",
        message:
          "The person who answers for the persona must be the blog's owner or one of its editors. Choose one of them.",
      });
    }
    const published = new Set(examples.map((post) => post.id));
    examplePostIds.forEach((id, index) => {
      if (published.has(id)) return;
      issues.push({
        path: `examplePostIds.${index}`,
        message: `Example post ${id} is not a published post of this blog. Choose a published post.`,
      });
    });
    if (issues.length > 0) throw ValidationFailed(issues);

    const values = {
      personaName: input.personaName ?? null,
      personaBio: input.personaBio ?? null,
      personaCredentials: input.personaCredentials ?? null,
      personaLinks: input.personaLinks,
      personaPhotoId: input.personaPhotoId,
      personaResponsibleUserId: input.personaResponsibleUserId,
      tone: input.tone ?? null,
      readingLevel: input.readingLevel ?? null,
      wordsToUse: input.wordsToUse,
      wordsToAvoid: input.wordsToAvoid,
      examplePostIds,
      sourceUrls: input.sourceUrls,
      sourceNotes: input.sourceNotes,
    };
    const before = await voiceOf(tx, blogId);
    const [row] = await tx
      .insert(blogVoices)
      .values({ blogId, ...values })
      .onConflictDoUpdate({ target: blogVoices.blogId, set: { ...values, updatedAt: new Date() } })
      .returning();
    if (!row) throw new Error("upsert returned no row");
    if (shownPersona(before) !== shownPersona(row)) await record(blogId, { full: true });
    return presentVoice(row, photoUrl ?? null, examples);
  });
}

/** `text` cut to at most `max` characters at a word, '…' marking a cut. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  // A cut through a surrogate pair would leave half a character.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  if (!/\s/.test(text[cut.length] ?? "")) {
    const space = cut.search(/\s\S*$/);
    // One very long word: cut inside it rather than drop most of the text.
    if (space > max / 2) cut = cut.slice(0, space);
  }
  return `${cut.trimEnd()}…`;
}

/** The voice of a blog that has none set (or of a generation without a blog). */
export const noVoice: WriterVoice = {
  persona: null,
  tone: null,
  readingLevel: null,
  wordsToUse: [],
  wordsToAvoid: [],
  examples: [],
  material: { urls: [], notes: [] },
};

/** The blog's voice for the writer (see `WriterVoice`); all empty before the owner sets one. */
export async function writerVoiceOf(db: Database, blogId: string): Promise<WriterVoice> {
  const row = await voiceOf(db, blogId);
  const [photoUrl, examples] = await Promise.all([
    row?.personaName ? photoUrlOf(db, blogId, row.personaPhotoId) : undefined,
    publishedPostsAmong(db, blogId, row?.examplePostIds ?? []),
  ]);
  return {
    persona: row?.personaName
      ? {
          name: row.personaName,
          bio: row.personaBio,
          credentials: row.personaCredentials,
          links: row.personaLinks,
          photoUrl: photoUrl ?? null,
        }
      : null,
    tone: row?.tone ?? null,
    readingLevel: row?.readingLevel ?? null,
    wordsToUse: row?.wordsToUse ?? [],
    wordsToAvoid: row?.wordsToAvoid ?? [],
    examples: examples.map((post) => ({
      title: post.title,
      text: cutAtWord(htmlToText(post.content), exampleChars),
    })),
    material: { urls: row?.sourceUrls ?? [], notes: row?.sourceNotes ?? [] },
  };
}
