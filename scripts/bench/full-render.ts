/**
 * Full render of 1,000 corpus posts, each run in a fresh process so peak memory is that run's:
 * loads the snapshot (reads, sanitizes), renders every page with the built theme and swaps
 * the build live, then draws the social cards. Prints when the pages went live, the wall time
 * with the cards, and the process's peak resident memory.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sanitizePostHtml } from "../../api/content/sanitize.ts";
import { loadSnapshot } from "../../api/features/publishing/snapshot.ts";
import { renderFull } from "../../site-builder/pipeline/render-site.ts";
import { createSiteOutput } from "../../site-builder/pipeline/site-output.ts";
import { loadTheme } from "../../site-builder/pipeline/theme.ts";
import { seededDatabase } from "./fixtures.ts";

const count = Number(process.argv[2] ?? 1000);
const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-render-"));
try {
  const { handle, blogId } = await seededDatabase(dir, count);
  const theme = await loadTheme();
  const output = createSiteOutput(join(dir, "sites"));
  const started = performance.now();
  // The pages go live before the social cards are drawn (decision 120): both moments printed.
  let pagesLiveMs = 0;
  output.onChange((_blog, file) => {
    if (file === undefined && pagesLiveMs === 0) pagesLiveMs = performance.now() - started;
  });
  const snapshot = await loadSnapshot(handle.db, blogId, {
    canonicalBaseOf: (b) => `https://${b.subdomain}.blogs.example`,
    sanitize: sanitizePostHtml,
  });
  if (!snapshot) throw new Error("no blog");
  const result = await renderFull(theme, output, snapshot.site);
  const wallMs = performance.now() - started;
  const peakMiB = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({
      posts: count,
      pages: result.pagesWritten,
      pagesLiveMs: Math.round(pagesLiveMs),
      cardsDrawn: result.cardsWritten,
      wallMs: Math.round(wallMs),
      peakMiB: Math.round(peakMiB),
    }),
  );
  handle.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
