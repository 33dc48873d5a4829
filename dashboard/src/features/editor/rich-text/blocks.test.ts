// @vitest-environment happy-dom

import { Editor, type JSONContent } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { sanitizePostHtml } from "../../../../../api/content/sanitize.ts";
import { insertAffiliateLinks } from "../../../../../site-builder/affiliate/insert-links.ts";
import { blockCommands } from "./block-commands.ts";
import { cleanHtml } from "./clean-html.ts";
import { schemaExtensions } from "./schema.ts";

const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

function editorWith(content: string | JSONContent) {
  const editor = new Editor({ extensions: schemaExtensions(), content });
  editors.push(editor);
  return editor;
}

const product = {
  src: "https://shop.example/bin.jpg",
  alt: "A green bin",
  name: "HotBin Mk II",
  description: "Composts in 30 days, even in winter & rain.",
  rating: "4.5",
  linkId: "lnk_1",
  href: "https://shop.example/bin?ref=me&x=1",
  label: "See the price",
};
const cta = { linkId: "lnk_2", href: "https://shop.example/deal", label: "Get 20% off" };
const prosCons = { pros: ["Fast", "Quiet <really>"], cons: ["Pricey"] };

const doc: JSONContent = {
  type: "doc",
  content: [
    { type: "paragraph", content: [{ type: "text", text: "Our pick: the hot bin." }] },
    { type: "productBox", attrs: product },
    { type: "callToAction", attrs: cta },
    { type: "prosCons", attrs: prosCons },
  ],
};

/** What readers get: the render's sanitize-and-link step (api/workers/cpu-tasks.ts). */
const rendered = (html: string) =>
  insertAffiliateLinks(sanitizePostHtml(html), [{ id: "lnk_9", keyword: "hot bin" }], {
    hrefFor: (id) => `../go/${id}`,
  }).html;

describe("affiliate blocks", () => {
  it("are stored as semantic HTML with the data attributes the sanitizer keeps", () => {
    const html = editorWith(doc).getHTML();
    expect(html).toContain(
      '<aside data-block="product-box" data-rating="4.5"><img src="https://shop.example/bin.jpg" alt="A green bin"><p data-part="name">HotBin Mk II</p><p data-part="description">Composts in 30 days, even in winter &amp; rain.</p><p data-part="rating">Rating: 4.5 out of 5</p><p data-part="button"><a href="https://shop.example/bin?ref=me&amp;x=1" data-affiliate-link="lnk_1" rel="sponsored noopener">See the price</a></p></aside>',
    );
    expect(html).toContain(
      '<p data-block="cta"><a href="https://shop.example/deal" data-affiliate-link="lnk_2" rel="sponsored noopener">Get 20% off</a></p>',
    );
    expect(html).toContain(
      '<div data-block="pros-cons"><div data-part="pros"><p data-part="title">Pros</p><ul><li>Fast</li><li>Quiet &lt;really&gt;</li></ul></div><div data-part="cons"><p data-part="title">Cons</p><ul><li>Pricey</li></ul></div></div>',
    );
  });

  it("round-trip: editor → save → sanitizer → render → editor keeps every field", () => {
    const saved = editorWith(doc).getHTML();
    const readers = rendered(saved);
    // The sanitizer keeps the blocks exactly; the keyword linker leaves the product box alone
    // and links the keyword in the paragraph only.
    expect(readers).toContain(
      '<p>Our pick: the <a href="../go/lnk_9" rel="sponsored nofollow">hot bin</a>.</p>',
    );
    expect(readers.slice(readers.indexOf("<aside"))).toBe(saved.slice(saved.indexOf("<aside")));
    const again = editorWith(cleanHtml(readers)).getJSON();
    expect(again.content?.slice(1)).toEqual(doc.content?.slice(1));
  });

  it("links keep rel=sponsored noopener even when hand-written without it", () => {
    const out = sanitizePostHtml(
      '<p data-block="cta"><a href="https://shop.example/" data-affiliate-link="lnk_1" rel="nofollow" target="_blank">Buy</a></p>',
    );
    expect(out).toBe(
      '<p data-block="cta"><a href="https://shop.example/" data-affiliate-link="lnk_1" rel="nofollow noopener noreferrer sponsored" target="_blank">Buy</a></p>',
    );
  });

  it("a button with no link chosen is no link: no address, no rel", () => {
    expect(sanitizePostHtml('<p data-block="cta"><a data-affiliate-link="lnk_1">Buy</a></p>')).toBe(
      '<p data-block="cta"><a data-affiliate-link="lnk_1">Buy</a></p>',
    );
  });

  it("the sanitizer refuses unknown block kinds, parts, ratings and block tags out of place", () => {
    expect(
      sanitizePostHtml(
        '<aside data-block="ad" onclick="x()"><p data-part="tracking" data-rating="11">x</p></aside><div data-block="product-box">y</div><p data-block="pros-cons">z</p>',
      ),
    ).toBe("<p>x</p>y<p>z</p>");
  });

  it("the '/' menu inserts each block, and an empty block saves without broken markup", () => {
    const inserted = (title: string) => {
      const editor = editorWith("<p>/</p>");
      const command = blockCommands.find((c) => c.title === title);
      command?.run(editor, { from: 1, to: 2 }, { pickImage: () => {} });
      return editor.getHTML();
    };
    const html = ["Product box", "Call to action", "Pros and cons"].map(inserted).join("");
    expect(html).not.toContain(">/<");
    expect(html).toContain('<aside data-block="product-box"><p data-part="name"></p></aside>');
    expect(html).toContain('<p data-block="cta"><a>Check price</a></p>');
    expect(html).toContain('<div data-block="pros-cons">');
    expect(sanitizePostHtml(html)).toContain('<aside data-block="product-box">');
  });
});
