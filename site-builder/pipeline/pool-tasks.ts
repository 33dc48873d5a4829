import { enableCompileCache } from "node:module";
import { deserialize } from "node:v8";
import { move, transferableSymbol, valueSymbol } from "piscina";
import type { Site } from "../theme/lib/site.ts";
import { type LoadedTheme, loadTheme } from "./theme.ts";

/**
 * This library's tasks on the worker pool (worker-pool.ts): each a named export that a thread
 * runs with plain data in and out. Pages go back as bytes, transferred, so the main thread
 * only writes them.
 */

export type PageRequest = { path: string; file: string; homeHref?: string };

export type RenderedFile = { path: string; file: string; status: number; body: Uint8Array };

export type PagesInput = {
  themeEntry: string;
  /** The site without most bodies, serialized once and shared by every thread. */
  site: { id: number; bytes: SharedArrayBuffer };
  pages: PageRequest[];
  /** The bodies of the batch's posts that the site was sent without. */
  bodies: [postId: string, html: string][];
};

// Each thread compiles the theme again: V8's code cache on disk (Node's
// compile cache, in the temp folder) saves most of that after the first time.
enableCompileCache();

const themes = new Map<string, Promise<LoadedTheme>>();
function themeOf(entry: string) {
  let theme = themes.get(entry);
  if (!theme) {
    theme = loadTheme(entry);
    themes.set(entry, theme);
  }
  return theme;
}

/**
 * Sites decoded on this thread, the newest last. Two are kept (two full renders at once on a
 * two-core machine); an older one still rendering is decoded again from its shared bytes.
 */
const sites = new Map<number, Site>();
const sitesKept = 2;

function siteOf({ id, bytes }: PagesInput["site"]): Site {
  let site = sites.get(id);
  if (!site) {
    site = deserialize(new Uint8Array(bytes)) as Site;
    bodiesOnDemand(site);
    sites.set(id, site);
    for (const old of sites.keys()) if (sites.size > sitesKept) sites.delete(old);
  }
  return site;
}

/**
 * Posts sent without their body get it with their page's batch: until then, reading it fails
 * loudly (a page that needs a body nobody sent is a bug, not an empty article).
 */
function bodiesOnDemand(site: Site) {
  for (const post of site.posts) {
    if (post.html !== undefined) continue;
    let html: string | undefined;
    Object.defineProperty(post, "html", {
      enumerable: true,
      get() {
        if (html === undefined) throw new Error(`The body of post ${post.id} was not sent`);
        return html;
      },
      set(value: string | undefined) {
        html = value;
      },
    });
  }
}

/** Loads the theme (a full render is about to need it, while its blog is still read). */
export async function warm({ themeEntry }: { themeEntry: string }): Promise<void> {
  await themeOf(themeEntry);
}

/** Renders pages of a site in order; each page's bytes are transferred back. */
export async function renderPages(input: PagesInput) {
  const site = siteOf(input.site);
  const theme = await themeOf(input.themeEntry);
  const withBodies = input.bodies.map(([id, html]) => {
    const post = site.postsById.get(id);
    if (post) post.html = html;
    return post;
  });
  const files: RenderedFile[] = [];
  try {
    for (const page of input.pages) {
      // The theme's own bytes: never decoded to a string here and encoded again.
      const rendered = await theme.renderBytes(
        site,
        page.path,
        page.homeHref ? { homeHref: page.homeHref } : {},
      );
      files.push({
        path: page.path,
        file: page.file,
        status: rendered.status,
        body: rendered.body,
      });
    }
  } finally {
    // Kept only while their pages render.
    for (const post of withBodies) if (post) post.html = undefined as unknown as string;
  }
  return move({
    get [transferableSymbol]() {
      return files.map((file) => file.body.buffer);
    },
    get [valueSymbol]() {
      return files;
    },
  });
}
