import { type Document, Element, type ParentNode, Text } from "domhandler";
import { DomUtils, parseDocument } from "htmlparser2";
import { untouchable } from "../../../site-builder/affiliate/insert-links.ts";

/**
 * A part of a post: the text before the first H2 (index 0), then the text under each H2 in
 * order. Its `texts` are the text nodes a link may go in: never inside a link, a heading,
 * code (the affiliate inserter's `untouchable`) or an affiliate block. The editor counts
 * sections and finds anchors the same way (`rich-text/internal-links.ts`).
 */
export type Section = {
  index: number;
  heading: string | null;
  texts: Text[];
  /** Every text of the section a reader sees (H3s and linked words too), for ranking. */
  readable: string[];
};

/** A link already in the post, and the section it stands in. */
export type DraftLink = { href: string; sectionIndex: number };

export type Draft = { document: Document; sections: Section[]; links: DraftLink[] };

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** Elements whose text no reader sees. */
const hidden = new Set(["script", "style", "template", "noscript"]);

/**
 * The post's HTML parsed once (htmlparser2, as the affiliate inserter parses it) and split
 * into sections at each H2, wherever it stands, with the links the post has.
 */
export function readDraft(html: string): Draft {
  return draftOf(parseDocument(html, { decodeEntities: true }));
}

/** `readDraft` of a document already parsed (read again after a change to it). */
export function draftOf(document: Document): Draft {
  const sections: Section[] = [{ index: 0, heading: null, texts: [], readable: [] }];
  const links: DraftLink[] = [];
  const current = () => sections[sections.length - 1] as Section;

  const walk = (parent: ParentNode, linkable: boolean) => {
    for (const node of parent.children) {
      if (node instanceof Text) {
        if (linkable) current().texts.push(node);
        current().readable.push(node.data);
        continue;
      }
      if (!(node instanceof Element)) continue;
      const name = node.name.toLowerCase();
      if (hidden.has(name)) continue;
      if (name === "h2") {
        sections.push({
          index: sections.length,
          heading: squash(DomUtils.textContent(node)),
          texts: [],
          readable: [],
        });
        for (const link of DomUtils.getElementsByTagName("a", node))
          if (link.attribs.href)
            links.push({ href: link.attribs.href.trim(), sectionIndex: current().index });
        continue;
      }
      if (name === "a" && node.attribs.href)
        links.push({ href: node.attribs.href.trim(), sectionIndex: current().index });
      // Inside a heading, a link or an affiliate block (its text belongs to the block, which
      // the editor shows as one box) no text is linked, but links inside still count.
      walk(node, linkable && !untouchable.has(name) && !node.attribs["data-block"]);
    }
  };
  walk(document, true);
  return { document, sections, links };
}

/** A section's text as a reader reads it (its heading first), for ranking. */
export function sectionText(section: Section): string {
  return squash([section.heading ?? "", ...section.readable].join(" "));
}
