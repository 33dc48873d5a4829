import {
  allowedSchemes,
  allowedSchemesByTag,
  allowedTags,
  droppedWithContent,
  keptAttributes,
} from "@contracts/html-allowlist.ts";
import { type ChildNode, Element, type ParentNode, Text } from "domhandler";
import { parseDocument } from "htmlparser2";

/**
 * The browser twin of the server's sanitizer (`api/content/sanitize.ts`): the same allowlist from
 * `contracts/html-allowlist.ts`, and the same parser sanitize-html uses (htmlparser2, pure
 * JavaScript), walked here instead of by sanitize-html (a Node library). Decision 090.
 * Untrusted HTML never meets the browser's own parser before it is clean: no image loads, no
 * handler is compiled, nothing is reported to the page's CSP. A test runs both sanitizers over
 * one corpus and compares the trees.
 */

const allowed = new Set<string>(allowedTags);
const dropped = new Set<string>(droppedWithContent);
const voidTags = new Set(["br", "hr", "img"]);

/** The scheme of a URL as a browser reads it, or null for a relative one (as sanitize-html). */
function schemeOf(url: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore these in URLs
  const compact = url.replace(/[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g, "");
  const match = compact.match(/^([A-Za-z][A-Za-z0-9+\-.]*):/);
  if (match) return (match[1] as string).toLowerCase();
  if (compact.startsWith("//") || compact.startsWith("\\\\") || compact.startsWith("/\\"))
    return "//";
  return null;
}

function urlAllowed(tag: string, url: string): boolean {
  const scheme = schemeOf(url);
  if (scheme === null) return true;
  if (scheme === "//") return false;
  const schemes = allowedSchemesByTag[tag] ?? allowedSchemes;
  return schemes.includes(scheme);
}

const escapeText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, "&quot;");

/**
 * ProseMirror's own clipboard marker (`data-pm-slice="1 1 []"`): how deep the copied range was
 * open, so a paste of part of a list lands as list items. Kept on pasted HTML only.
 */
const pmSlice = /^\d+ \d+(?: .*)?$/;

/** The clean HTML of `nodes`, appended to `out`. */
function serialize(nodes: ChildNode[], out: string[], pasted = false) {
  for (const node of nodes) {
    if (node instanceof Text) {
      out.push(escapeText(node.data));
      continue;
    }
    if (!(node instanceof Element)) continue; // comments, directives, CDATA
    const tag = node.name.toLowerCase();
    if (dropped.has(tag)) continue;
    if (!allowed.has(tag)) {
      serialize(node.children, out, pasted);
      continue;
    }
    const attributes = keptAttributes(tag, node.attribs);
    if (attributes === null) {
      serialize(node.children, out, pasted);
      continue;
    }
    const slice = node.attribs["data-pm-slice"];
    if (pasted && slice && pmSlice.test(slice)) attributes["data-pm-slice"] = slice;
    for (const name of ["href", "src"]) {
      const value = attributes[name];
      if (value !== undefined && !urlAllowed(tag, value)) delete attributes[name];
    }
    // An image whose source was refused shows nothing to readers.
    if (tag === "img" && !attributes.src) continue;
    out.push(`<${tag}`);
    for (const [name, value] of Object.entries(attributes))
      out.push(` ${name}="${escapeAttribute(value)}"`);
    out.push(">");
    if (voidTags.has(tag)) continue;
    serialize(node.children, out, pasted);
    out.push(`</${tag}>`);
  }
}

const parse = (html: string) =>
  parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });

/** Post HTML cleaned by the shared allowlist, as a string. */
export function cleanHtml(html: string): string {
  const out: string[] = [];
  serialize(parse(html).children, out);
  return out.join("");
}

/** An inline `style` attribute as property → value (lower-case, trimmed). */
function styleOf(element: Element): Map<string, string> {
  const style = new Map<string, string>();
  for (const declaration of (element.attribs.style ?? "").split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .replace(/!important/i, "")
      .trim()
      .toLowerCase();
    if (property) style.set(property, value);
  }
  return style;
}

/** Replaces `node` in its parent by `replacements`. */
function replaceNode(node: ChildNode, replacements: ChildNode[]) {
  const parent = node.parent as ParentNode | null;
  if (!parent) return;
  const index = parent.children.indexOf(node);
  parent.children.splice(index, 1, ...replacements);
  for (const child of replacements) child.parent = parent;
}

const bold = /^(bold|bolder|[6-9]00)$/;

/** The elements a styled `<span>` stands for, outermost first. */
function wrappersFor(style: Map<string, string>): string[] {
  const wrappers: string[] = [];
  if (bold.test(style.get("font-weight") ?? "")) wrappers.push("strong");
  if (style.get("font-style") === "italic") wrappers.push("em");
  const decoration = `${style.get("text-decoration") ?? ""} ${style.get("text-decoration-line") ?? ""}`;
  if (decoration.includes("underline")) wrappers.push("u");
  if (decoration.includes("line-through")) wrappers.push("s");
  const align = style.get("vertical-align");
  if (align === "super") wrappers.push("sup");
  if (align === "sub") wrappers.push("sub");
  return wrappers;
}

/**
 * Formatting that Google Docs, Word and many web pages express only with inline styles, turned
 * into the elements the allowlist keeps, before the style attributes are dropped. Google Docs
 * wraps a whole paste in `<b style="font-weight:normal" id="docs-internal-guid-…">`: that `<b>`
 * is not bold. Google Docs also ends a copied range with `<br class="Apple-interchange-newline">`.
 */
function styledToElements(parent: ParentNode) {
  for (const node of [...parent.children]) {
    if (!(node instanceof Element)) continue;
    styledToElements(node);
    const tag = node.name.toLowerCase();
    const style = styleOf(node);
    if (tag === "br" && /\bApple-interchange-newline\b/.test(node.attribs.class ?? "")) {
      replaceNode(node, []);
      continue;
    }
    const weight = style.get("font-weight") ?? "";
    if (
      (tag === "b" || tag === "strong") &&
      ((node.attribs.id ?? "").startsWith("docs-internal-guid") ||
        weight === "normal" ||
        /^[1-5]00$/.test(weight))
    ) {
      replaceNode(node, node.children);
      continue;
    }
    if (tag !== "span" && tag !== "font") continue;
    const wrappers = wrappersFor(style);
    if (wrappers.length === 0) continue;
    let inner: ChildNode[] = node.children;
    for (const name of wrappers.reverse()) {
      const wrapper = new Element(name, {}, inner);
      for (const child of inner) child.parent = wrapper;
      inner = [wrapper];
    }
    replaceNode(node, inner);
  }
}

/**
 * Pasted HTML (Google Docs, Word, web pages) as the editor takes it: inline-style formatting
 * turned into elements, then the shared allowlist.
 */
export function cleanPastedHtml(html: string): string {
  // Word's conditional comments and Office namespaces (`<o:p>`) carry nothing readers see.
  const document = parse(html.replace(/<!--\[if[\s\S]*?<!\[endif\]-->/gi, ""));
  styledToElements(document);
  const out: string[] = [];
  serialize(document.children, out, true);
  return out.join("");
}
