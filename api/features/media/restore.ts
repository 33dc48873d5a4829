import { and, eq, inArray } from "drizzle-orm";
import type { ExportedImage } from "../../../contracts/export-format.ts";
import { humanBytes, mediaFormats, mediaLimits } from "../../../contracts/media.ts";
import type { Storage } from "../../../site-builder/storage/storage.ts";
import type { Database } from "../../db/client.ts";
import { media } from "../../db/schema.ts";
import { contentHash } from "./process.ts";
import { mediaKey } from "./service.ts";
import { endsCleanly, formatOf } from "./sniff.ts";

/** Why an exported library could not be restored (the importer answers 400 with it). */
export class UnrestorableMedia extends Error {}

const hashPattern = /^[0-9a-f]{32}$/;
const variantFormats = new Set(["avif", "webp", "jpeg", "png"]);
const extensionOf = { avif: "avif", webp: "webp", jpeg: "jpg", png: "png" } as const;

/** An exported library named by its bytes: what the import stores, and how posts find it. */
export type IdentifiedMedia = {
  images: ExportedImage[];
  /** The variants' files under their new names. */
  files: Map<string, Uint8Array>;
  /** The export's hash of an image → the hash of its bytes. */
  renames: Map<string, string>;
  /** A post body with every file of a renamed image pointed at its new name. */
  rewrite: (html: string) => string;
};

/**
 * Names every image of an export's library by the hash of its files' bytes, whatever hash the
 * export declares (issue 29, finding 4): two images of a blog share a name only when they share
 * their bytes, so an import can never put other bytes under an image the blog holds. Sizes are
 * the files' own. The entries' shape is checked here; the files' content by `checkExportedMedia`.
 */
export async function identifyExportedMedia(
  images: readonly ExportedImage[],
  filesByName: ReadonlyMap<string, Uint8Array>,
): Promise<IdentifiedMedia> {
  if (images.length > mediaLimits.itemsPerBlog)
    throw new UnrestorableMedia(`The export holds more than ${mediaLimits.itemsPerBlog} images.`);
  const renames = new Map<string, string>();
  const files = new Map<string, Uint8Array>();
  const identified: ExportedImage[] = [];
  for (const image of images) {
    const name = typeof image?.fileName === "string" ? image.fileName : "an image";
    if (
      !hashPattern.test(String(image?.hash)) ||
      !(mediaFormats as readonly string[]).includes(image.format) ||
      !Array.isArray(image.variants) ||
      image.variants.length === 0 ||
      image.variants.length > 12 ||
      typeof image.alt !== "string" ||
      typeof image.fileName !== "string" ||
      !Number.isSafeInteger(image.width) ||
      !Number.isSafeInteger(image.height)
    )
      throw new UnrestorableMedia(`The entry of ${name} in blogfleet.json is not valid.`);
    const bytesOf: Uint8Array[] = [];
    for (const variant of image.variants) {
      const extension = extensionOf[variant?.format as keyof typeof extensionOf];
      const expected = `${image.hash}-${variant?.width}.${extension}`;
      if (
        !variantFormats.has(variant?.format) ||
        !Number.isSafeInteger(variant.width) ||
        variant.file !== expected
      )
        throw new UnrestorableMedia(`A file of ${name} is not named as Blogfleet names it.`);
      const bytes = filesByName.get(variant.file);
      if (!bytes) throw new UnrestorableMedia(`media/${variant.file} is missing from the zip.`);
      bytesOf.push(bytes);
    }
    const hash = await contentHash(Buffer.concat(bytesOf));
    renames.set(image.hash, hash);
    const variants = image.variants.map((variant, i) => {
      const bytes = bytesOf[i] as Uint8Array;
      const file = `${hash}-${variant.width}.${extensionOf[variant.format as keyof typeof extensionOf]}`;
      files.set(file, bytes);
      return { ...variant, file, bytes: bytes.length };
    });
    identified.push({ ...image, hash, variants });
  }
  const changed = [...renames].filter(([from, to]) => from !== to);
  return {
    images: identified,
    files,
    renames,
    rewrite: (html) =>
      changed.reduce((out, [from, to]) => out.split(`${from}-`).join(`${to}-`), html),
  };
}

/**
 * Checks the files of an identified library (`fileOf(name)`) before anything is stored: each
 * file's bytes are the format its name says, end where that format ends, and have the recorded
 * size. The files are kept as they are (re-encoding would change them and the posts naming them).
 */
export async function checkExportedMedia(
  images: readonly ExportedImage[],
  fileOf: (name: string) => Uint8Array | undefined,
): Promise<void> {
  let total = 0;
  for (const image of images) {
    for (const variant of image.variants) {
      const bytes = fileOf(variant.file);
      if (!bytes) throw new UnrestorableMedia(`media/${variant.file} is missing from the zip.`);
      total += bytes.length;
      if (total > mediaLimits.blogBytes)
        throw new UnrestorableMedia("The export's images are larger than a blog may store.");
      const format = await formatOf(bytes);
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

/** The bytes an image's files take, counted from the files themselves. */
const storedBytesOf = (image: ExportedImage, fileOf: (name: string) => Uint8Array | undefined) =>
  image.variants.reduce((sum, v) => sum + (fileOf(v.file)?.length ?? 0), 0);

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
  // What the blog holds already is kept (same hash, same bytes); the rest must fit its quota.
  const held = await db
    .select({ hash: media.hash, storedBytes: media.storedBytes })
    .from(media)
    .where(eq(media.blogId, blogId));
  const heldHashes = new Set(held.map((row) => row.hash));
  const adding = images.filter((image) => !heldHashes.has(image.hash));
  const used = held.reduce((sum, row) => sum + row.storedBytes, 0);
  const added = adding.reduce((sum, image) => sum + storedBytesOf(image, fileOf), 0);
  if (used + added > mediaLimits.blogBytes)
    throw new UnrestorableMedia(
      `The export's images take ${humanBytes(added)} and the blog's library holds ${humanBytes(used)} of the ${humanBytes(mediaLimits.blogBytes)} a blog may store.`,
    );
  if (held.length + adding.length > mediaLimits.itemsPerBlog)
    throw new UnrestorableMedia(
      `The blog's library would hold more than ${mediaLimits.itemsPerBlog} images.`,
    );
  for (const image of adding) {
    for (const variant of image.variants) {
      await storage.put(mediaKey(blogId, variant.file), fileOf(variant.file) as Uint8Array);
    }
  }
  if (adding.length > 0) {
    await db
      .insert(media)
      .values(
        adding.map((image) => ({
          blogId,
          hash: image.hash,
          fileName: image.fileName.slice(0, mediaLimits.fileName),
          alt: image.alt.slice(0, mediaLimits.alt),
          format: image.format,
          width: image.width,
          height: image.height,
          // The original upload is not in an export: its size is shown as declared when it
          // could be one, else as the files' own.
          uploadBytes:
            Number.isSafeInteger(image.uploadBytes) &&
            image.uploadBytes > 0 &&
            image.uploadBytes <= mediaLimits.fileBytes
              ? image.uploadBytes
              : storedBytesOf(image, fileOf),
          storedBytes: storedBytesOf(image, fileOf),
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
