import render from "dom-serializer";
import { type ChildNode, Element, type ParentNode, Text } from "domhandler";
import { parseDocument } from "htmlparser2";

export type AutoLink = { id: string; keyword: string };

export type InsertOptions = {
  /** The link's href on the page (a relative `/go/{id}` route that counts the click). */
  hrefFor: (linkId: string) => string;
  /** At most this many affiliate links in one post. */
  maxLinks?: number;
};

/** Text inside these is never linked: existing links, headings, code. */
const untouchable = new Set([
  "a",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "code",
  "pre",
  "kbd",
  "samp",
  "script",
  "style",
  "button",
  "label",
]);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A keyword as a case-insensitive whole-word pattern ("word" = letters, digits, underscore in any script). */
function keywordPattern(keyword: string): RegExp {
  const words = keyword.trim().split(/\s+/).map(escapeRegExp).join("\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}_])${words}(?![\\p{L}\\p{N}_])`, "iu");
}

function* textNodes(parent: ParentNode): Generator<Text> {
  for (const node of parent.children) {
    if (node instanceof Text) yield node;
    else if (node instanceof Element && !untouchable.has(node.name.toLowerCase()))
      yield* textNodes(node);
  }
}

/**
 * Links each keyword the first time it appears in the post's text (whole words, any case),
 * longest keyword first, at most `maxLinks` links per post, never inside an existing link,
 * a heading or code. The stored post is not touched: this runs on the HTML being rendered.
 */
export function insertAffiliateLinks(
  html: string,
  links: AutoLink[],
  options: InsertOptions,
): { html: string; inserted: string[] } {
  const maxLinks = options.maxLinks ?? 5;
  const usable = links
    .filter((l) => l.keyword.trim() !== "")
    .sort(
      (a, b) =>
        b.keyword.trim().length - a.keyword.trim().length || a.keyword.localeCompare(b.keyword),
    );
  if (usable.length === 0 || maxLinks <= 0) return { html, inserted: [] };
  const document = parseDocument(html, { decodeEntities: true });
  const inserted: string[] = [];
  for (const link of usable) {
    if (inserted.length >= maxLinks) break;
    const pattern = keywordPattern(link.keyword);
    for (const node of textNodes(document)) {
      const match = pattern.exec(node.data);
      if (!match) continue;
      const before = node.data.slice(0, match.index);
      const after = node.data.slice(match.index + match[0].length);
      const anchor = new Element("a", {
        href: options.hrefFor(link.id),
        rel: "sponsored nofollow",
      });
      const label = new Text(match[0]);
      label.parent = anchor;
      anchor.children = [label];
      const replacement: ChildNode[] = [];
      if (before) replacement.push(new Text(before));
      replacement.push(anchor);
      if (after) replacement.push(new Text(after));
      const parent = node.parent as ParentNode;
      const index = parent.children.indexOf(node);
      for (const child of replacement) child.parent = parent;
      parent.children.splice(index, 1, ...replacement);
      inserted.push(link.id);
      break;
    }
  }
  if (inserted.length === 0) return { html, inserted };
  return { html: render(document, { encodeEntities: "utf8" }), inserted };
}
