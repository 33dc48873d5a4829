/**
 * The platform's blog domain (the API's BLOG_DOMAIN). The server writes it into the dashboard's
 * page as `<meta name="blogfleet:blog-domain">` when it serves it (and Vite does in `npm run
 * dev`), so it is the running server's setting, not the one of whoever built the dashboard.
 * Without it (a test rendering components alone), the host the dashboard is served from.
 */
export function blogDomain(): string {
  const meta = document
    .querySelector<HTMLMetaElement>('meta[name="blogfleet:blog-domain"]')
    ?.content.trim();
  return meta ? meta.toLowerCase() : window.location.hostname;
}

/** Where a subdomain is served: the same scheme and port on localhost, https everywhere else. */
export function subdomainUrl(subdomain: string, domain = blogDomain()): string {
  if (domain === "localhost") {
    const port = window.location.port ? `:${window.location.port}` : "";
    return `${window.location.protocol}//${subdomain}.${domain}${port}/`;
  }
  return `https://${subdomain}.${domain}/`;
}
