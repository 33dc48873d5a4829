import render from "dom-serializer";
import { type ChildNode, Element, type ParentNode, Text } from "domhandler";
import { wholePhrasePattern } from "../../../contracts/content-text.ts";
import type { InternalLinkSuggestion } from "../../../contracts/internal-links.ts";
import { draftOf, readDraft } from "./sections.ts";

/** What inserting a link needs of a suggestion. */
export type InternalLinkToInsert = Pick<InternalLinkSuggestion, "sectionIndex" | "anchorText"> & {
  target: Pick<InternalLinkSuggestion["target"], "href">;
};

/** Replaces `start`–`end` of a text node with a link holding those characters. */
function wrap(node: Text, start: number, end: number, href: string): void {
  const anchor = new Element("a", { href });
  const label = new Text(node.data.slice(start, end));
  label.parent = anchor;
  anchor.children = [label];
  const replacement: ChildNode[] = [];
  if (start > 0) replacement.push(new Text(node.data.slice(0, start)));
  replacement.push(anchor);
  if (end < node.data.length) replacement.push(new Text(node.data.slice(end)));
  const parent = node.parent as ParentNode;
  for (const child of replacement) child.parent = parent;
  parent.children.splice(parent.children.indexOf(node), 1, ...replacement);
}

/**
 * Puts each link around the first occurrence of its anchor text in its section (whole words,
 * any case, any white space between them) that is not inside a link, a heading, code or an
 * affiliate box: the text nodes the affiliate keyword links may go in (`untouchable`). A link
 * whose href the post already has, or whose anchor text is no longer in its section, is left
 * out. Pure: HTML in, HTML out with the links that went in; when none did, the HTML as given.
 */
export function insertInternalLinks<L extends InternalLinkToInsert>(
  html: string,
  links: readonly L[],
): { html: string; inserted: L[] } {
  if (links.length === 0) return { html, inserted: [] };
  let draft = readDraft(html);
  const hrefs = new Set(draft.links.map((link) => link.href));
  const inserted: L[] = [];
  for (const link of links) {
    const href = link.target.href;
    if (hrefs.has(href) || link.anchorText.trim() === "") continue;
    const pattern = wholePhrasePattern(link.anchorText);
    for (const node of draft.sections[link.sectionIndex]?.texts ?? []) {
      const match = pattern.exec(node.data);
      if (!match) continue;
      wrap(node, match.index, match.index + match[0].length, href);
      hrefs.add(href);
      inserted.push(link);
      // The text node was split: the next link reads the sections again.
      draft = draftOf(draft.document);
      break;
    }
  }
  if (inserted.length === 0) return { html, inserted };
  return { html: render(draft.document, { encodeEntities: "utf8" }), inserted };
}
