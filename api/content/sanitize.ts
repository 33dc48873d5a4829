import sanitizeHtml from "sanitize-html";
import {
  allowedAttributes,
  allowedSchemes,
  allowedSchemesByTag,
  allowedTags,
  blockOnlyTags,
  droppedWithContent,
  keptAttributes,
} from "../../contracts/html-allowlist.ts";

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
      return { tagName, attribs: keptAttributes(tag, attribs) ?? {} };
    },
  },
  exclusiveFilter: (frame) => {
    // An image whose source was refused (data:, javascript:, …) shows nothing to readers.
    if (frame.tag === "img" && !frame.attribs.src) return true;
    // A div or aside that is not an affiliate block (or part of one) is unwrapped, content kept.
    // (Renaming it to a disallowed tag in transformTags leaks a closing tag in sanitize-html.)
    if (blockOnlyTags.has(frame.tag) && !frame.attribs["data-block"] && !frame.attribs["data-part"])
      return "excludeTag";
    return false;
  },
};

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, options);
}
