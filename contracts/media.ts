import type { MediaVariant } from "./media-paths.ts";
import { z } from "./zod.ts";

// What the theme and the render need (no zod): decision 202.
export {
  type MediaVariant,
  mediaFilePattern,
  mediaPath,
  mediaSrcPattern,
} from "./media-paths.ts";

/**
 * The media library (docs/decisions/110-media-uploads-and-storage.md): limits, shapes and the
 * public addresses of stored images, written once for the API, the dashboard and the theme.
 */
export const mediaLimits = {
  /** Bytes of one upload. */
  fileBytes: 20 * 1024 * 1024,
  /** Bytes every stored variant of one blog's images may take together. */
  blogBytes: 1024 * 1024 * 1024,
  /** Pixels of an upload (width × height), checked before it is decoded. */
  inputPixels: 50_000_000,
  /** Either side of an upload. */
  side: 16_000,
  fileName: 200,
  alt: 500,
  /** Images in one blog's library. */
  itemsPerBlog: 5_000,
  /** Bytes and time a remote image (import) may take. */
  remoteBytes: 20 * 1024 * 1024,
  remoteTimeoutMs: 15_000,
} as const;

/** Widths every image is stored at (no wider than the upload), and the fallback's. */
export const mediaWidths = [480, 960, 1600] as const;

export const mediaFormats = ["jpeg", "png", "webp", "avif", "gif"] as const;
export type MediaFormat = (typeof mediaFormats)[number];
export const mediaFormatLabels: Record<MediaFormat, string> = {
  jpeg: "JPEG",
  png: "PNG",
  webp: "WebP",
  avif: "AVIF",
  gif: "GIF",
};

/** Where an image is used: posts (as feature image or in their content) and the blog's logo. */
export type MediaUsage = {
  posts: { id: string; title: string; status: string; as: "feature" | "content" }[];
  logo: boolean;
};

export type MediaItem = {
  id: string;
  blogId: string;
  fileName: string;
  alt: string;
  format: MediaFormat;
  width: number;
  height: number;
  uploadBytes: number;
  storedBytes: number;
  /** Site-absolute address of the fallback (what `<img src>` in post content names). */
  src: string;
  /** A small WebP for thumbnails in the dashboard. */
  thumbnail: string;
  variants: MediaVariant[];
  createdAt: string;
  /** Present on the list and on a single item. */
  usage?: MediaUsage;
};

/** `GET /api/blogs/{blogId}/media?q=…`: search by file name or alt text. */
export const listMediaQuery = z.object({
  q: z.string().trim().max(200).optional(),
});
export type ListMediaQuery = z.infer<typeof listMediaQuery>;

/** `POST /api/blogs/{blogId}/media?name=photo.jpg` with the file's bytes as the body. */
export const uploadMediaQuery = z.object({
  /** The file's name as the owner sees it (default "image"); its extension must match the bytes. */
  name: z
    .string()
    .trim()
    .max(mediaLimits.fileName)
    .optional()
    .transform((value) => value || "image"),
  alt: z.string().trim().max(mediaLimits.alt).optional(),
});
export type UploadMediaQuery = z.infer<typeof uploadMediaQuery>;

export const updateMediaInput = z.object({
  alt: z.string().trim().max(mediaLimits.alt),
});
export type UpdateMediaInput = z.infer<typeof updateMediaInput>;

export const mediaParams = z.object({
  blogId: z.string().trim().min(1).max(64),
  mediaId: z.string().trim().min(1).max(64),
});
export type MediaParams = z.infer<typeof mediaParams>;

/** `POST /api/blogs/{blogId}/media/{mediaId}/alt-suggestion`: text around the image helps. */
export const altSuggestionInput = z.object({
  context: z.string().max(2000).optional(),
});
export type AltSuggestionInput = z.infer<typeof altSuggestionInput>;

export type AltSuggestion = {
  alt: string;
  /** `ai`: a vision model looked at the image; `offline`: guessed from the name and text. */
  source: "ai" | "offline";
  /** What the dashboard shows beside the suggestion. */
  label: string;
};

/** A post with images whose alt text is missing cannot be published; the 409 lists them. */
export type MissingAltImage = { src: string; name: string };

export const humanBytes = (bytes: number) =>
  bytes >= 1024 * 1024 * 1024
    ? `${(bytes / (1024 * 1024 * 1024)).toFixed(1).replace(/\.0$/, "")} GB`
    : bytes >= 1024 * 1024
      ? `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`
      : bytes >= 1024
        ? `${Math.round(bytes / 1024)} kB`
        : `${bytes} B`;
