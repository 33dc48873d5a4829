import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Site } from "../theme/lib/site.ts";

export const themeEntry = resolve("site-builder/dist/server/entry.mjs");

export type RenderedPage = { status: number; contentType: string; body: string; location?: string };

type RenderEntry = {
  render: (request: Request, locals: App.Locals) => Promise<Response>;
  /**
   * A page or an endpoint's file straight to its bytes, without a Request or Response
   * (decisions 240, 291); `undefined` for a path it leaves to `render` (redirects, paths no
   * route matches).
   */
  renderPage: (path: string, locals: App.Locals) => Promise<RenderedBytes | undefined>;
};

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

/**
 * A page as the theme's UTF-8 bytes and status, for a caller that only writes it to its file
 * (the render workers): no headers read, no decoding.
 */
export type RenderedBytes = { status: number; body: Uint8Array };

/** The built theme; `renderBytes` spares decoding the page to a string and encoding it again. */
export type LoadedTheme = Theme & {
  renderBytes: (
    site: Site | undefined,
    path: string,
    options?: { homeHref?: string },
  ) => Promise<RenderedBytes>;
};

export async function loadTheme(entry = themeEntry): Promise<LoadedTheme> {
  if (!existsSync(entry)) {
    throw new Error(`The blog theme is not built (${entry} is missing). Run \`npm run build\`.`);
  }
  let loading: Promise<RenderEntry> | undefined;
  const load = () => {
    loading ??= import(pathToFileURL(entry).href) as Promise<RenderEntry>;
    return loading;
  };
  /** The page's `locals`: the blog, and the not-found page's home link when one is given. */
  const localsOf = (site: Site | undefined, homeHref: string | undefined): App.Locals =>
    homeHref ? { site, homeHref } : { site };
  async function respond(site: Site | undefined, path: string, homeHref: string | undefined) {
    const module = await load();
    return module.render(new Request(`http://blog.invalid${path}`), localsOf(site, homeHref));
  }
  return {
    async render(site, path, options = {}) {
      const response = await respond(site, path, options.homeHref);
      const location = response.headers.get("location") ?? undefined;
      return {
        status: response.status,
        contentType: response.headers.get("content-type") ?? "text/html; charset=utf-8",
        body: await response.text(),
        ...(location ? { location } : {}),
      };
    },
    async renderBytes(site, path, options = {}) {
      const module = await load();
      const page = await module.renderPage(path, localsOf(site, options.homeHref));
      if (page) return page;
      const response = await respond(site, path, options.homeHref);
      return { status: response.status, body: await response.bytes() };
    },
  };
}
