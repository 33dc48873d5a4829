import type { MediaItem } from "@contracts/media.ts";

const attribute = (value: string) =>
  value.replace(
    /[&"<>]/g,
    (c) => ({ "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" })[c] as string,
  );

/**
 * The HTML of a library image in a post: its fallback's site-absolute address (`/media/…`),
 * which the blog renders as a responsive `<picture>`, with its alt text and size.
 */
export function contentImageHtml(item: MediaItem): string {
  return `<img src="${attribute(item.src)}" alt="${attribute(item.alt)}" width="${item.width}" height="${item.height}">`;
}
