// @vitest-environment happy-dom

import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { insertInternalLinks } from "../../../../../api/features/internal-links/insert.ts";
import { cleanHtml } from "./clean-html.ts";
import { findInternalLinkAnchor, insertInternalLink } from "./internal-links.ts";
import { schemaExtensions } from "./schema.ts";

const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

function editorWith(html: string): Editor {
  const editor = new Editor({ extensions: schemaExtensions(), content: cleanHtml(html) });
  editors.push(editor);
  return editor;
}

/** A post as the editor saves it: sections, lists, code, links, an H3 and an affiliate box. */
const post = editorWith(
  [
    "<p>Kitchen scraps go in a <strong>bokashi</strong> bin, or a bokashi bin outside.</p>",
    "<h2>Worms</h2>",
    '<h3>Worm composting</h3><p><a href="https://example.com/">worm composting</a> and <code>worm composting</code>.</p>',
    '<aside data-block="product-box"><p data-part="name">Worm composting kit</p></aside>',
    "<ul><li><p>Red wigglers make Worm  Composting easy.</p></li></ul>",
    "<h2>Beds</h2><blockquote><p>A raised bed warms early.</p></blockquote>",
    // Last, a paragraph: the editor adds an empty one after a last block of any other kind.
    "<p>More soon.</p>",
  ].join(""),
).getHTML();

const links = [
  { sectionIndex: 0, anchorText: "bokashi bin", href: "../post/bokashi-bin" },
  { sectionIndex: 1, anchorText: "worm composting", href: "../post/worms" },
  { sectionIndex: 2, anchorText: "raised bed", href: "../post/beds" },
];

describe("internal links in the editor", () => {
  it("links the same words as the server's inserter, section by section", () => {
    const editor = editorWith(post);
    for (const link of links) expect(insertInternalLink(editor, link)).toBe(true);
    const server = insertInternalLinks(
      post,
      links.map((l) => ({ ...l, target: { href: l.href } })),
    );
    expect(server.inserted).toHaveLength(3);
    expect(editor.getHTML()).toBe(editorWith(server.html).getHTML());
    expect(editor.getHTML()).toContain(
      'or a <a href="../post/bokashi-bin">bokashi bin</a> outside',
    );
    expect(editor.getHTML()).toContain('make <a href="../post/worms">Worm Composting</a> easy');
  });

  it("takes the link back with Undo, like any edit", () => {
    const editor = editorWith(post);
    expect(insertInternalLink(editor, links[2] as (typeof links)[number])).toBe(true);
    expect(editor.getHTML()).toContain('<a href="../post/beds">raised bed</a>');
    editor.commands.undo();
    expect(editor.getHTML()).toBe(post);
  });

  it("finds nothing when the words are gone from the section, or only in another one", () => {
    const editor = editorWith(post);
    expect(
      findInternalLinkAnchor(editor.state.doc, { ...links[0], sectionIndex: 2 } as never),
    ).toBeNull();
    expect(
      insertInternalLink(editor, { sectionIndex: 1, anchorText: "compost heap", href: "x" }),
    ).toBe(false);
    expect(insertInternalLink(editor, { sectionIndex: 0, anchorText: " ", href: "x" })).toBe(false);
    expect(editor.getHTML()).toBe(post);
  });
});
