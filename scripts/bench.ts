/**
 * `npm run bench`: prints measured figures (not pass/fail). Each benchmark in `scripts/bench/`
 * runs in its own process, so one's memory and warmed-up code do not flatter the next.
 */
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const benchmarks = [
  // Issue 4: the posts list of a blog with 10,000 posts answers in under 100 ms.
  "posts-list.ts",
  // Issue 16: All Posts at 5,000 and 10,000 posts: first cards and search per keystroke (API).
  "all-posts.ts",
  // Issue 5: full render of 1,000 corpus posts (wall time, peak memory), three runs.
  "full-render.ts",
  "full-render.ts",
  "full-render.ts",
  // Issue 17: one social card (p50/p95), and a full render of 1,000 posts with their cards.
  "social-cards.ts",
  // Issue 5: publish → live at 100, 1,000 and 10,000 posts (50 publishes each).
  "publish-to-live.ts",
  // Issue 5: a post page under load, beside nginx when it is installed.
  "serving.ts",
  // Issue 13 finding 2: an unknown path vs a cached page on a 1,500-post blog, and a signed-in
  // API call while 12 clients request random paths.
  "not-found.ts",
  // Issue 19: the two WordPress fixtures imported (items, posts, categories, redirects, time).
  "import.ts",
  // Issue 17: upload → all variants of a 12 MP JPEG, and the bytes of a post page with three
  // images on a 390 px phone.
  "media.ts",
  // Issue 18: analytics ingest (hits/s, p99), a post page with counting on vs off, and report
  // queries over 1,000,000 hits.
  "analytics.ts",
];

const folder = join(dirname(fileURLToPath(import.meta.url)), "bench");
let failed = false;
for (const name of benchmarks) {
  const run = spawnSync(process.execPath, [join(folder, name)], { stdio: "inherit" });
  if (run.status !== 0) {
    console.error(`${name} failed (exit ${run.status ?? run.signal})`);
    failed = true;
  }
}
if (failed) process.exit(1);
