import {
  createRenderQueue,
  type RenderQueue,
} from "../../../site-builder/pipeline/render-queue.ts";
import { createSiteOutput, type SiteOutput } from "../../../site-builder/pipeline/site-output.ts";
import { loadSnapshot, type SiteSnapshot } from "../../../site-builder/pipeline/snapshot.ts";
import { loadTheme, type Theme } from "../../../site-builder/pipeline/theme.ts";
import type { Site } from "../../../site-builder/theme/lib/site.ts";
import type { Database } from "../../db/client.ts";
import type { Env } from "../../env.ts";
import type { Logger } from "../../logger.ts";
import { type CanonicalSettings, canonicalBaseOf, hostsOfBlog } from "../public-sites/hosts.ts";
import { type BlogServer, createBlogServer } from "../public-sites/serve.ts";

/** Everything that turns saved content into what readers get: theme, render queue, output, serving. */
export type Publishing = {
  theme: Theme;
  output: SiteOutput;
  queue: RenderQueue;
  server: BlogServer;
  loadSnapshot: (blogId: string, previous?: Site) => Promise<SiteSnapshot | undefined>;
  canonical: CanonicalSettings;
  blogDomain: string;
  sanitize: (html: string) => string;
};

export type PublishingDeps = {
  db: Database;
  env: Env;
  sanitize: (html: string) => string;
  logger?: Logger;
  theme?: Theme;
  clock?: () => Date;
};

export function canonicalSettings(env: Env): CanonicalSettings {
  const appOrigin = env.APP_ORIGIN ?? `http://localhost:${env.PORT}`;
  return {
    appOrigin,
    blogDomain: env.BLOG_DOMAIN,
    port: env.PORT,
    scheme: appOrigin.startsWith("https:") ? "https" : "http",
  };
}

export async function createPublishing(deps: PublishingDeps): Promise<Publishing> {
  const theme = deps.theme ?? (await loadTheme());
  const output = createSiteOutput(deps.env.SITES_DIR);
  const canonical = canonicalSettings(deps.env);
  const load = (blogId: string, previous?: Site) =>
    loadSnapshot(
      deps.db,
      blogId,
      { canonicalBaseOf: (blog) => canonicalBaseOf(blog, canonical), sanitize: deps.sanitize },
      previous,
    );
  const queue = createRenderQueue({
    db: deps.db,
    theme,
    output,
    loadSnapshot: load,
    hostsOf: ({ blog }) => hostsOfBlog(blog, deps.env.BLOG_DOMAIN),
    clock: deps.clock,
    log: deps.logger,
  });
  const server = createBlogServer({
    output,
    theme,
    // Pages rendered on request reuse the prepared post bodies of the live snapshot.
    loadSnapshot: (blogId) => load(blogId, queue.liveSnapshot(blogId)),
  });
  return {
    theme,
    output,
    queue,
    server,
    loadSnapshot: load,
    canonical,
    blogDomain: deps.env.BLOG_DOMAIN,
    sanitize: deps.sanitize,
  };
}
