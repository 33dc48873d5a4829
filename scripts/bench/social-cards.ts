/**
 * Issue 17 social cards: the cost of one card (satori + resvg, after warm-up), drawn one at a
 * time and four at a time, and a full render of 1,000 corpus posts with their cards: when the
 * pages went live, when the last card was written, and a second full render that keeps every
 * card (nothing changed). Prints JSON lines.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sanitizePostHtml } from "../../api/content/sanitize.ts";
import { loadSnapshot } from "../../api/features/publishing/snapshot.ts";
import { renderSocialCard } from "../../site-builder/cards/social-card.ts";
import { renderFull, renderIncremental } from "../../site-builder/pipeline/render-site.ts";
import { createSiteOutput } from "../../site-builder/pipeline/site-output.ts";
import { loadTheme } from "../../site-builder/pipeline/theme.ts";
import { postCard } from "../../site-builder/theme/lib/cards.ts";
import { seededDatabase } from "./fixtures.ts";

const count = Number(process.argv[2] ?? 1000);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-cards-"));
try {
  const { handle, blogId } = await seededDatabase(dir, count);
  const load = () =>
    loadSnapshot(handle.db, blogId, {
      canonicalBaseOf: (b) => `https://${b.subdomain}.blogs.example`,
      sanitize: sanitizePostHtml,
    });
  const snapshot = await load();
  if (!snapshot) throw new Error("no blog");
  const site = snapshot.site;

  // One card at a time, then four at a time (resvg runs on libuv's four threads).
  const cards = site.posts.slice(0, 64).map((post) => postCard(site, post));
  for (const card of cards.slice(0, 4)) await renderSocialCard(card);
  const times: number[] = [];
  let bytes = 0;
  for (const card of cards.slice(0, 40)) {
    const started = performance.now();
    bytes += (await renderSocialCard(card)).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const parallelStarted = performance.now();
  for (let i = 0; i < 64; i += 4) {
    await Promise.all(cards.slice(i, i + 4).map((card) => renderSocialCard(card)));
  }
  const perCardParallel = (performance.now() - parallelStarted) / 64;
  console.log(
    JSON.stringify({
      bench: "social card",
      p50Ms: Math.round(percentile(times, 50) * 10) / 10,
      p95Ms: Math.round(percentile(times, 95) * 10) / 10,
      fourAtATimeMsPerCard: Math.round(perCardParallel * 10) / 10,
      averageBytes: Math.round(bytes / 40),
    }),
  );

  // A full render with its cards, from nothing: the pages go live, then the cards are drawn a
  // budget per run (as the render queue runs them, decision 120). Then again, nothing changed.
  const theme = await loadTheme();
  const output = createSiteOutput(join(dir, "sites"));
  let liveAt = 0;
  output.onChange((_blog, file) => {
    if (file === undefined && liveAt === 0) liveAt = performance.now();
  });
  const first = await load();
  if (!first) throw new Error("no blog");
  const started = performance.now();
  let result = await renderFull(theme, output, first.site);
  let drawn = result.cardsWritten;
  let runs = 1;
  while (result.cardsPending > 0) {
    result = await renderIncremental(theme, output, first.site, first.site, []);
    drawn += result.cardsWritten;
    runs++;
  }
  console.log(
    JSON.stringify({
      bench: "full render with cards, from nothing",
      posts: count,
      pagesLiveMs: Math.round(liveAt - started),
      allCardsMs: Math.round(performance.now() - started),
      cardsDrawn: drawn,
      runs,
    }),
  );
  const again = await load();
  if (!again) throw new Error("no blog");
  const againStarted = performance.now();
  const kept = await renderFull(theme, output, again.site);
  console.log(
    JSON.stringify({
      bench: "full render with cards, nothing changed (every card kept)",
      posts: count,
      pages: kept.pagesWritten,
      cardsDrawn: kept.cardsWritten,
      wallMs: Math.round(performance.now() - againStarted),
      peakMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
  handle.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
