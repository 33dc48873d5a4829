import render from "dom-serializer";
import { Element, type ParentNode } from "domhandler";
import { parseDocument } from "htmlparser2";

function* affiliateAnchors(parent: ParentNode): Generator<Element> {
  for (const node of parent.children) {
    if (!(node instanceof Element)) continue;
    if (node.name === "a" && node.attribs["data-affiliate-link"]) yield node;
    else yield* affiliateAnchors(node);
  }
}

/**
 * The editor's affiliate buttons (product box, call to action; decision 091) store the link's id
 * beside the merchant address. On the rendered page a button whose id is one of the blog's links
 * goes through the blog's `/go/{id}` route instead, like keyword links: the click is counted and
 * the reader reaches the link's current address. Unknown ids (a deleted link) keep the stored
 * address. The stored post is not touched.
 */
export function routeAffiliateButtons(
  html: string,
  blogLinkIds: ReadonlySet<string>,
  hrefFor: (linkId: string) => string,
): string {
  if (blogLinkIds.size === 0 || !html.includes("data-affiliate-link")) return html;
  const document = parseDocument(html, { decodeEntities: true });
  let changed = false;
  for (const anchor of affiliateAnchors(document)) {
    const id = anchor.attribs["data-affiliate-link"] as string;
    if (!blogLinkIds.has(id)) continue;
    anchor.attribs.href = hrefFor(id);
    changed = true;
  }
  return changed ? render(document, { encodeEntities: "utf8" }) : html;
}
