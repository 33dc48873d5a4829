import type { Site } from "../theme/lib/site.ts";
import { allPages, fileForPath, planIncremental } from "./page-plan.ts";
import type { BuildWriter, SiteOutput } from "./site-output.ts";
import type { Theme } from "./theme.ts";

export type RenderResult = { pagesWritten: number; full: boolean };

/** Pages rendered before their files are written together (bounds the memory of a full render). */
const pagesPerBatch = 32;

/**
 * Renders the pages in order and writes them a batch at a time (`writeAll`): on the live
 * folder they still appear in the order given, a page before the pages that link to it.
 */
async function writePages(
  theme: Theme,
  site: Site,
  writer: BuildWriter,
  pagePaths: string[],
): Promise<number> {
  let written = 0;
  for (let start = 0; start < pagePaths.length; start += pagesPerBatch) {
    const batch: { file: string; body: string }[] = [];
    for (const path of pagePaths.slice(start, start + pagesPerBatch)) {
      const page = await theme.render(site, path);
      if (page.status !== 200) {
        throw new Error(`The theme answered ${page.status} for ${path}`);
      }
      batch.push({ file: fileForPath(path), body: page.body });
    }
    await writer.writeAll(batch);
    written += batch.length;
  }
  return written;
}

/**
 * Renders every page into a fresh build and swaps it live in one step. Pages the new site no
 * longer has (a post unpublished or deleted) are first removed from the live build: a takedown
 * must not wait for a render that a full disk may never let finish.
 */
export async function renderFull(
  theme: Theme,
  output: SiteOutput,
  site: Site,
): Promise<RenderResult> {
  const pages = allPages(site);
  await output.removeStale(site.blog.id, new Set([...pages.map(fileForPath), "404.html"]));
  const writer = await output.beginFull(site.blog.id);
  try {
    let written = await writePages(theme, site, writer, pages);
    const notFound = await theme.render(site, "/404", { homeHref: "/" });
    await writer.write("404.html", notFound.body);
    written++;
    await writer.commit();
    return { pagesWritten: written, full: true };
  } catch (error) {
    await writer.abandon();
    throw error;
  }
}

/**
 * Re-renders only the pages a change to some posts touches, into the live build: each file
 * is replaced atomically, pages before the indexes that link to them. Removals come first,
 * before any write: a page taken down must go even when the writes fail (a full disk), and
 * a reader following an old link to it meanwhile gets the live server's answer, not the page.
 */
export async function renderIncremental(
  theme: Theme,
  output: SiteOutput,
  before: Site,
  after: Site,
  postIds: string[],
): Promise<RenderResult> {
  const plan = planIncremental(before, after, postIds);
  const writer = await output.beginIncremental(after.blog.id);
  for (const path of plan.remove) await writer.remove(fileForPath(path));
  const written = await writePages(theme, after, writer, plan.write);
  await writer.commit();
  return { pagesWritten: written, full: false };
}
