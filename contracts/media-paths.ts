/**
 * The media library's file names and addresses (docs/decisions/110-media-uploads-and-storage.md),
 * without the request schemas of `media.ts`: the theme and the render import these, and loading
 * zod for them cost each render thread and the render's main thread ~30 ms (decision 202).
 */

export type MediaVariant = {
  format: "avif" | "webp" | "jpeg" | "png";
  width: number;
  height: number;
  /** Content-hashed file name, served at `/media/{file}` on the blog's host. */
  file: string;
  bytes: number;
};

/** The address of a stored file, on the blog's host and on the app's (`/media/{file}`). */
export const mediaPath = (file: string) => `/media/${file}`;

/** `{hash}-{width}.{ext}`: what a media address may name. */
export const mediaFilePattern = /^([0-9a-f]{32})-(\d{1,5})\.(avif|webp|jpg|png)$/;

/** A site-absolute media address in post HTML (`/media/…`), as the editor inserts it. */
export const mediaSrcPattern = /^\/media\/([0-9a-f]{32})-(\d{1,5})\.(avif|webp|jpg|png)$/;
