import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogs } from "../../db/schema.ts";

export type BlogRow = typeof blogs.$inferSelect;

/**
 * A Host header as a bare lower-case host name: no port, no trailing dot, punycode as sent.
 * Anything that is not a plausible host name gives undefined (and falls through to the app).
 */
export function normalizeHost(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let host = header.trim().toLowerCase();
  if (host.startsWith("[")) return undefined; // IPv6 literal: never a blog host
  // A port has at most five digits; anything longer is not a plausible host.
  host = host.replace(/:\d{1,5}$/, "").replace(/\.$/, "");
  if (
    !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(host) ||
    host.length > 253
  ) {
    return undefined;
  }
  return host;
}

/**
 * Whether a Host header is spelled the way browsers send it for this server: the bare host name,
 * or with the port the server listens on. Only those are remembered by the hot path's host map,
 * so odd spellings (other ports, upper case, a trailing dot), which an attacker can vary without
 * end, are served through the full path and never grow the map.
 */
export function isUsualHostSpelling(header: string | undefined, localPort: number | undefined) {
  const host = normalizeHost(header);
  return host !== undefined && (header === host || header === `${host}:${localPort}`);
}

/** The blog a host serves: `{subdomain}.{blogDomain}`, or a verified custom domain. */
export async function resolveBlogByHost(
  db: Database,
  blogDomain: string,
  hostHeader: string | undefined,
  /** Labels of the platform's own hosts (the dashboard's, the CNAME target's): never a blog. */
  reservedLabels: ReadonlySet<string> = new Set(),
): Promise<BlogRow | undefined> {
  const host = normalizeHost(hostHeader);
  if (!host) return undefined;
  const suffix = `.${blogDomain}`;
  if (host.endsWith(suffix)) {
    const label = host.slice(0, -suffix.length);
    if (/^[a-z0-9-]+$/.test(label) && !reservedLabels.has(label)) {
      return first(db.select().from(blogs).where(eq(blogs.subdomain, label)));
    }
    return undefined;
  }
  return first(
    db
      .select()
      .from(blogs)
      .where(and(eq(blogs.customDomain, host), eq(blogs.domainVerified, true))),
  );
}

/** Host names whose requests are this blog's (for the host map the static server reads). */
export function hostsOfBlog(
  blog: BlogRow,
  blogDomain: string,
  reservedLabels: ReadonlySet<string> = new Set(),
): string[] {
  const hosts: string[] = [];
  if (blog.subdomain && !reservedLabels.has(blog.subdomain))
    hosts.push(`${blog.subdomain}.${blogDomain}`);
  if (blog.customDomain && blog.domainVerified) hosts.push(blog.customDomain);
  return hosts;
}

export type CanonicalSettings = {
  appOrigin: string;
  blogDomain: string;
  port: number;
  scheme: "http" | "https";
  /** Labels of the platform's own hosts: a blog never lives there. */
  reservedLabels?: ReadonlySet<string>;
};

const isLocalDomain = (domain: string) => domain === "localhost" || domain.endsWith(".localhost");

/**
 * Where a blog canonically lives: its verified custom domain, else its subdomain, else the
 * app's `/blog/{slug}`. No trailing slash.
 */
export function canonicalBaseOf(blog: BlogRow, settings: CanonicalSettings): string {
  if (blog.customDomain && blog.domainVerified) return `${settings.scheme}://${blog.customDomain}`;
  if (blog.subdomain && !settings.reservedLabels?.has(blog.subdomain)) {
    const port = isLocalDomain(settings.blogDomain) ? `:${settings.port}` : "";
    return `${settings.scheme}://${blog.subdomain}.${settings.blogDomain}${port}`;
  }
  return `${settings.appOrigin}/blog/${blog.slug}`;
}
