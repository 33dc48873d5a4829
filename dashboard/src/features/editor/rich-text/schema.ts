import { figureWidths } from "@contracts/html-allowlist.ts";
import { type AnyExtension, Extension, Mark, Node } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { TableKit } from "@tiptap/extension-table";
import { Placeholder } from "@tiptap/extensions";
import { Markdown } from "@tiptap/markdown";
import StarterKit, { type StarterKitOptions } from "@tiptap/starter-kit";

type LinkOptions = Exclude<StarterKitOptions["link"], false | undefined>;

import { affiliateBlocks } from "./blocks.ts";

/**
 * The editor's schema covers every element the shared allowlist keeps (decision 092), so post
 * HTML that went through the sanitizer loads into the editor and comes out with the same content.
 */

/** A mark for one inline element with no attributes (`<sub>`, `<sup>`, `<mark>`). */
const simpleMark = (name: string, tag: string) =>
  Mark.create({
    name,
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });

export const Subscript = simpleMark("subscript", "sub");
export const Superscript = simpleMark("superscript", "sup");
export const Highlight = simpleMark("highlight", "mark");

/**
 * `<figure>` with its content and an optional `<figcaption>`; an image's figure may be drawn
 * wider than the text (`data-width`, decision 350).
 */
export const Figure = Node.create({
  name: "figure",
  group: "block",
  content: "(block | figcaption)+",
  defining: true,
  addAttributes: () => ({
    width: {
      default: null,
      parseHTML: (element) => {
        const width = element.getAttribute("data-width");
        return (figureWidths as readonly (string | null)[]).includes(width) ? width : null;
      },
      renderHTML: (attributes) => (attributes.width ? { "data-width": attributes.width } : {}),
    },
  }),
  parseHTML: () => [{ tag: "figure" }],
  renderHTML: ({ HTMLAttributes }) => ["figure", HTMLAttributes, 0],
});

export const Figcaption = Node.create({
  name: "figcaption",
  content: "inline*",
  parseHTML: () => [{ tag: "figcaption" }],
  renderHTML: ({ HTMLAttributes }) => ["figcaption", HTMLAttributes, 0],
});

/**
 * What the schema has no node for, kept as written: a table with a `<caption>` (ProseMirror
 * tables hold rows only). Shown read-only in the editor and saved unchanged.
 */
export const HtmlBlock = Node.create({
  name: "htmlBlock",
  group: "block",
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes: () => ({ html: { default: "", rendered: false } }),
  parseHTML: () => [
    {
      tag: "table",
      priority: 100,
      getAttrs: (element) =>
        Array.from(element.children).some((child) => child.localName === "caption")
          ? { html: element.outerHTML }
          : false,
    },
  ],
  renderHTML({ node }) {
    const template = document.createElement("template");
    template.innerHTML = node.attrs.html as string;
    const element = template.content.firstElementChild;
    return element ?? ["p"];
  },
});

/** An attribute kept as written when present. */
const keptAttribute = (name: string) => ({
  default: null,
  parseHTML: (element: HTMLElement) => element.getAttribute(name),
  renderHTML: (attributes: Record<string, unknown>) =>
    attributes[name] ? { [name]: attributes[name] } : {},
});

/** Attributes the allowlist keeps on elements whose TipTap nodes do not know them. */
export const KeptAttributes = Extension.create({
  name: "keptAttributes",
  addGlobalAttributes: () => [
    {
      types: ["link"],
      attributes: { "data-affiliate-link": keptAttribute("data-affiliate-link") },
    },
    { types: ["tableHeader"], attributes: { scope: keptAttribute("scope") } },
  ],
});

/** Links keep the target and rel they were written with; none are added by default. */
const linkOptions: Partial<LinkOptions> = {
  openOnClick: false,
  autolink: true,
  defaultProtocol: "https",
  HTMLAttributes: { target: null, rel: null },
};

const ImageWithSize = Image.configure({ inline: false });

const tableKit = TableKit.configure({ table: { resizable: false } });

export type SchemaOptions = {
  placeholder?: string;
  /** The affiliate block nodes: the plain ones, or the editor's with their React views. */
  blocks?: AnyExtension[];
};

/** Every extension the editor uses, without the React views (tests load HTML through these). */
export function schemaExtensions(options: SchemaOptions = {}): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      link: linkOptions,
    }),
    Subscript,
    Superscript,
    Highlight,
    ImageWithSize,
    Figure,
    Figcaption,
    HtmlBlock,
    tableKit,
    KeptAttributes,
    ...(options.blocks ?? affiliateBlocks),
    Markdown,
    ...(options.placeholder ? [Placeholder.configure({ placeholder: options.placeholder })] : []),
  ];
}
