import { mediaSrcPattern } from "./media-paths.ts";

/** One `<img>` of post HTML: where it is in the text, and its attributes (names lower-cased). */
export type ContentImage = {
  start: number;
  end: number;
  attributes: Map<string, string>;
  src: string;
  alt: string | undefined;
  /** The library image's hash when `src` is a media address (`/media/{hash}-…`). */
  mediaHash: string | undefined;
};

const imgTag = /<img\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const attribute = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const entities: Record<string, string> = {
  amp: "&",
  quot: '"',
  "#39": "'",
  apos: "'",
  lt: "<",
  gt: ">",
};
const decode = (value: string) =>
  value.replace(/&(amp|quot|#39|apos|lt|gt);/g, (_m, name: string) => entities[name] ?? "");

/** Every `<img>` tag of `html`, in order. Enough for the HTML the editor and sanitizer write. */
export function imagesIn(html: string): ContentImage[] {
  const found: ContentImage[] = [];
  for (const match of html.matchAll(imgTag)) {
    const tag = match[0];
    const attributes = new Map<string, string>();
    for (const part of tag.slice(4, -1).matchAll(attribute)) {
      const name = (part[1] as string).toLowerCase();
      if (!attributes.has(name)) attributes.set(name, decode(part[2] ?? part[3] ?? part[4] ?? ""));
    }
    const src = attributes.get("src") ?? "";
    found.push({
      start: match.index,
      end: match.index + tag.length,
      attributes,
      src,
      alt: attributes.get("alt"),
      mediaHash: mediaSrcPattern.exec(src)?.[1],
    });
  }
  return found;
}
