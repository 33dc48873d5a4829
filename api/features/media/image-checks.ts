import { and, eq, inArray, or } from "drizzle-orm";
import { imagesIn } from "../../../contracts/content-images.ts";
import type { MissingAltImage } from "../../../contracts/media.ts";
import type { Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { media } from "../../db/schema.ts";
import { HttpError, NotFound } from "../../http/errors.ts";

/*
 * Checks on the images a post or a blog refers to. They read the media table only, so the
 * blog and post services can use them without depending on the media library's service.
 */

/** A feature image must be an image of the post's blog; anything else answers like a missing one. */
export async function checkedFeatureImageId(
  tx: Queryable,
  blogId: string,
  mediaId: string | null | undefined,
  what = "Feature image",
): Promise<string | null> {
  if (!mediaId) return null;
  const row = await first(
    tx
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.id, mediaId), eq(media.blogId, blogId))),
  );
  if (!row) throw NotFound(what);
  return row.id;
}

/** The images of a post that readers would get without alt text (publishing is refused). */
export async function imagesMissingAlt(
  db: Queryable,
  post: { blogId: string; content: string; featureImageId: string | null },
): Promise<MissingAltImage[]> {
  const images = imagesIn(post.content);
  const hashes = [...new Set(images.flatMap((image) => image.mediaHash ?? []))];
  const library = new Map(
    (hashes.length > 0 || post.featureImageId
      ? await db
          .select({ id: media.id, hash: media.hash, alt: media.alt, fileName: media.fileName })
          .from(media)
          .where(
            and(
              eq(media.blogId, post.blogId),
              or(
                hashes.length > 0 ? inArray(media.hash, hashes) : undefined,
                post.featureImageId ? eq(media.id, post.featureImageId) : undefined,
              ),
            ),
          )
      : []
    ).flatMap((row) => [
      [row.hash, row],
      [row.id, row],
    ]),
  );
  const missing: MissingAltImage[] = [];
  if (post.featureImageId) {
    const feature = library.get(post.featureImageId);
    if (feature && !feature.alt.trim())
      missing.push({ src: "feature image", name: feature.fileName });
  }
  for (const image of images) {
    if (image.alt?.trim()) continue;
    const known = image.mediaHash ? library.get(image.mediaHash) : undefined;
    if (known?.alt.trim()) continue;
    missing.push({
      src: image.src,
      name: known?.fileName ?? (image.src.split("/").pop() || image.src),
    });
  }
  return missing;
}

/** The 409 a publish gets when images lack alt text: every one is named. */
export function missingAltConflict(missing: MissingAltImage[]): HttpError {
  const names = missing.map((image) =>
    image.src === "feature image" ? `the feature image (${image.name})` : image.name,
  );
  return new HttpError(
    409,
    "alt_text_missing",
    `Add alt text to every image before publishing. Missing: ${names.join(", ")}.`,
    missing.map((image) => ({ path: image.src, message: `${image.name} has no alt text` })),
  );
}
