import { wholePhrasePattern } from "@contracts/content-text.ts";
import type { Editor } from "@tiptap/core";
import type { Node as ProseMirrorNode } from "@tiptap/pm/model";

/** An internal link to put in: the section it belongs to, its words there, its address. */
export type InternalLinkToInsert = { sectionIndex: number; anchorText: string; href: string };

/** Nodes whose text never takes a link: code blocks (headings are handled on their own). */
const unlinkedNodes = new Set(["codeBlock"]);
/** Marks whose text never takes a second link. */
const unlinkedMarks = new Set(["link", "code"]);

/**
 * Where the anchor text first stands in its section, as the server counted it (decision 331):
 * section 0 is the text before the first H2, section n the text under the n-th; never in a
 * heading, code, an existing link or an affiliate block (an atom, without text). Whole words,
 * any case, any white space between them; null when the text is no longer there.
 */
export function findInternalLinkAnchor(
  doc: ProseMirrorNode,
  link: InternalLinkToInsert,
): { from: number; to: number } | null {
  const pattern = wholePhrasePattern(link.anchorText);
  let section = 0;
  let found: { from: number; to: number } | null = null;
  doc.descendants((node, pos) => {
    if (found || section > link.sectionIndex) return false;
    if (node.type.name === "heading") {
      if (node.attrs.level === 2) section++;
      return false;
    }
    if (unlinkedNodes.has(node.type.name)) return false;
    if (!node.isText) return true;
    if (section !== link.sectionIndex || node.marks.some((m) => unlinkedMarks.has(m.type.name)))
      return false;
    const match = pattern.exec(node.text ?? "");
    if (match) found = { from: pos + match.index, to: pos + match.index + match[0].length };
    return false;
  });
  return found;
}

/**
 * Links the anchor text through the editor's own commands, so Undo takes it back like any
 * edit. False when the text is not in its section any more (the owner changed it).
 */
export function insertInternalLink(editor: Editor, link: InternalLinkToInsert): boolean {
  if (link.anchorText.trim() === "") return false;
  const range = findInternalLinkAnchor(editor.state.doc, link);
  if (!range) return false;
  return editor.chain().setTextSelection(range).setLink({ href: link.href }).run();
}
