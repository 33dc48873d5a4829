import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { homeHrefHeader } from "../theme/lib/page-request.ts";
import type { Site } from "../theme/lib/site.ts";

export const themeEntry = resolve("site-builder/dist/server/entry.mjs");

export type RenderedPage = { status: number; contentType: string; body: string; location?: string };

type RenderEntry = { render: (request: Request, locals: App.Locals) => Promise<Response> };

/**
 * The built Astro theme, loaded once, at the first page it renders (decision 160: an idle
 * server does not hold the theme bundle). A page is rendered by asking the theme for its path,
 * with the blog's snapshot as `locals`: no HTTP, no `astro build` per publish.
 */
export type Theme = {
  render: (
    site: Site | undefined,
    path: string,
    options?: { homeHref?: string },
  ) => Promise<RenderedPage>;
};

export async function loadTheme(entry = themeEntry): Promise<Theme> {
  if (!existsSync(entry)) {
    throw new Error(`The blog theme is not built (${entry} is missing). Run \`npm run build\`.`);
  }
  let loading: Promise<RenderEntry> | undefined;
  return {
    async render(site, path, options = {}) {
      loading ??= import(pathToFileURL(entry).href) as Promise<RenderEntry>;
      const module = await loading;
      const headers = new Headers();
      if (options.homeHref) headers.set(homeHrefHeader, options.homeHref);
      const response = await module.render(new Request(`http://blog.invalid${path}`, { headers }), {
        site,
      });
      const location = response.headers.get("location") ?? undefined;
      return {
        status: response.status,
        contentType: response.headers.get("content-type") ?? "text/html; charset=utf-8",
        body: await response.text(),
        ...(location ? { location } : {}),
      };
    },
  };
}
