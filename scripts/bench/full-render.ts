/**
 * Issue 20: full render of the 1,000-post corpus beside Hugo's full build of the SAME corpus,
 * both timed the same way: a whole process, from spawn to exit, alternating, in one run.
 *
 * - Blogfleet: `full-render-process.ts` opens the seeded database, reads and sanitizes every
 *   post, renders every page on the render workers, swaps the build live and draws the render's
 *   budget of social cards (what the server's full render does), then exits.
 * - Hugo: `hugo --quiet` on the corpus's Markdown with ../shared/bench/hugo (what
 *   hugo-baseline.sh runs), into an empty folder each time.
 *
 * Prints each run, both medians, the ratio, when our pages were live (from the process's start,
 * before the social cards Hugo does not make), and our peak resident memory (the process's
 * maxRSS, worker threads included). `--quick` (or BENCH_QUICK=1): one run each. `--runs N`, `--posts N`.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { corpus, median, seededDatabase, sharedBenchDir } from "./fixtures.ts";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
const quick = args.includes("--quick") || process.env.BENCH_QUICK === "1";
const runs = Number(option("--runs") ?? (quick ? 1 : 3));
const count = Number(option("--posts") ?? 1000);
const hugo = process.env.HUGO ?? "hugo";

/** Wall time of a process from spawn to exit, and what it printed. */
function timed(command: string, argv: string[]): Promise<{ ms: number; stdout: string }> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(command, argv, { stdio: ["ignore", "pipe", "inherit"] });
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
  handle.close();
  const hugoSite = join(dir, "hugo-site");
  cpSync(join(sharedBenchDir, "hugo"), hugoSite, { recursive: true });
  mkdirSync(join(hugoSite, "content"), { recursive: true });
  cpSync(join(corpusDir, "markdown"), join(hugoSite, "content", "posts"), { recursive: true });

  const ours: number[] = [];
  const theirs: number[] = [];
  const peaks: number[] = [];
  const pagesLive: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const sites = join(dir, `sites-${run}`);
    const mine = await timed(process.execPath, [
      resolve("scripts/bench/full-render-process.ts"),
      join(dir, "bench.db"),
      sites,
      blogId,
    ]);
    const inside = JSON.parse(mine.stdout.trim().split("\n").pop() as string) as {
      pages: number;
      cards: number;
      peakMiB: number;
      pagesLiveMs: number;
    };
    ours.push(mine.ms);
    pagesLive.push(inside.pagesLiveMs);
    peaks.push(inside.peakMiB);
    rmSync(sites, { recursive: true, force: true });
    console.log(
      JSON.stringify({
        bench: "full-render",
        run,
        blogfleetMs: Math.round(mine.ms),
        ...inside,
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
      // When every page was live (before the cards), from the process's start: Hugo's output.
      pagesLiveMedianMs: median(pagesLive),
      pagesLiveRatio: Number((median(pagesLive) / hugoMs).toFixed(2)),
      target: "≤ 1.0× Hugo, peak ≤ 300 MiB",
      peakMiB: Math.max(...peaks),
      loadAvg: load(),
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
