import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Site } from "../theme/lib/site.ts";

export const themeEntry = resolve("site-builder/dist/server/entry.mjs");

export type RenderedPage = { status: number; contentType: string; body: string; location?: string };

/** The built theme's server entry (site-builder/adapter/render-entry.mjs). */
type RenderEntry = {
  /** Astro's adapter API: the theme's answer to a request, with the blog's data as `locals`. */
  render: (request: Request, locals: App.Locals) => Promise<Response>;
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

/**
 * The built theme; `renderBytes` is `render` read as bytes (the same answer, not decoded to a
 * string and encoded again).
 */
export type LoadedTheme = Theme & {
  renderBytes: (
    site: Site | undefined,
    path: string,
    options?: { homeHref?: string },
  ) => Promise<RenderedBytes>;
};

/** The host of the requests the theme is asked: its pages never read it (links are relative). */
const origin = "http://blog.invalid";

export async function loadTheme(entry = themeEntry): Promise<LoadedTheme> {
  if (!existsSync(entry)) {
    throw new Error(`The blog theme is not built (${entry} is missing). Run \`npm run build\`.`);
  }
  let loading: Promise<RenderEntry> | undefined;
  const load = () => {
    loading ??= import(pathToFileURL(entry).href) as Promise<RenderEntry>;
    return loading;
  };
  /**
   * The one way a page is rendered, whoever asks (a reader's request, a preview, a publish, a
   * full render's threads): the theme's answer through Astro's adapter API. `locals` carries
   * the blog, and the not-found page's home link when one is given.
   */
  async function respond(site: Site | undefined, path: string, homeHref: string | undefined) {
    const module = await load();
    const locals: App.Locals = homeHref ? { site, homeHref } : { site };
    return module.render(new Request(origin + path), locals);
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
      const response = await respond(site, path, options.homeHref);
      return { status: response.status, body: await response.bytes() };
    },
  };
}
