import { linkTarget } from "./extract.ts";

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&#x0*27;|&apos;/gi, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const encode = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** A link's address as the checker keys it (no fragment), or the text as it is. */
export const linkKey = (url: string) => linkTarget(url) ?? url;

/**
 * The HTML with every `href` that points at `from` (whatever its fragment, however its `&` are
 * written) pointing at `to` instead, keeping the link's own fragment. Nothing else changes, so
 * putting the old text back is an exact undo.
 */
export function replaceHref(html: string, from: string, to: string): string {
  const key = linkKey(from);
  return html.replace(
    /(\shref\s*=\s*)(?:"([^"]*)"|'([^']*)')/gi,
    (whole, prefix: string, double: string | undefined, single: string | undefined) => {
      const value = decode(double ?? single ?? "");
      if (linkTarget(value) !== key) return whole;
      const hash = value.includes("#") ? value.slice(value.indexOf("#")) : "";
      const next = encode(to.includes("#") ? to : `${to}${hash}`);
      return double !== undefined ? `${prefix}"${next}"` : `${prefix}'${next}'`;
    },
  );
}
