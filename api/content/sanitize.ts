import sanitizeHtml from "sanitize-html";
import {
  allowedAttributes,
  allowedSchemes,
  allowedSchemesByTag,
  allowedTags,
  droppedWithContent,
  keptAttributes,
} from "../../contracts/html-allowlist.ts";

/** A tag name no allowlist holds: renaming to it unwraps an element and keeps its content. */
const unwrap = "blogfleet-unwrap";

/**
 * Owner and AI HTML is stored as written and passes through here before any reader gets it.
 * The allowlist (tags, attributes, `data-*` values of the affiliate blocks, schemes) lives in
 * `contracts/html-allowlist.ts`, shared with the editor's paste cleaner. Everything else
 * (scripts, styles, SVG, MathML, frames, forms, event handlers, class and style attributes,
 * javascript:/data: URLs) is dropped.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...allowedTags],
  allowedAttributes: Object.fromEntries(
    Object.entries(allowedAttributes).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: [...allowedSchemes],
  allowedSchemesByTag: Object.fromEntries(
    Object.entries(allowedSchemesByTag).map(([tag, schemes]) => [tag, [...schemes]]),
  ),
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Text inside dropped containers like <script> or <style> is dropped with them.
  nonTextTags: [...droppedWithContent],
  transformTags: {
    "*": (tagName, attribs) => {
      const tag = tagName.toLowerCase();
      if (!(allowedTags as readonly string[]).includes(tag)) return { tagName, attribs };
      const kept = keptAttributes(tag, attribs);
      return kept ? { tagName, attribs: kept } : { tagName: unwrap, attribs: {} };
    },
  },
  // An image whose source was refused (data:, javascript:, …) shows nothing to readers.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, options);
}
