import type { Env } from "../env.ts";

type HostSettings = Pick<Env, "APP_ORIGIN" | "BLOG_DOMAIN" | "DOMAIN_CNAME_TARGET">;

/** Every host the platform itself answers on: the blog domain, the dashboard's, the CNAME target. */
export function platformHostsOf(env: HostSettings): string[] {
  const hosts = [env.BLOG_DOMAIN];
  if (env.APP_ORIGIN) hosts.push(new URL(env.APP_ORIGIN).hostname);
  if (env.DOMAIN_CNAME_TARGET) hosts.push(env.DOMAIN_CNAME_TARGET.replace(/\.$/, ""));
  return [...new Set(hosts)];
}

/**
 * Labels under the blog domain that belong to the platform (decision 060): when the dashboard
 * (`cms.example.com`) or the CNAME target (`sites.example.com`) lives under BLOG_DOMAIN, a blog
 * with that subdomain would take its host. Such labels are refused as subdomains and never
 * resolved to a blog, whatever the database says.
 */
export function reservedLabelsOf(env: HostSettings): ReadonlySet<string> {
  const suffix = `.${env.BLOG_DOMAIN}`;
  const labels = new Set<string>();
  for (const host of platformHostsOf(env)) {
    if (host.endsWith(suffix)) {
      const label = host.slice(0, -suffix.length).split(".").at(-1);
      if (label) labels.add(label);
    }
  }
  return labels;
}
