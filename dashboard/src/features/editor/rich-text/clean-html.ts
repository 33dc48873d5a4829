import {
  allowedSchemes,
  allowedSchemesByTag,
  allowedTags,
  droppedWithContent,
  keptAttributes,
} from "@contracts/html-allowlist.ts";

/**
 * The browser twin of the server's sanitizer (`api/content/sanitize.ts`): the same allowlist from
 * `contracts/html-allowlist.ts`, applied by a walk over a parsed DOM instead of sanitize-html
 * (a Node library). Decision 090. A test runs both over one corpus and compares the trees.
 */

const allowed = new Set<string>(allowedTags);
const dropped = new Set<string>(droppedWithContent);

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

function attributesOf(element: Element): Record<string, string> {
  const out: Record<string, string> = {};
  for (const attribute of Array.from(element.attributes))
    out[attribute.name.toLowerCase()] = attribute.value;
  return out;
}

/** Appends a clean copy of `source`'s children to `target`. */
function copyChildren(source: Node, target: Node, doc: Document) {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === 3) {
      target.appendChild(doc.createTextNode(child.textContent ?? ""));
      continue;
    }
    if (child.nodeType !== 1) continue; // comments, processing instructions
    const element = child as Element;
    const tag = element.tagName.toLowerCase();
    if (dropped.has(tag)) continue;
    if (!allowed.has(tag)) {
      copyChildren(element, target, doc);
      continue;
    }
    const attributes = keptAttributes(tag, attributesOf(element));
    if (attributes === null) {
      copyChildren(element, target, doc);
      continue;
    }
    for (const name of ["href", "src"]) {
      const value = attributes[name];
      if (value !== undefined && !urlAllowed(tag, value)) delete attributes[name];
    }
    // An image whose source was refused shows nothing to readers.
    if (tag === "img" && !attributes.src) continue;
    const copy = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) copy.setAttribute(name, value);
    copyChildren(element, copy, doc);
    target.appendChild(copy);
  }
}

/** Parses HTML without running it: a `<template>` keeps scripts inert and images unloaded. */
function parse(html: string, doc: Document): DocumentFragment {
  const template = doc.createElement("template");
  template.innerHTML = html;
  return template.content;
}

/** Post HTML cleaned by the shared allowlist, as a string. */
export function cleanHtml(html: string, doc: Document = document): string {
  const out = doc.createElement("div");
  copyChildren(parse(html, doc), out, doc);
  return out.innerHTML;
}

const bold = /^(bold|bolder|[6-9]00)$/;

/**
 * Formatting that Google Docs, Word and many web pages express only with inline styles, turned
 * into the elements the allowlist keeps, before the style attributes are dropped. Google Docs
 * wraps a whole paste in `<b style="font-weight:normal" id="docs-internal-guid-…">`: that `<b>`
 * is not bold.
 */
function styledToElements(root: ParentNode, doc: Document) {
  for (const element of Array.from(root.querySelectorAll<HTMLElement>("[style], b, strong"))) {
    const style = element.style;
    const tag = element.tagName.toLowerCase();
    const weight = style?.fontWeight?.trim().toLowerCase() ?? "";
    if (
      (tag === "b" || tag === "strong") &&
      (element.id.startsWith("docs-internal-guid") ||
        weight === "normal" ||
        /^[1-5]00$/.test(weight))
    ) {
      element.replaceWith(...Array.from(element.childNodes));
      continue;
    }
    if (tag !== "span" && tag !== "font") continue;
    const wrappers: string[] = [];
    if (bold.test(weight)) wrappers.push("strong");
    if (style.fontStyle?.trim().toLowerCase() === "italic") wrappers.push("em");
    const decoration =
      `${style.textDecoration ?? ""} ${style.textDecorationLine ?? ""}`.toLowerCase();
    if (decoration.includes("underline")) wrappers.push("u");
    if (decoration.includes("line-through")) wrappers.push("s");
    const align = style.verticalAlign?.trim().toLowerCase();
    if (align === "super") wrappers.push("sup");
    if (align === "sub") wrappers.push("sub");
    if (wrappers.length === 0) continue;
    let inner: Node = doc.createDocumentFragment();
    for (const child of Array.from(element.childNodes)) inner.appendChild(child);
    for (const name of wrappers.reverse()) {
      const wrapper = doc.createElement(name);
      wrapper.appendChild(inner);
      inner = wrapper;
    }
    element.appendChild(inner);
  }
}

/**
 * Pasted HTML (Google Docs, Word, web pages) as the editor takes it: inline-style formatting
 * turned into elements, then the shared allowlist.
 */
export function cleanPastedHtml(html: string, doc: Document = document): string {
  const fragment = parse(
    // Word's conditional comments and Office namespaces (`<o:p>`) carry nothing readers see.
    html.replace(/<!--\[if[\s\S]*?<!\[endif\]-->/gi, ""),
    doc,
  );
  styledToElements(fragment, doc);
  // Google Docs puts `<br class="Apple-interchange-newline">` at the end of a copied range.
  for (const br of Array.from(fragment.querySelectorAll("br.Apple-interchange-newline")))
    br.remove();
  const out = doc.createElement("div");
  copyChildren(fragment, out, doc);
  return out.innerHTML;
}
