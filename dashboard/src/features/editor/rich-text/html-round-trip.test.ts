// @vitest-environment happy-dom

import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { sanitizePostHtml } from "../../../../../api/content/sanitize.ts";
import { cleanHtml } from "./clean-html.ts";
import { corpus } from "./fixtures/corpus.ts";
import { schemaExtensions } from "./schema.ts";

const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

/** What the editor saves after loading `html` the way the post editor does. */
function throughEditor(html: string): string {
  const editor = new Editor({ extensions: schemaExtensions(), content: cleanHtml(html) });
  editors.push(editor);
  return editor.getHTML();
}

function tree(html: string) {
  // Parsed as a browser parses a page (tables get their implied <tbody>).
  const body = new DOMParser().parseFromString(html, "text/html").body;
  return body;
}

/** The text a reader sees (white space between blocks is only source formatting). */
const textOf = (html: string) => (tree(html).textContent ?? "").replace(/\s+/g, "");

/** What matters to a reader, element by element: counts of each kind, with links and images. */
function inventory(html: string) {
  const root = tree(html);
  const count = (selector: string) => root.querySelectorAll(selector).length;
  return {
    headings: [1, 2, 3, 4, 5, 6].map((level) => count(`h${level}`)),
    items: count("li"),
    bold: count("strong, b"),
    italic: count("em, i"),
    underline: count("u"),
    strike: count("s"),
    sub: count("sub"),
    sup: count("sup"),
    mark: count("mark"),
    code: count("code"),
    pre: count("pre"),
    quotes: count("blockquote"),
    rules: count("hr"),
    cells: count("td, th"),
    captions: count("caption, figcaption"),
    links: Array.from(root.querySelectorAll("a[href]")).map((a) => [
      a.getAttribute("href"),
      a.getAttribute("rel"),
      a.getAttribute("title"),
      a.getAttribute("data-affiliate-link"),
    ]),
    images: Array.from(root.querySelectorAll("img")).map((img) => [
      img.getAttribute("src"),
      img.getAttribute("alt"),
      img.getAttribute("width"),
    ]),
    blocks: Array.from(root.querySelectorAll("[data-block]")).map((b) =>
      b.getAttribute("data-block"),
    ),
    start: Array.from(root.querySelectorAll("ol")).map((ol) => ol.getAttribute("start")),
  };
}

describe("existing posts load into the editor without losing content", () => {
  for (const [name, raw] of Object.entries(corpus)) {
    it(name, () => {
      const readers = sanitizePostHtml(raw);
      const saved = throughEditor(raw);
      expect(textOf(saved)).toBe(textOf(readers));
      expect(inventory(saved)).toEqual(inventory(readers));
      // What the editor saves passes the server's sanitizer unchanged in substance, and loading
      // it again gives the same HTML: editor → save → sanitizer → editor is a fixpoint.
      expect(inventory(sanitizePostHtml(saved))).toEqual(inventory(saved));
      expect(throughEditor(sanitizePostHtml(saved))).toBe(saved);
    });
  }
});

describe("an image's figure, caption and width (decision 350)", () => {
  const figure =
    '<figure data-width="wide"><img src="https://images.example/bike.png" alt="A red bicycle" width="600" height="400"><figcaption>Parked by the <em>river</em></figcaption></figure>';

  it("come out of the editor as written, and the server's sanitizer keeps them", () => {
    const saved = throughEditor(figure);
    expect(saved).toBe(
      '<figure data-width="wide"><img src="https://images.example/bike.png" alt="A red bicycle" width="600" height="400"><figcaption>Parked by the <em>river</em></figcaption></figure>',
    );
    // The sanitizer writes void elements as `<img />`; the markup is the same.
    expect(sanitizePostHtml(saved).replace(" />", ">")).toBe(saved);
    expect(throughEditor(sanitizePostHtml(saved))).toBe(saved);
  });

  it("keep only the widths the theme draws", () => {
    for (const width of ["wide", "full"]) {
      const html = `<figure data-width="${width}"><img src="https://images.example/a.png" alt="A"></figure>`;
      expect(sanitizePostHtml(html)).toContain(`data-width="${width}"`);
      expect(throughEditor(html)).toContain(`data-width="${width}"`);
    }
    const odd =
      '<figure data-width="huge" class="x"><img src="https://images.example/a.png" alt="A"></figure>';
    expect(sanitizePostHtml(odd)).toBe(
      '<figure><img src="https://images.example/a.png" alt="A" /></figure>',
    );
    expect(throughEditor(odd)).toBe(
      '<figure><img src="https://images.example/a.png" alt="A"></figure>',
    );
  });
});
