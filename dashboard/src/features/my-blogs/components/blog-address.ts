/**
 * The platform's blog domain: the build's `VITE_BLOG_DOMAIN` (the API's BLOG_DOMAIN), else the
 * host the dashboard is served from (docs/decisions/050). Settings keeps the same few lines:
 * features do not import each other.
 */
export function blogDomain(): string {
  const configured = (import.meta.env.VITE_BLOG_DOMAIN as string | undefined)?.trim();
  return configured ? configured.toLowerCase() : window.location.hostname;
}

/** Where a subdomain is served: the dev server's port on localhost, https everywhere else. */
export function subdomainUrl(subdomain: string, domain = blogDomain()): string {
  if (domain === "localhost") {
    const port = window.location.port ? `:${window.location.port}` : "";
    return `${window.location.protocol}//${subdomain}.${domain}${port}/`;
  }
  return `https://${subdomain}.${domain}/`;
}

/** The blog under this server, with no DNS needed (spec 2.11's development preview URL). */
export function previewUrl(slug: string): string {
  return `${window.location.origin}/blog/${slug}/`;
}
