import { affiliateRel } from "@contracts/html-allowlist.ts";
import { Node } from "@tiptap/core";
import type { DOMOutputSpec } from "@tiptap/pm/model";

/**
 * The affiliate blocks (decision 091) as schema nodes: atoms edited through a form in their node
 * view (`block-views.tsx`), stored as semantic HTML with the `data-*` attributes the shared
 * allowlist keeps. `parseHTML` reads back exactly what `renderHTML` writes, so a block
 * survives editor → save → sanitizer → render → editor.
 */

export type ProductBoxAttrs = {
  src: string;
  alt: string;
  name: string;
  description: string;
  /** "0" to "5" in halves, or "" for no rating. */
  rating: string;
  linkId: string;
  href: string;
  label: string;
};

export type CallToActionAttrs = { linkId: string; href: string; label: string };
export type ProsConsAttrs = { pros: string[]; cons: string[] };

export const defaultButtonLabel = "Check price";

const text = (element: Element | null | undefined) => element?.textContent?.trim() ?? "";

/** Attribute specs that are not rendered on their own: each block writes its whole markup. */
function plain<T extends Record<string, unknown>>(defaults: T) {
  return Object.fromEntries(
    Object.entries(defaults).map(([name, value]) => [name, { default: value, rendered: false }]),
  );
}

/** The affiliate button: a link to one of the blog's affiliate links, marked as paid. */
function affiliateAnchor(attrs: { linkId: string; href: string; label: string }): DOMOutputSpec {
  return [
    "a",
    {
      // No link chosen yet: no href, so it is not a link to the page itself.
      href: attrs.href || null,
      "data-affiliate-link": attrs.linkId || null,
      rel: attrs.href ? affiliateRel.join(" ") : null,
    },
    attrs.label || defaultButtonLabel,
  ];
}

export const ratingText = (rating: string) => `Rating: ${rating} out of 5`;

export const ProductBox = Node.create({
  name: "productBox",
  group: "block",
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return plain<ProductBoxAttrs>({
      src: "",
      alt: "",
      name: "",
      description: "",
      rating: "",
      linkId: "",
      href: "",
      label: defaultButtonLabel,
    });
  },
  parseHTML() {
    return [
      {
        tag: 'aside[data-block="product-box"]',
        priority: 100,
        getAttrs: (element): ProductBoxAttrs => {
          const image = element.querySelector("img");
          const anchor = element.querySelector('[data-part="button"] a, a');
          return {
            src: image?.getAttribute("src") ?? "",
            alt: image?.getAttribute("alt") ?? "",
            name: text(element.querySelector('[data-part="name"]')),
            description: text(element.querySelector('[data-part="description"]')),
            rating: element.getAttribute("data-rating") ?? "",
            linkId: anchor?.getAttribute("data-affiliate-link") ?? "",
            href: anchor?.getAttribute("href") ?? "",
            label: text(anchor) || defaultButtonLabel,
          };
        },
      },
    ];
  },
  renderHTML({ node }) {
    const a = node.attrs as ProductBoxAttrs;
    const parts: DOMOutputSpec[] = [];
    if (a.src) parts.push(["img", { src: a.src, alt: a.alt }]);
    parts.push(["p", { "data-part": "name" }, a.name]);
    if (a.description) parts.push(["p", { "data-part": "description" }, a.description]);
    if (a.rating) parts.push(["p", { "data-part": "rating" }, ratingText(a.rating)]);
    if (a.href) parts.push(["p", { "data-part": "button" }, affiliateAnchor(a)]);
    return [
      "aside",
      { "data-block": "product-box", "data-rating": a.rating || null },
      ...parts,
    ] as DOMOutputSpec;
  },
});

export const CallToAction = Node.create({
  name: "callToAction",
  group: "block",
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return plain<CallToActionAttrs>({ linkId: "", href: "", label: defaultButtonLabel });
  },
  parseHTML() {
    return [
      {
        tag: 'p[data-block="cta"]',
        priority: 100,
        getAttrs: (element): CallToActionAttrs => {
          const anchor = element.querySelector("a");
          return {
            linkId: anchor?.getAttribute("data-affiliate-link") ?? "",
            href: anchor?.getAttribute("href") ?? "",
            label: text(anchor) || text(element) || defaultButtonLabel,
          };
        },
      },
    ];
  },
  renderHTML({ node }) {
    const a = node.attrs as CallToActionAttrs;
    return ["p", { "data-block": "cta" }, affiliateAnchor(a)];
  },
});

const items = (element: Element, part: "pros" | "cons") =>
  Array.from(element.querySelectorAll(`[data-part="${part}"] li`))
    .map((li) => text(li))
    .filter(Boolean);

export const ProsCons = Node.create({
  name: "prosCons",
  group: "block",
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return plain<ProsConsAttrs>({ pros: [], cons: [] });
  },
  parseHTML() {
    return [
      {
        tag: 'div[data-block="pros-cons"]',
        priority: 100,
        getAttrs: (element): ProsConsAttrs => ({
          pros: items(element, "pros"),
          cons: items(element, "cons"),
        }),
      },
    ];
  },
  renderHTML({ node }) {
    const a = node.attrs as ProsConsAttrs;
    const list = (part: "pros" | "cons", title: string, entries: string[]): DOMOutputSpec =>
      [
        "div",
        { "data-part": part },
        ["p", { "data-part": "title" }, title],
        [
          "ul",
          ...entries
            .map((entry) => entry.trim())
            .filter(Boolean)
            .map((entry) => ["li", entry]),
        ],
      ] as DOMOutputSpec;
    return [
      "div",
      { "data-block": "pros-cons" },
      list("pros", "Pros", a.pros),
      list("cons", "Cons", a.cons),
    ];
  },
});

export const affiliateBlocks = [ProductBox, CallToAction, ProsCons];
