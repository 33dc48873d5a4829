import {
  hasFeatureImage,
  homeCard,
  postCard,
  type SocialCard,
  siteCards,
} from "../theme/lib/cards.ts";
import type { Site } from "../theme/lib/site.ts";
import { allPages, changedPostIds, fileForPath, planIncremental } from "./page-plan.ts";
import type { PageRequest } from "./pool-tasks.ts";
import { type DrawCard, drawCard, fontFiles, writeCards } from "./site-assets.ts";
import type { BuildWriter, SiteOutput } from "./site-output.ts";
import type { Theme } from "./theme.ts";
import type { WorkerPool } from "./worker-pool.ts";

export type RenderResult = {
  pagesWritten: number;
  full: boolean;
  /** Social cards drawn by this render (unchanged ones are kept, not drawn again). */
  cardsWritten: number;
  cardsFailed: number;
  /** Cards still to draw (past this render's budget): the caller runs another render for them. */
  cardsPending: number;
};

export type RenderOptions = {
  /**
   * Worker threads for a full render (decisions 150, 324): its pages are rendered there a batch
   * at a time and written as each batch comes back. Without them, pages render on the calling
   * thread.
   */
  workers?: WorkerPool;
  /** Draws a social card (default: satori + resvg on the calling thread). */
  drawCard?: DrawCard;
  /** Told about a card that could not be drawn (the render goes on without it). */
  onCardError?: (card: SocialCard, error: unknown) => void;
  /**
   * Cards drawn after the pages, at most, per render (default 64, a couple of seconds): a
   * change of look redraws every card, and a blog's next publish must not wait for them all.
   */
  cardBudget?: number;
  /**
   * Whether an incremental render also looks for cards still missing from an earlier render
   * (a change of look past the budget). It lists the blog's cards, so it is asked for only
   * while such a backlog is known, and for a run with no post of its own (the backlog's run).
   */
  cardBacklog?: boolean;
  /**
   * Called once the pages are live, before the cards are drawn: the render queue lets the next
   * blog's render start then, since what is left (cards, in their own process) waits, not works.
   */
  onPagesLive?: () => void;
};

const defaultCardBudget = 64;

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

/** Batches of pages rendering on the workers at once: both threads busy, a few written behind. */
const batchesInFlight = 4;

/**
 * Renders pages on the worker threads, several batches at a time, and writes each batch as it
 * comes back (into a fresh build nobody reads yet, so the order of the batches is free). At
 * most `batchesInFlight` batches are held in memory, whatever the size of the blog.
 */
async function writePagesOnWorkers(
  workers: WorkerPool,
  site: Site,
  /** The build to write into, once it is made (pages may render before). */
  writerReady: Promise<BuildWriter>,
  pages: PageRequest[],
): Promise<number> {
  // Awaited by each lane before its first write; a failure is thrown there.
  writerReady.catch(() => {});
  const onThreads = workers.site(site);
  let next = 0;
  let written = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (!failure && next < pages.length) {
      const batch = pages.slice(next, next + pagesPerBatch);
      next += batch.length;
      try {
        const files = await onThreads.render(batch);
        for (const file of files) {
          // The not-found page answers 404 by design; any other page must be there.
          if (file.status !== 200 && file.path !== notFoundPath) {
            throw new Error(`The theme answered ${file.status} for ${file.path}`);
          }
        }
        if (failure) return;
        const writer = await writerReady;
        if (failure) return;
        await writer.writeAll(files);
        written += files.length;
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: batchesInFlight }, lane));
  } finally {
    onThreads.release();
  }
  if (failure) throw failure.error;
  return written;
}

const notFoundPath = "/404";

/**
 * The order of a full render's files on the threads, heaviest first, so the two threads' last
 * batches are light and end together (decision 292): the endpoints (feeds, sitemap, robots.txt)
 * and the not-found page, then the listings (twenty post cards each) and the other pages, then
 * the posts. A full build is written into a generation nobody reads before it is published, so
 * the order is free.
 */
export function fullRenderOrder(pages: PageRequest[]): PageRequest[] {
  const rank = (page: PageRequest) =>
    page.path === notFoundPath || /\.(xml|txt)$/.test(page.path)
      ? 0
      : page.path.startsWith("/post/")
        ? 2
        : 1;
  return [0, 1, 2].flatMap((r) => pages.filter((page) => rank(page) === r));
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
  options: RenderOptions = {},
): Promise<RenderResult> {
  const blogId = site.blog.id;
  const pages = allPages(site);
  // The new build and its bookkeeping: stale pages taken down from the live build first, the
  // fonts written, the cards already drawn (same title, same look) carried over.
  const build = (async () => {
    const fonts = await fontFiles(site);
    const cards = siteCards(site);
    await output.removeStale(
      blogId,
      new Set([
        ...pages.map(fileForPath),
        "404.html",
        ...fonts.map((f) => f.file),
        ...cards.keys(),
      ]),
    );
    const drawn = await output.liveFiles(blogId, "og");
    const writer = await output.beginFull(blogId);
    try {
      await writer.writeAll(fonts);
      await writer.keep([...cards.keys()].filter((file) => drawn.has(file)));
    } catch (error) {
      await writer.abandon();
      throw error;
    }
    return { writer, cards, drawn };
  })();
  // Awaited below (or by the page lanes); a failure is thrown there, not left unhandled.
  build.catch(() => {});
  const { workers } = options;
  let written: number;
  try {
    if (workers) {
      // The threads start on the pages at once (the site is sent with their first batches);
      // the bookkeeping above runs meanwhile, and rendered batches wait for the build.
      written = await writePagesOnWorkers(
        workers,
        site,
        build.then((b) => b.writer),
        fullRenderOrder([
          ...pages.map((path) => ({ path, file: fileForPath(path) })),
          { path: notFoundPath, homeHref: "/", file: "404.html" },
        ]),
      );
    } else {
      const { writer } = await build;
      written = await writePages(theme, site, writer, pages);
      const notFound = await theme.render(site, notFoundPath, { homeHref: "/" });
      await writer.write("404.html", notFound.body);
      written++;
    }
    await (await build).writer.commit();
  } catch (error) {
    const made = await build.catch(() => undefined);
    await made?.writer.abandon();
    throw error;
  }
  options.onPagesLive?.();
  const { cards, drawn } = await build;
  const missing = [...cards.values()].filter((card) => !drawn.has(card.file));
  return {
    pagesWritten: written,
    full: true,
    ...(await drawCards(output, blogId, missing, options)),
  };
}

/**
 * The social cards a full render draws after its pages are live: those of `site` not drawn yet
 * (all of them after a change of look), within the budget. On their own for the full-render
 * bench, which times them apart from the pages (decision 200).
 */
export async function drawMissingCards(
  output: SiteOutput,
  site: Site,
  options: RenderOptions = {},
): Promise<Omit<RenderResult, "pagesWritten" | "full">> {
  const drawn = await output.liveFiles(site.blog.id, "og");
  const missing = [...siteCards(site).values()].filter((card) => !drawn.has(card.file));
  return drawCards(output, site.blog.id, missing, options);
}

async function drawCards(
  output: SiteOutput,
  blogId: string,
  missing: SocialCard[],
  options: RenderOptions,
): Promise<Omit<RenderResult, "pagesWritten" | "full">> {
  // Newest posts first, a budget per render (decision 120): at ~30 ms each, 1,000 of them would
  // hold the blog's next publish back for half a minute.
  const budget = options.cardBudget ?? defaultCardBudget;
  // A budget of 0 draws none and asks for no further run (as before: nothing was drawn).
  if (budget === 0 || missing.length === 0)
    return { cardsWritten: 0, cardsFailed: 0, cardsPending: 0 };
  const live = await output.beginIncremental(blogId);
  const result = await writeCards(
    live,
    missing.slice(0, budget),
    options.drawCard ?? drawCard,
    options.onCardError,
  );
  return {
    cardsWritten: result.written,
    cardsFailed: result.failed,
    // No card drawn at all (every one failed): no more runs for them until the next change.
    cardsPending: result.written > 0 ? Math.max(0, missing.length - budget) : 0,
  };
}

/** Resolves after a whole turn of the event loop (its I/O phase included). */
const nextTurn = () => new Promise<void>((done) => setImmediate(() => setImmediate(done)));

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
  options: RenderOptions = {},
): Promise<RenderResult> {
  const plan = planIncremental(before, after, postIds);
  const cards = cardsOfChange(before, after, changedPostIds(before, after, postIds));
  const writer = await output.beginIncremental(after.blog.id);
  for (const path of plan.remove) await writer.remove(fileForPath(path));
  for (const file of cards.stale) await writer.remove(file);
  // Readers first: the changed posts' pages and the home page go live before the rest of the
  // set (archives, categories, feeds, the sitemap), each stored by its own rename, a post page
  // before the home that links to it; a page is served only once it is stored (decision 359).
  // Then the changed posts' cards are drawn (tens of milliseconds each). Until then a page
  // names a card that answers 404 — for the moment a share preview is rarely fetched in
  // (decision 120).
  const readers = plan.write.slice(0, plan.readersFirst);
  const others = plan.write.slice(plan.readersFirst);
  let written = await writePages(theme, after, writer, readers);
  // Once the readers' pages are live, the requests that came meanwhile (a reader asking for the
  // new home page) are answered before the rest of the set is rendered: on a large blog that is
  // milliseconds of the main thread without a pause (the sitemap of 10,000 posts, the feeds,
  // the archives). One turn of the event loop: the I/O phase runs between the two immediates
  // (decision 281).
  if (readers.length > 0 && others.length > 0) await nextTurn();
  written += await writePages(theme, after, writer, others);
  options.onPagesLive?.();
  const scanBacklog = options.cardBacklog === true || postIds.length === 0;
  const drawn = scanBacklog
    ? await output.liveFiles(after.blog.id, "og")
    : await output.liveFilesAmong(
        after.blog.id,
        cards.needed.map((card) => card.file),
      );
  const draw = options.drawCard ?? drawCard;
  const needed = cards.needed.filter((card) => !drawn.has(card.file));
  const first = await writeCards(writer, needed, draw, options.onCardError);
  // Then some of the cards still missing (after a change of look), within the budget.
  const neededFiles = new Set(needed.map((card) => card.file));
  const backlog = scanBacklog
    ? [...cards.all().values()].filter(
        (card) => !drawn.has(card.file) && !neededFiles.has(card.file),
      )
    : [];
  const budget = options.cardBudget ?? defaultCardBudget;
  const rest = await writeCards(writer, backlog.slice(0, budget), draw, options.onCardError);
  await writer.commit();
  return {
    pagesWritten: written,
    full: false,
    cardsWritten: first.written + rest.written,
    cardsFailed: first.failed + rest.failed,
    cardsPending: rest.written > 0 ? Math.max(0, backlog.length - budget) : 0,
  };
}

/**
 * The cards a change to some posts needs (theirs and the blog's), and the files of their former
 * cards that no page names any more (a new title, or a post taken down). Only the changed posts
 * are looked at: the blog's whole list of cards (`all`, 10,000 entries for 10,000 posts) is
 * made only when asked for, or when a former card may have to go.
 */
function cardsOfChange(before: Site, after: Site, postIds: string[]) {
  const needed: SocialCard[] = [homeCard(after)];
  const neededFiles = new Set<string>();
  for (const id of new Set(postIds)) {
    const post = after.postsById.get(id);
    if (!post || hasFeatureImage(post)) continue;
    const card = postCard(after, post);
    if (neededFiles.has(card.file)) continue;
    neededFiles.add(card.file);
    needed.push(card);
  }
  const formerFiles = new Set<string>();
  for (const id of postIds) {
    const post = before.postsById.get(id);
    if (!post || hasFeatureImage(post)) continue;
    const file = postCard(before, post).file;
    if (!neededFiles.has(file)) formerFiles.add(file);
  }
  // Another post may share a former card (the same title): it stays then.
  const all = () => siteCards(after);
  const stale = formerFiles.size === 0 ? [] : [...formerFiles].filter((file) => !all().has(file));
  return { needed, stale, all };
}
