/**
 * Issue 20: full render of the 1,000-post corpus beside Hugo's full build of the SAME corpus,
 * both timed the same way: a whole process, from spawn to exit, alternating, in one run.
 *
 * - Blogfleet: `full-render-process.ts pages` opens the seeded database, reads the blog (post
 *   bodies as stored by the render after their import), renders every page on the render
 *   workers, swaps the build live and exits. Then `full-render-process.ts cards` draws that
 *   render's budget of social cards (64) into it, timed apart: Hugo draws none, and the server
 *   draws them after the pages are live, outside the render's slot (decision 200).
 *   Both run with `npm start`'s flags and environment (`serverFlags`, `serverEnv`): the server
 *   runs its renders in such a process.
 * - Hugo: `hugo --quiet` on the corpus's Markdown with the Hugo site in `sharedBenchDir` (what
 *   hugo-baseline.sh runs), into an empty folder each time.
 *
 * Both first run once untimed (decision 293): the first process after a build pays one-time
 * costs of a deployment, not of a render.
 *
 * Prints each run, both medians, the ratio, when our pages were live (from the process's start),
 * the cards process's time and peak, and our peak resident memory (the pages process's maxRSS,
 * worker threads included), then the target lines (decision 171). `--quick` (or BENCH_QUICK=1): one run each. `--runs N`, `--posts N`.
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sanitizePostHtml } from "../../api/content/sanitize.ts";
import { loadSnapshot } from "../../api/features/publishing/snapshot.ts";
import { corpus, median, seededDatabase, sharedBenchDir } from "./fixtures.ts";
import { startCommand } from "./start-command.ts";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
const quick = args.includes("--quick") || process.env.BENCH_QUICK === "1";
const runs = Number(option("--runs") ?? (quick ? 1 : 3));
const count = Number(option("--posts") ?? 1000);
const hugo = process.env.HUGO ?? "hugo";
/**
 * The server renders in its own process, started by `npm start` (package.json) with these flags
 * and environment (decisions 204, 360): the server's build in dist/, a small young generation
 * on the main thread, two malloc arenas. Our render processes run with them too.
 */
const start = startCommand(resolve("."));
const serverFlags = start.flags;
const serverEnv = { ...process.env, ...start.env };

/** Wall time of a process from spawn to exit, and what it printed. */
function timed(
  command: string,
  argv: string[],
  env?: NodeJS.ProcessEnv,
): Promise<{ ms: number; stdout: string }> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(command, argv, { stdio: ["ignore", "pipe", "inherit"], env });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
    });
    child.on("error", fail);
    child.on("exit", (code, signal) => {
      const ms = performance.now() - started;
      if (code === 0) done({ ms, stdout });
      else fail(new Error(`${command} ${argv.join(" ")} failed (${code ?? signal})`));
    });
  });
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-full-render-"));
try {
  // One corpus for both: its posts.json seeds the database, its Markdown is Hugo's content.
  const corpusDir = join(dir, "corpus");
  const posts = corpus(count, corpusDir);
  const { handle, blogId } = await seededDatabase(dir, count, undefined, posts);
  // The posts' prepared bodies, stored as the render that follows their import or publish
  // stores them (loadSnapshot's prepare step, decision 152): each run below is a render in a
  // fresh process of a blog whose posts have not changed since.
  const preparing = performance.now();
  await loadSnapshot(handle.db, blogId, {
    canonicalBaseOf: (b) => `https://${b.subdomain}.blogs.example`,
    sanitize: sanitizePostHtml,
  });
  console.log(
    JSON.stringify({
      bench: "full-render",
      preparedBodiesStoredMs: Math.round(performance.now() - preparing),
    }),
  );
  handle.close();
  const hugoSite = join(dir, "hugo-site");
  cpSync(join(sharedBenchDir, "hugo"), hugoSite, { recursive: true });
  mkdirSync(join(hugoSite, "content"), { recursive: true });
  cpSync(join(corpusDir, "markdown"), join(hugoSite, "content", "posts"), { recursive: true });

  // The server runs its renders from its build (`npm start` compiles to dist/ first), so the
  // render process runs from that build too: no thread strips TypeScript.
  const build = spawnSync("npm", ["run", "--silent", "build:server"], { stdio: "inherit" });
  if (build.status !== 0) throw new Error("npm run build:server failed");
  const ourProcess = (sites: string, kind: "pages" | "cards") =>
    timed(
      process.execPath,
      [
        ...serverFlags,
        resolve("dist/scripts/bench/full-render-process.js"),
        join(dir, "bench.db"),
        sites,
        blogId,
        kind,
      ],
      serverEnv,
    );
  const lastLine = (stdout: string) =>
    JSON.parse(stdout.trim().split("\n").pop() as string) as Record<string, number>;

  // One untimed round of each first (decision 293). The first process after a build or a code
  // change pays what a server pays once, at its start: V8's compile cache of the changed
  // sources and of the rebuilt theme (~100–190 ms here).
  // Hugo's first build reads its binary and the corpus from disk. Neither is a full render.
  {
    const warmSites = join(dir, "sites-warm-up");
    const warmOut = join(dir, "hugo-out-warm-up");
    const mine = await ourProcess(warmSites, "pages");
    rmSync(warmSites, { recursive: true, force: true });
    const build = await timed(hugo, ["--quiet", "-s", hugoSite, "-d", warmOut]);
    rmSync(warmOut, { recursive: true, force: true });
    console.log(
      JSON.stringify({
        bench: "full-render",
        warmUp: "untimed round",
        blogfleetMs: Math.round(mine.ms),
        ...lastLine(mine.stdout),
        hugoMs: Math.round(build.ms),
      }),
    );
  }

  const ours: number[] = [];
  const theirs: number[] = [];
  const peaks: number[] = [];
  const pagesLive: number[] = [];
  const cardRuns: number[] = [];
  const cardPeaks: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const sites = join(dir, `sites-${run}`);
    const runOurs = (kind: "pages" | "cards") => ourProcess(sites, kind);
    // Like for like with Hugo: every page rendered and live, then the process exits.
    const mine = await runOurs("pages");
    const inside = lastLine(mine.stdout) as { pagesLiveMs: number; peakMiB: number };
    ours.push(mine.ms);
    pagesLive.push(inside.pagesLiveMs);
    peaks.push(inside.peakMiB);
    console.log(
      JSON.stringify({
        bench: "full-render",
        run,
        blogfleetMs: Math.round(mine.ms),
        ...inside,
        loadAvg: load(),
      }),
    );
    // The same render's social cards (Hugo draws none), timed apart: in the server they are
    // drawn after the pages are live, outside the render's slot (decisions 160, 166, 200).
    const cards = await runOurs("cards");
    const drawn = lastLine(cards.stdout) as { peakMiB: number };
    cardRuns.push(cards.ms);
    cardPeaks.push(drawn.peakMiB);
    rmSync(sites, { recursive: true, force: true });
    console.log(
      JSON.stringify({
        bench: "full-render",
        run,
        cardsProcessMs: Math.round(cards.ms),
        ...drawn,
        loadAvg: load(),
      }),
    );

    const out = join(dir, `hugo-out-${run}`);
    const build = await timed(hugo, ["--quiet", "-s", hugoSite, "-d", out]);
    const htmlFiles = (readdirSync(out, { recursive: true }) as string[]).filter((f) =>
      f.endsWith(".html"),
    ).length;
    theirs.push(build.ms);
    rmSync(out, { recursive: true, force: true });
    console.log(
      JSON.stringify({
        bench: "full-render",
        run,
        hugoMs: Math.round(build.ms),
        htmlFiles,
        loadAvg: load(),
      }),
    );
  }
  const blogfleetMs = median(ours);
  const hugoMs = median(theirs);
  console.log(
    JSON.stringify({
      bench: "full-render",
      posts: count,
      runs,
      blogfleetMedianMs: Math.round(blogfleetMs),
      hugoMedianMs: Math.round(hugoMs),
      ratio: Number((blogfleetMs / hugoMs).toFixed(2)),
      // When every page was live, from the process's start: Hugo's output.
      pagesLiveMedianMs: median(pagesLive),
      pagesLiveRatio: Number((median(pagesLive) / hugoMs).toFixed(2)),
      // The render's social cards, a process of their own from spawn to exit.
      cardsProcessMedianMs: Math.round(median(cardRuns)),
      cardsPeakMiB: Math.max(...cardPeaks),
      target: "≤ 1.0× Hugo, peak ≤ 300 MiB",
      peakMiB: Math.max(...peaks),
      loadAvg: load(),
    }),
  );
  // Target lines (decision 171), at the full size only.
  if (count === 1000) {
    const hugoAnchor = { unit: "ms", anchor: Math.round(hugoMs), anchorLabel: "Hugo, same run" };
    for (const line of [
      {
        target: "full render, 1,000 posts, wall vs Hugo",
        figure: Math.round(blogfleetMs),
        ...hugoAnchor,
      },
      {
        target: "full render, 1,000 posts, pages live vs Hugo",
        figure: median(pagesLive),
        ...hugoAnchor,
      },
      {
        target: "full render, 1,000 posts, peak memory",
        figure: Math.max(...peaks),
        unit: "MiB",
        anchor: 300,
        anchorLabel: "limit 300 MB",
      },
    ])
      console.log(JSON.stringify(line));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
