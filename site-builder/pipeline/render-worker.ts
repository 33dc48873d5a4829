import { enableCompileCache } from "node:module";
import { parentPort, workerData } from "node:worker_threads";
import type { CardOptions } from "../cards/social-card.ts";
import type { SocialCard } from "../theme/lib/cards.ts";
import type { Site } from "../theme/lib/site.ts";
import { type LoadedTheme, loadTheme } from "./theme.ts";

/**
 * One thread of the render workers (render-workers.ts): renders pages of the sites it is sent
 * with the built theme, and draws social cards. Pages go back as UTF-8 bytes, transferred,
 * so the main thread only writes them.
 */

export type WorkerRequest =
  | { kind: "warm" }
  | { kind: "site"; siteId: number; site: Site }
  | { kind: "drop"; siteId: number }
  | {
      kind: "pages";
      id: number;
      siteId: number;
      pages: PageRequest[];
      /** The bodies of the batch's posts that the site was sent without (render-workers.ts). */
      bodies?: [postId: string, html: string][];
    }
  | { kind: "card"; id: number; card: SocialCard; options: CardOptions }
  | { kind: "task"; id: number; name: string; input: unknown };

export type PageRequest = { path: string; file: string; homeHref?: string };

export type RenderedFile = { path: string; file: string; status: number; body: Uint8Array };

export type WorkerAnswer =
  | { id: number; pages: RenderedFile[] }
  | { id: number; card: Uint8Array }
  | { id: number; result: unknown }
  | { id: number; error: string };

// Each thread compiles the theme (and the card and sanitizer modules) again: V8's code cache on
// disk (Node's compile cache, in the temp folder) saves most of that after the first time.
enableCompileCache();

const { themeEntry, tasksModule } = workerData as { themeEntry: string; tasksModule?: string };
/** The caller's own CPU tasks (plain data in and out), loaded with the first one. */
let tasks: Promise<Record<string, (input: unknown) => unknown>> | undefined;

async function runTask(name: string, input: unknown): Promise<unknown> {
  if (!tasksModule) throw new Error("These render workers were given no tasks module");
  tasks ??= import(tasksModule).then(
    (m: { tasks: Record<string, (i: unknown) => unknown> }) => m.tasks,
  );
  const task = (await tasks)[name];
  if (!task) throw new Error(`No task ${name} in ${tasksModule}`);
  return task(input);
}
const sites = new Map<number, Site>();
let theme: Promise<LoadedTheme> | undefined;

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

async function renderPages(
  siteId: number,
  pages: PageRequest[],
  bodies: [string, string][] = [],
): Promise<RenderedFile[]> {
  const site = sites.get(siteId);
  if (!site) throw new Error(`Render worker has no site ${siteId}`);
  theme ??= loadTheme(themeEntry);
  const loaded = await theme;
  const withBodies = bodies.map(([id, html]) => {
    const post = site.postsById.get(id);
    if (post) post.html = html;
    return post;
  });
  try {
    return await renderEach(loaded, site, pages);
  } finally {
    // Kept only while their pages render.
    for (const post of withBodies) if (post) post.html = undefined as unknown as string;
  }
}

async function renderEach(loaded: LoadedTheme, site: Site, pages: PageRequest[]) {
  const files: RenderedFile[] = [];
  for (const page of pages) {
    // The theme's own bytes: never decoded to a string here and encoded again.
    const rendered = await loaded.renderBytes(
      site,
      page.path,
      page.homeHref ? { homeHref: page.homeHref } : {},
    );
    files.push({ path: page.path, file: page.file, status: rendered.status, body: rendered.body });
  }
  return files;
}

parentPort?.on("message", async (request: WorkerRequest) => {
  if (request.kind === "warm") {
    // A full render is about to need the theme: it loads while the caller reads the blog.
    theme ??= loadTheme(themeEntry);
    theme.catch(() => {
      // Reported with the first batch of pages that needs it.
    });
    return;
  }
  if (request.kind === "site") {
    bodiesOnDemand(request.site);
    sites.set(request.siteId, request.site);
    return;
  }
  if (request.kind === "drop") {
    sites.delete(request.siteId);
    return;
  }
  try {
    if (request.kind === "pages") {
      const pages = await renderPages(request.siteId, request.pages, request.bodies);
      parentPort?.postMessage(
        { id: request.id, pages } satisfies WorkerAnswer,
        pages.map((p) => p.body.buffer as ArrayBuffer),
      );
    } else if (request.kind === "task") {
      const result = await runTask(request.name, request.input);
      parentPort?.postMessage({ id: request.id, result } satisfies WorkerAnswer);
    } else {
      // satori, resvg and the card fonts load with the first card, not with every thread.
      const { renderSocialCard } = await import("../cards/social-card.ts");
      const png = await renderSocialCard(request.card, request.options);
      const card = new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
      parentPort?.postMessage({ id: request.id, card } satisfies WorkerAnswer);
    }
  } catch (error) {
    parentPort?.postMessage({
      id: request.id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies WorkerAnswer);
  }
});
