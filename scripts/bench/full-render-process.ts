/**
 * One full render as a process of its own, timed by its parent (full-render.ts) from spawn to
 * exit like Hugo. Two kinds (decision 200):
 *
 * - `pages`: opens the seeded database, reads the blog's snapshot (stored post bodies reused,
 *   any other prepared on the worker pool, as the server's full render does), renders every
 *   page on the workers, swaps the build live and exits: what Hugo's build makes. The render's
 *   social cards are left to the next kind, as the server leaves them to its card process once
 *   the pages are live (decisions 160, 166).
 * - `cards`: the render's budget of social cards (64) drawn into that live build, in the card
 *   process as the server draws them, and exits.
 *
 * Prints its own phases and the process's peak resident memory (all threads: the workers are
 * threads of this process).
 *
 * Built with the server (tsconfig.build.json) and run from dist/ as the server runs.
 *
 * Usage: node dist/scripts/bench/full-render-process.js <database file> <sites dir> <blog id> [pages|cards]
 */
import { enableCompileCache } from "node:module";

// V8's code cache on disk for every module this process compiles, as the server keeps it.
enableCompileCache();
const since = () => Math.round(process.uptime() * 1000);
const [databaseFile, sitesDir, blogId, kind = "pages"] = process.argv.slice(2) as [
  string,
  string,
  string,
  string?,
];
if (kind !== "pages" && kind !== "cards") throw new Error(`No such kind of run: ${kind}`);
// libSQL's native module picks its binary from a process report, which also waits for every
// thread of the process to report: 13–18 ms of this thread once the render threads are busy
// loading the theme, ~2 ms before they exist. So its client is loaded first, as in the server,
// which opens its database long before any render thread starts (decision 273).
await import("@libsql/client/sqlite3");
const [{ createCpuPool, runCpu }, { loadTheme }] = await Promise.all([
  import("../../api/workers/run.ts"),
  import("../../site-builder/pipeline/theme.ts"),
]);
// As the server's render queue does when a full render starts: the threads load the theme
// while the blog is read, and prepare (sanitize, link) any post without a stored body.
// WORKER_THREADS as the server reads it (default: every core), to measure one thread against two.
const threads = Number(process.env.WORKER_THREADS) || undefined;
const workers = createCpuPool({ size: threads });
if (kind === "pages") workers.warm();
const [{ openDatabase }, { loadSnapshot }, { renderFull, drawMissingCards }, { createSiteOutput }] =
  await Promise.all([
    import("../../api/db/client.ts"),
    import("../../api/features/publishing/snapshot.ts"),
    import("../../site-builder/pipeline/render-site.ts"),
    import("../../site-builder/pipeline/site-output.ts"),
  ]);
const importedMs = since();
const handle = await openDatabase(`file:${databaseFile}`);
const snapshot = await loadSnapshot(handle.db, blogId, {
  canonicalBaseOf: (b) => `https://${b.subdomain}.blogs.example`,
  // Bodies are prepared on the pool (`preparePosts`), never on this thread.
  sanitize: () => {
    throw new Error("Post bodies are prepared on the worker pool");
  },
  preparePosts: (posts, autoLinks, blogLinkIds) =>
    runCpu(workers, "preparePosts", { posts, autoLinks, blogLinkIds }, { lane: "background" }),
});
if (!snapshot) throw new Error(`No blog ${blogId} in ${databaseFile}`);
handle.close();
const snapshotMs = since();
const output = createSiteOutput(sitesDir);
if (kind === "cards") {
  // In the card process, as the server draws them (decision 160).
  const { createCardDrawer } = await import("../../site-builder/cards/card-drawer.ts");
  const drawer = createCardDrawer();
  const cards = await drawMissingCards(output, snapshot.site, {
    drawCard: (card) => drawer.draw(card),
  });
  await Promise.all([drawer.close(), workers.close()]);
  console.log(
    JSON.stringify({
      cards: cards.cardsWritten,
      cardsFailed: cards.cardsFailed,
      importedMs,
      snapshotMs,
      doneMs: since(),
      peakMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
} else {
  let pagesLiveMs = 0;
  output.onChange((_blog, file) => {
    if (file === undefined && pagesLiveMs === 0) pagesLiveMs = since();
  });
  // The main thread's theme is only the fallback without workers: loaded if ever asked for.
  let theme: ReturnType<typeof loadTheme> | undefined;
  const lazyTheme = () => {
    theme ??= loadTheme();
    return theme;
  };
  const result = await renderFull(
    { render: async (...args) => (await lazyTheme()).render(...args) },
    output,
    snapshot.site,
    { workers, cardBudget: 0 },
  );
  await workers.close();
  console.log(
    JSON.stringify({
      pages: result.pagesWritten,
      importedMs,
      snapshotMs,
      pagesLiveMs,
      doneMs: since(),
      peakMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
}
