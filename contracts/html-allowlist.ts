import { headingTags } from "./content-text.ts";

/**
 * The one allowlist for post HTML. The server's sanitizer (`api/content/sanitize.ts`, on
 * sanitize-html) and the editor's paste and load cleaner (`dashboard/.../rich-text/clean-html.ts`,
 * a DOM walk) both read it, so what an owner sees in the editor is what readers get.
 */

/** Affiliate blocks (decision 091): the only values `data-block` may take. */
export const blockKinds = ["product-box", "cta", "pros-cons"] as const;
export type BlockKind = (typeof blockKinds)[number];

/** The parts inside an affiliate block: the only values `data-part` may take. */
export const blockParts = [
  "image",
  "name",
  "description",
  "rating",
  "button",
  "pros",
  "cons",
  "title",
] as const;

/** Where a `data-block` may stand: a product box is an aside, pros and cons a div, a CTA a p. */
export const blockTagOf: Record<BlockKind, string> = {
  "product-box": "aside",
  cta: "p",
  "pros-cons": "div",
};

export const allowedTags = [
  ...headingTags,
  "p",
  "br",
  "hr",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "code",
  "pre",
  "blockquote",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
  "em",
  "strong",
  "b",
  "i",
  "u",
  "s",
  "sub",
  "sup",
  "mark",
  "figure",
  "figcaption",
  // Only as affiliate blocks or their parts: without a valid data-block/data-part they are
  // unwrapped (their content stays), see `keptAttributes`.
  "aside",
  "div",
] as const;

/**
 * How wide an image figure is drawn (decision 350): the text column when absent, wider than it
 * ("wide"), or the whole window ("full"). The public theme styles each.
 */
export const figureWidths = ["wide", "full"] as const;
export type FigureWidth = (typeof figureWidths)[number];

/** Tags that are only kept when they carry a valid `data-block` or `data-part`. */
export const blockOnlyTags = new Set(["aside", "div"]);

export const allowedAttributes: Record<string, readonly string[]> = {
  a: ["href", "title", "rel", "target", "data-affiliate-link"],
  img: ["src", "alt", "title", "width", "height"],
  th: ["colspan", "rowspan", "scope"],
  td: ["colspan", "rowspan"],
  ol: ["start"],
  p: ["data-block", "data-part", "data-rating"],
  aside: ["data-block", "data-rating"],
  div: ["data-block", "data-part"],
  figure: ["data-width"],
};

export const allowedSchemes = ["http", "https", "mailto"] as const;
export const allowedSchemesByTag: Record<string, readonly string[]> = { img: ["http", "https"] };

/** Containers dropped together with their text. */
export const droppedWithContent = [
  "script",
  "style",
  "textarea",
  "option",
  "noscript",
  "title",
  "svg",
  "math",
  "iframe",
  "template",
] as const;

/** The rel every affiliate block link carries (it is paid placement). */
export const affiliateRel = ["sponsored", "noopener"] as const;

const ratingPattern = /^(?:[0-5](?:\.5)?)$/;
const affiliateIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The attributes a tag keeps, beyond the per-tag name allowlist: `data-*` values from the lists
 * above, `rel` completed for new-tab and affiliate links, `target` only as `_blank`.
 * URL schemes are checked by each sanitizer (sanitize-html does it on the server).
 * Answers null when a block-only tag has nothing that makes it a block: unwrap it.
 */
export function keptAttributes(
  tag: string,
  attribs: Record<string, string>,
): Record<string, string> | null {
  const names = allowedAttributes[tag] ?? [];
  const next: Record<string, string> = {};
  // In the order written, so a second pass gives the same text.
  for (const [name, value] of Object.entries(attribs)) {
    if (!names.includes(name)) continue;
    if (name === "data-block" && !(blockKinds as readonly string[]).includes(value)) continue;
    if (name === "data-block" && blockTagOf[value as BlockKind] !== tag) continue;
    if (name === "data-part" && !(blockParts as readonly string[]).includes(value)) continue;
    if (name === "data-rating" && !ratingPattern.test(value)) continue;
    if (name === "data-affiliate-link" && !affiliateIdPattern.test(value)) continue;
    if (name === "data-width" && !(figureWidths as readonly string[]).includes(value)) continue;
    next[name] = value;
  }
  if (tag === "a") {
    const rel = new Set((next.rel ?? "").split(/\s+/).filter(Boolean));
    if (next.target === "_blank") {
      rel.add("noopener");
      rel.add("noreferrer");
    }
    // Paid links say so; an anchor without an address is no link (and may not carry rel).
    if (next["data-affiliate-link"] && next.href) for (const token of affiliateRel) rel.add(token);
    if (rel.size > 0) next.rel = [...rel].join(" ");
    if (next.target && next.target !== "_blank") delete next.target;
  }
  if (blockOnlyTags.has(tag) && !next["data-block"] && !next["data-part"]) return null;
  return next;
}
