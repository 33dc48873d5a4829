import { and, eq, inArray } from "drizzle-orm";
import type { ExportedImage } from "../../../contracts/export-format.ts";
import { mediaFormats, mediaLimits } from "../../../contracts/media.ts";
import type { Storage } from "../../../site-builder/storage/storage.ts";
import type { Database } from "../../db/client.ts";
import { media } from "../../db/schema.ts";
import { mediaKey } from "./service.ts";
import { endsCleanly, formatOf } from "./sniff.ts";

/** Why an exported library could not be restored (the importer answers 400 with it). */
export class UnrestorableMedia extends Error {}

const hashPattern = /^[0-9a-f]{32}$/;
const variantFormats = new Set(["avif", "webp", "jpeg", "png"]);
const extensionOf = { avif: "avif", webp: "webp", jpeg: "jpg", png: "png" } as const;

/**
 * Checks every image of a Blogfleet export's library and its files (`fileOf(name)`), before
 * anything is stored: names are content-hashed names of the image, each file's bytes are the
 * format its name says, end where that format ends, and have the recorded size. The files are
 * kept as they are (re-encoding would change their hashes and the posts naming them).
 */
export async function checkExportedMedia(
  images: readonly ExportedImage[],
  fileOf: (name: string) => Uint8Array | undefined,
): Promise<void> {
  if (images.length > mediaLimits.itemsPerBlog)
    throw new UnrestorableMedia(`The export holds more than ${mediaLimits.itemsPerBlog} images.`);
  let total = 0;
  for (const image of images) {
    const name = typeof image?.fileName === "string" ? image.fileName : "an image";
    if (
      !hashPattern.test(String(image?.hash)) ||
      !(mediaFormats as readonly string[]).includes(image.format) ||
      !Array.isArray(image.variants) ||
      image.variants.length === 0 ||
      image.variants.length > 12 ||
      typeof image.alt !== "string" ||
      typeof image.fileName !== "string"
    )
      throw new UnrestorableMedia(`The entry of ${name} in blogfleet.json is not valid.`);
    for (const variant of image.variants) {
      const extension = extensionOf[variant?.format as keyof typeof extensionOf];
      const expected = `${image.hash}-${variant?.width}.${extension}`;
      if (!variantFormats.has(variant?.format) || variant.file !== expected)
        throw new UnrestorableMedia(`A file of ${name} is not named as Blogfleet names it.`);
      const bytes = fileOf(variant.file);
      if (!bytes) throw new UnrestorableMedia(`media/${variant.file} is missing from the zip.`);
      total += bytes.length;
      if (total > mediaLimits.blogBytes)
        throw new UnrestorableMedia("The export's images are larger than a blog may store.");
      const format = formatOf(bytes);
      if (format !== variant.format || !endsCleanly(bytes, variant.format))
        throw new UnrestorableMedia(`media/${variant.file} is not the image its name says.`);
      // libvips loads at the first image, not at start (decision 160).
      const { default: sharp } = await import("sharp");
      const meta = await sharp(bytes, { limitInputPixels: mediaLimits.inputPixels }).metadata();
      if (meta.width !== variant.width || meta.height !== variant.height)
        throw new UnrestorableMedia(`media/${variant.file} does not have the recorded size.`);
    }
  }
}

/**
 * Stores a checked library into `blogId` (files first, then rows; an image the blog already
 * holds is kept as it is). Returns the blog's media ids by hash.
 */
export async function restoreMedia(
  db: Database,
  storage: Storage,
  blogId: string,
  images: readonly ExportedImage[],
  fileOf: (name: string) => Uint8Array | undefined,
): Promise<Map<string, string>> {
  for (const image of images) {
    for (const variant of image.variants) {
      await storage.put(mediaKey(blogId, variant.file), fileOf(variant.file) as Uint8Array);
    }
  }
  if (images.length > 0) {
    await db
      .insert(media)
      .values(
        images.map((image) => ({
          blogId,
          hash: image.hash,
          fileName: image.fileName.slice(0, mediaLimits.fileName),
          alt: image.alt.slice(0, mediaLimits.alt),
          format: image.format,
          width: image.width,
          height: image.height,
          uploadBytes: image.uploadBytes,
          storedBytes: image.variants.reduce((sum, v) => sum + v.bytes, 0),
          variants: image.variants,
        })),
      )
      .onConflictDoNothing();
  }
  const rows = await db
    .select({ id: media.id, hash: media.hash })
    .from(media)
    .where(
      and(
        eq(media.blogId, blogId),
        inArray(
          media.hash,
          images.map((i) => i.hash),
        ),
      ),
    );
  return new Map(rows.map((r) => [r.hash, r.id]));
}
