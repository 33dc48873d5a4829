import { Parser } from "htmlparser2";

/** The blog's own host names: links to them are not outbound. */
export type OwnHosts = { subdomain: string | null; customDomain: string | null };

const isOwnHost = (host: string, own: OwnHosts) =>
  (own.customDomain !== null && host === own.customDomain.toLowerCase()) ||
  (own.subdomain !== null && host.startsWith(`${own.subdomain.toLowerCase()}.`));

/**
 * The distinct outbound links of a post's HTML: absolute http(s) `<a href>` addresses on a
 * host other than the blog's own, without their fragment (a page is checked once, whatever
 * the anchor), in the order they first appear.
 */
export function outboundLinks(html: string, own: OwnHosts): string[] {
  const found = new Set<string>();
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== "a" || !attributes.href) return;
        const url = linkTarget(attributes.href);
        if (url && !isOwnHost(new URL(url).hostname, own)) found.add(url);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return [...found];
}

/** An absolute http(s) address without its fragment, or null. */
export function linkTarget(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  url.hash = "";
  return url.href;
}
