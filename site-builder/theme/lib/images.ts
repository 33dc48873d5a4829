import { imagesIn } from "../../../contracts/content-images.ts";
import { type MediaVariant, mediaPath } from "../../../contracts/media-paths.ts";
import { relativeHref } from "./urls.ts";

/** An image of the blog's media library, as pages show it. */
export type ThemeImage = {
  hash: string;
  alt: string;
  width: number;
  height: number;
  variants: MediaVariant[];
};

/** How wide an image is drawn, for `sizes`: the post column, or a card of a listing. */
export const imageSizes = {
  /** `.narrow` (48rem) less the wrap's and the card's padding. */
  post: "(min-width: 48rem) 42.5rem, calc(100vw - 5.5rem)",
  /** The main column of a listing (72rem less the sidebar) less the card's padding. */
  card: "(min-width: 56rem) 46rem, calc(100vw - 5.5rem)",
  /** The author's photo beside their name (`.author-photo`). */
  avatar: "4rem",
} as const;

const escapeAttribute = (value: string) =>
  value.replace(
    /[&"<>]/g,
    (c) => ({ "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" })[c] as string,
  );

/** The fallback file: what old browsers and `src` get. */
export function fallbackVariant(image: ThemeImage): MediaVariant {
  return (
    image.variants.find((v) => v.format === "jpeg" || v.format === "png") ??
    (image.variants[image.variants.length - 1] as MediaVariant)
  );
}

export type PictureOptions = {
  /** The page's site-relative path: files are linked relative to it, like every link. */
  from: string;
  sizes: string;
  /** The first image of the page: loaded at once and first (LCP), not lazily. */
  first: boolean;
  alt?: string;
  className?: string;
};

/**
 * `<picture>` with AVIF and WebP `srcset`s, the fallback in `<img>`, the width and height of the
 * image (no layout shift), lazy loading except for the page's first image.
 */
export function pictureHtml(image: ThemeImage, options: PictureOptions): string {
  const href = (file: string) => escapeAttribute(relativeHref(options.from, mediaPath(file)));
  const sources = (["avif", "webp"] as const)
    .map((format) => {
      const list = image.variants
        .filter((v) => v.format === format)
        .sort((a, b) => a.width - b.width)
        .map((v) => `${href(v.file)} ${v.width}w`)
        .join(", ");
      return list
        ? `<source type="image/${format}" srcset="${list}" sizes="${escapeAttribute(options.sizes)}">`
        : "";
    })
    .join("");
  const fallback = fallbackVariant(image);
  const loading = options.first
    ? 'loading="eager" fetchpriority="high" decoding="async"'
    : 'loading="lazy" decoding="async"';
  const className = options.className ? ` class="${escapeAttribute(options.className)}"` : "";
  return `<picture${className}>${sources}<img src="${href(fallback.file)}" alt="${escapeAttribute(options.alt ?? image.alt)}" width="${fallback.width}" height="${fallback.height}" ${loading}></picture>`;
}

/**
 * Post HTML as readers get it: every `<img>` that names a library image (`/media/{hash}-…`)
 * becomes its `<picture>` (the tag's alt text, else the library's), and every other image gets
 * lazy loading. `first`: the post's first image is the page's first (no feature image above it).
 */
export function enhanceContentImages(
  html: string,
  library: ReadonlyMap<string, ThemeImage>,
  options: { from: string; first: boolean },
): string {
  const images = imagesIn(html);
  if (images.length === 0) return html;
  let out = "";
  let at = 0;
  images.forEach((image, index) => {
    out += html.slice(at, image.start);
    at = image.end;
    const first = options.first && index === 0;
    const known = image.mediaHash ? library.get(image.mediaHash) : undefined;
    if (known) {
      out += pictureHtml(known, {
        from: options.from,
        sizes: imageSizes.post,
        first,
        alt: image.alt?.trim() ? image.alt : known.alt,
      });
      return;
    }
    const tag = html.slice(image.start, image.end);
    out += image.attributes.has("loading")
      ? tag
      : tag.replace(/^<img\b/i, first ? '<img fetchpriority="high"' : '<img loading="lazy"');
  });
  return out + html.slice(at);
}
