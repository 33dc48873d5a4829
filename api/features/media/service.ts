import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import PQueue from "p-queue";
import { humanBytes, type MediaUsage, mediaLimits } from "../../../contracts/media.ts";
import { can } from "../../../contracts/roles.ts";
import type { Storage } from "../../../site-builder/storage/storage.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { containsPattern, first } from "../../db/query.ts";
import { type blogs, media, posts } from "../../db/schema.ts";
import { Conflict, HttpError, NotFound, ValidationFailed } from "../../http/errors.ts";
import { type BlogAccess, blogFor, roleForbidden } from "../members/access.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { withOutbox } from "../publishing/outbox.ts";
import { type ProcessedImage, type ProcessOptions, processImage } from "./process.ts";
import { RefusedImage } from "./sniff.ts";

export type MediaRow = typeof media.$inferSelect;
export type MediaWithUsage = MediaRow & { usage: MediaUsage };

export type MediaDeps = {
  db: Database;
  storage: Storage;
  contentEvents: ContentEvents;
  /** Default: `processImage`, one image at a time per process (memory stays bounded). */
  process?: (
    bytes: Uint8Array,
    fileName: string,
    options?: ProcessOptions,
  ) => Promise<ProcessedImage>;
};

/** Storage key of a stored file: beside, never inside, the blog's rendered generations. */
export const mediaFolder = (blogId: string) => `media/${blogId}`;
export const mediaKey = (blogId: string, file: string) => `${mediaFolder(blogId)}/${file}`;

// One image is processed at a time: each decode of a large photo takes ~100 MB, and libvips
// already spreads one image over the cores.
const oneAtATime = new PQueue({ concurrency: 1 });
const defaultProcess = (bytes: Uint8Array, fileName: string, options?: ProcessOptions) =>
  oneAtATime.add(() => processImage(bytes, fileName, options));

/** The uploader whose images the person sees: undefined when they see the whole library. */
const ownUploadsOf = (access: BlogAccess, userId: string) =>
  can(access.role, "media.library") ? undefined : userId;

/**
 * An image of the blog's library, reached through its blog (decision 367): 404 when the blog
 * is not the person's, the image is missing, or it is someone else's upload and the role sees
 * only its own; `manage` (change or delete) is editors' for every image, the uploader's for
 * their own (403 otherwise).
 */
async function mediaFor(
  db: Queryable,
  userId: string,
  blogId: string,
  mediaId: string,
  action: "read" | "manage",
): Promise<{ row: MediaRow; blog: typeof blogs.$inferSelect }> {
  const access = await blogFor(db, userId, blogId, "media.upload");
  const uploader = ownUploadsOf(access, userId);
  const row = await first(
    db
      .select()
      .from(media)
      .where(and(eq(media.id, mediaId), eq(media.blogId, blogId))),
  );
  if (!row || (uploader !== undefined && row.uploadedBy !== uploader)) throw NotFound("Image");
  if (action === "manage" && !can(access.role, "media.manage") && row.uploadedBy !== userId) {
    throw roleForbidden(access);
  }
  return { row, blog: access.blog };
}

/** A refusal as the API answers it: 400, every problem listed under `file`. */
export const refusedUpload = (error: RefusedImage) =>
  ValidationFailed(error.problems.map((message) => ({ path: "file", message })));

/**
 * Stores an upload in the blog's library (docs/decisions/110): checked and re-encoded first, so
 * a refused file leaves nothing behind. The same bytes uploaded again answer the image already
 * stored (`created: false`). `aiMade`: an image a model made, marked so in every stored file
 * (decision 335).
 */
export async function uploadMedia(
  deps: MediaDeps,
  ownerId: string,
  blogId: string,
  input: { bytes: Uint8Array; fileName: string; alt?: string; aiMade?: boolean },
): Promise<{ item: MediaRow; created: boolean }> {
  const { db, storage } = deps;
  await blogFor(db, ownerId, blogId, "media.upload");
  if (input.bytes.length === 0) {
    throw ValidationFailed([{ path: "file", message: "The file is empty." }]);
  }
  if (input.bytes.length > mediaLimits.fileBytes) throw tooLarge(input.bytes.length);
  await checkQuota(db, blogId, 0);

  let processed: ProcessedImage;
  try {
    processed = await (deps.process ?? defaultProcess)(
      input.bytes,
      input.fileName,
      input.aiMade ? { aiMade: true } : undefined,
    );
  } catch (error) {
    if (error instanceof RefusedImage) throw refusedUpload(error);
    throw error;
  }
  const existing = await findByHash(db, blogId, processed.hash);
  if (existing) return { item: existing, created: false };
  const storedBytes = processed.variants.reduce((sum, v) => sum + v.bytes, 0);
  await checkQuota(db, blogId, storedBytes);

  // Files first, then the row: a row never names a missing file. Their names are the content's
  // hash, so a concurrent upload of the same image writes the very same files.
  for (const variant of processed.variants) {
    await storage.put(mediaKey(blogId, variant.file), variant.body);
  }
  try {
    const item = await db.transaction(async (tx) => {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(media)
        .where(eq(media.blogId, blogId));
      if (n >= mediaLimits.itemsPerBlog) {
        throw Conflict(
          `This blog's library holds ${mediaLimits.itemsPerBlog} images, the most it can. Delete unused images first.`,
          "media_limit",
        );
      }
      const [row] = await tx
        .insert(media)
        .values({
          blogId,
          hash: processed.hash,
          fileName: input.fileName,
          alt: input.alt ?? "",
          format: processed.format,
          width: processed.width,
          height: processed.height,
          uploadBytes: input.bytes.length,
          storedBytes,
          variants: processed.variants.map(({ body: _body, ...variant }) => variant),
          uploadedBy: ownerId,
        })
        .returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    });
    return { item, created: true };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const winner = await findByHash(db, blogId, processed.hash);
      if (winner) return { item: winner, created: false };
    }
    if (!(await findByHash(db, blogId, processed.hash))) {
      for (const variant of processed.variants) {
        await storage.delete(mediaKey(blogId, variant.file)).catch(() => undefined);
      }
    }
    throw error;
  }
}

const findByHash = (db: Queryable, blogId: string, hash: string) =>
  first(
    db
      .select()
      .from(media)
      .where(and(eq(media.blogId, blogId), eq(media.hash, hash))),
  );

export const tooLarge = (bytes: number) =>
  new HttpError(
    413,
    "file_too_large",
    `The file is ${humanBytes(bytes)}; uploads may be at most ${humanBytes(mediaLimits.fileBytes)}. Resize or compress the image and upload it again.`,
  );

/** 413 when the blog's images with `adding` more bytes would take more than a blog may store. */
export async function checkQuota(db: Queryable, blogId: string, adding: number): Promise<void> {
  const [{ used } = { used: 0 }] = await db
    .select({ used: sql<number>`coalesce(sum(${media.storedBytes}), 0)` })
    .from(media)
    .where(eq(media.blogId, blogId));
  if (used + adding > mediaLimits.blogBytes) {
    throw new HttpError(
      413,
      "media_quota_exceeded",
      `This blog's images take ${humanBytes(used)} of the ${humanBytes(mediaLimits.blogBytes)} a blog may store. Delete unused images from the media library first.`,
    );
  }
}

/**
 * The blog's library, newest first; `q` searches file names and alt text. A role without the
 * library (a contributor) sees their own uploads.
 */
export async function listMedia(
  db: Database,
  userId: string,
  blogId: string,
  q?: string,
): Promise<MediaWithUsage[]> {
  const access = await blogFor(db, userId, blogId, "media.upload");
  const { blog } = access;
  const uploader = ownUploadsOf(access, userId);
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await db
    .select()
    .from(media)
    .where(
      and(
        eq(media.blogId, blogId),
        uploader ? eq(media.uploadedBy, uploader) : undefined,
        pattern
          ? or(
              containsPattern(db, media.fileName, pattern),
              containsPattern(db, media.alt, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(desc(media.createdAt), desc(media.id));
  const usage = await usageOf(db, blog, rows);
  return rows.map((row) => ({ ...row, usage: usage.get(row.id) as MediaUsage }));
}

export async function getMedia(
  db: Database,
  userId: string,
  blogId: string,
  mediaId: string,
  action: "read" | "manage" = "read",
): Promise<MediaWithUsage> {
  const { row, blog } = await mediaFor(db, userId, blogId, mediaId, action);
  const usage = await usageOf(db, blog, [row]);
  return { ...row, usage: usage.get(row.id) as MediaUsage };
}

/**
 * Where each image is used: posts that have it as feature image or name it in their content,
 * and the blog's logo. One read of the posts with any media address, not one per image.
 */
async function usageOf(
  db: Queryable,
  blog: typeof blogs.$inferSelect,
  rows: MediaRow[],
): Promise<Map<string, MediaUsage>> {
  const usage = new Map<string, MediaUsage>(
    rows.map((row) => [row.id, { posts: [], logo: blog.logoMediaId === row.id }]),
  );
  if (rows.length === 0) return usage;
  const byHash = new Map(rows.map((row) => [row.hash, row.id]));
  const ids = rows.map((row) => row.id);
  const featured = await db
    .select({
      id: posts.id,
      title: posts.title,
      status: posts.status,
      featureImageId: posts.featureImageId,
    })
    .from(posts)
    .where(
      and(
        eq(posts.blogId, blog.id),
        ids.length <= 500 ? inArray(posts.featureImageId, ids) : sql`feature_image_id is not null`,
      ),
    );
  for (const post of featured) {
    const entry = post.featureImageId ? usage.get(post.featureImageId) : undefined;
    entry?.posts.push({ id: post.id, title: post.title, status: post.status, as: "feature" });
  }
  const withImages = await db
    .select({ id: posts.id, title: posts.title, status: posts.status, content: posts.content })
    .from(posts)
    .where(and(eq(posts.blogId, blog.id), sql`${posts.content} like '%/media/%'`));
  for (const post of withImages) {
    const seen = new Set<string>();
    for (const match of post.content.matchAll(/\/media\/([0-9a-f]{32})-/g)) {
      const id = byHash.get(match[1] as string);
      if (!id || seen.has(id)) continue;
      seen.add(id);
      usage
        .get(id)
        ?.posts.push({ id: post.id, title: post.title, status: post.status, as: "content" });
    }
  }
  return usage;
}

/**
 * Changes an image's alt text. Pages that show it are rendered again: alt text is part of
 * every `<img>` readers get.
 */
export async function updateMediaAlt(
  deps: MediaDeps,
  ownerId: string,
  blogId: string,
  mediaId: string,
  alt: string,
): Promise<MediaWithUsage> {
  const before = await getMedia(deps.db, ownerId, blogId, mediaId, "manage");
  await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
    await tx.update(media).set({ alt }).where(eq(media.id, mediaId));
    const shown =
      before.usage.logo || before.usage.posts.some((post) => post.status === "published");
    if (shown && before.alt !== alt) await record(blogId, { full: true });
  });
  return getMedia(deps.db, ownerId, blogId, mediaId);
}

/** Deletes an unused image and its files; an image in use answers 409 saying where. */
export async function deleteMedia(
  deps: MediaDeps,
  ownerId: string,
  blogId: string,
  mediaId: string,
): Promise<void> {
  const item = await getMedia(deps.db, ownerId, blogId, mediaId, "manage");
  const places = [
    ...(item.usage.logo ? ["the blog's logo"] : []),
    ...item.usage.posts.map(
      (post) => `“${post.title}” (${post.as === "feature" ? "feature image" : "in the text"})`,
    ),
  ];
  if (places.length > 0) {
    throw Conflict(
      `This image is still used: ${places.join(", ")}. Remove it there first, then delete it.`,
      "media_in_use",
    );
  }
  await deps.db.delete(media).where(eq(media.id, mediaId));
  for (const variant of item.variants) {
    await deps.storage.delete(mediaKey(blogId, variant.file)).catch(() => undefined);
  }
}
