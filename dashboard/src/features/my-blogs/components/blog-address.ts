/** The platform's blog domain and subdomain addresses, as the running server says. */
export { blogDomain, subdomainUrl } from "../../../lib/blog-domain.ts";

/** The blog under this server, with no DNS needed (the development preview URL). */
export function previewUrl(slug: string): string {
  return `${window.location.origin}/blog/${slug}/`;
}
