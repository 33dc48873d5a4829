import type { Editor, Range } from "@tiptap/core";
import { defaultButtonLabel } from "./blocks.ts";

/** A block the '/' menu inserts. `image` asks the host for an image (dialog or media picker). */
export type BlockCommand = {
  title: string;
  description: string;
  keywords: string[];
  run: (editor: Editor, range: Range, host: { pickImage: () => void }) => void;
};

const chain = (editor: Editor, range: Range) => editor.chain().focus().deleteRange(range);

export const blockCommands: BlockCommand[] = [
  {
    title: "Heading 2",
    description: "Section heading",
    keywords: ["h2", "title", "heading"],
    run: (e, r) => chain(e, r).setNode("heading", { level: 2 }).run(),
  },
  {
    title: "Heading 3",
    description: "Subsection heading",
    keywords: ["h3", "subheading"],
    run: (e, r) => chain(e, r).setNode("heading", { level: 3 }).run(),
  },
  {
    title: "Bulleted list",
    description: "A list with bullets",
    keywords: ["ul", "bullet", "unordered"],
    run: (e, r) => chain(e, r).toggleBulletList().run(),
  },
  {
    title: "Numbered list",
    description: "A list with numbers",
    keywords: ["ol", "ordered", "number"],
    run: (e, r) => chain(e, r).toggleOrderedList().run(),
  },
  {
    title: "Quote",
    description: "A quotation",
    keywords: ["blockquote", "citation"],
    run: (e, r) => chain(e, r).toggleBlockquote().run(),
  },
  {
    title: "Code block",
    description: "Preformatted code",
    keywords: ["pre", "code", "snippet"],
    run: (e, r) => chain(e, r).toggleCodeBlock().run(),
  },
  {
    title: "Divider",
    description: "A horizontal rule",
    keywords: ["hr", "rule", "separator", "line"],
    run: (e, r) => chain(e, r).setHorizontalRule().run(),
  },
  {
    title: "Table",
    description: "A 3 × 3 table with a header row",
    keywords: ["grid", "table"],
    run: (e, r) => chain(e, r).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  },
  {
    title: "Image",
    description: "A picture with alt text",
    keywords: ["img", "photo", "picture"],
    run: (e, r, host) => {
      chain(e, r).run();
      host.pickImage();
    },
  },
  {
    title: "Product box",
    description: "Affiliate product: image, name, rating, button",
    keywords: ["affiliate", "product", "review"],
    run: (e, r) =>
      chain(e, r)
        .insertContent({ type: "productBox", attrs: { label: defaultButtonLabel } })
        .run(),
  },
  {
    title: "Call to action",
    description: "An affiliate button",
    keywords: ["cta", "button", "affiliate"],
    run: (e, r) => chain(e, r).insertContent({ type: "callToAction" }).run(),
  },
  {
    title: "Pros and cons",
    description: "Two lists side by side",
    keywords: ["pros", "cons", "review", "affiliate"],
    run: (e, r) => chain(e, r).insertContent({ type: "prosCons" }).run(),
  },
];

/** The commands whose title or keywords start with the typed query. */
export function matchingCommands(query: string): BlockCommand[] {
  const q = query.trim().toLowerCase();
  if (!q) return blockCommands;
  return blockCommands.filter(
    (command) =>
      command.title.toLowerCase().includes(q) || command.keywords.some((k) => k.startsWith(q)),
  );
}
