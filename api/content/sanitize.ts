import sanitizeHtml from "sanitize-html";
import { headingTags } from "../../contracts/content-text.ts";

/**
 * Owner and AI HTML is stored as written and passes through here before any reader gets it.
 * An allowlist: headings, paragraphs, lists, links, images, code, quotes, tables, emphasis.
 * Everything else (scripts, styles, SVG, MathML, frames, forms, event handlers, class and
 * style attributes, javascript:/data: URLs) is dropped.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Text inside dropped containers like <script> or <style> is dropped with them.
  nonTextTags: [
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
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const rel = new Set((attribs.rel ?? "").split(/\s+/).filter(Boolean));
      if (attribs.target === "_blank") {
        rel.add("noopener");
        rel.add("noreferrer");
      }
      const next: Record<string, string> = { ...attribs };
      if (rel.size > 0) next.rel = [...rel].join(" ");
      if (next.target && next.target !== "_blank") delete next.target;
      return { tagName, attribs: next };
    },
  },
  // An image whose source was refused (data:, javascript:, …) shows nothing to readers.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, options);
}
