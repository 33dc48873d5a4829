/**
 * `npm run bench`: prints measured figures (not pass/fail). Each benchmark in `scripts/bench/`
 * runs in its own process, so one's memory and warmed-up code do not flatter the next.
 *
 * `npm run bench -- --quick`: the issue-20 targets only, with smaller sizes, in under two
 * minutes (each child sees BENCH_QUICK=1 and gets the smaller arguments listed below).
 * `npm run bench -- dashboard serving`: only the benches whose file names contain those words.
 *
 * Target lines: the convention a bench follows to put a figure in the summary table printed
 * at the end. For each figure that has a target, print one JSON line on stdout:
 *
 *   {"target": "full render, 1,000 posts, wall vs Hugo", "figure": 950, "unit": "ms",
 *    "anchor": 920, "anchorLabel": "Hugo, same run", "max": 1}
 *
 * - target: a stable name, the row of the summary (the names of issue 20 are in `expected`);
 * - figure: the number measured, in `unit` ("ms", "B", "MiB", "req/s", …);
 * - anchor: what the figure is compared with, in the same unit: a figure measured in the same
 *   run (Hugo's build, nginx, a cached page) or a fixed limit (`anchorLabel` says which);
 * - max / min: the ratio figure ÷ anchor must be at most `max` (the default, 1) or at least
 *   `min`. The summary prints the ratio and whether it holds.
 * Every other line is printed as it comes. Benches that predate the convention are read
 * through `adapters` (their known JSON keys) until they print target lines themselves.
 */
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

type Bench = {
  file: string;
  args?: string[];
  /** Part of `--quick`, with these arguments and environment (else left out of it). */
  quick?: { args?: string[]; env?: Record<string, string> };
};

const benchmarks: Bench[] = [
  // Issue 4: the posts list of a blog with 10,000 posts answers in under 100 ms.
  { file: "posts-list.ts" },
  // Issue 16: All Posts at 5,000 and 10,000 posts: first cards and search per keystroke (API).
  { file: "all-posts.ts" },
  // Issue 5 / 20: full render of 1,000 corpus posts as a whole process beside Hugo's build of
  // the same corpus, taking turns, three runs each (one when quick); wall time, peak memory.
  { file: "full-render.ts", quick: {} },
  // Issue 17: one social card (p50/p95), and a full render of 1,000 posts with their cards.
  { file: "social-cards.ts" },
  // Issue 5 / 20: publish → live at 100, 1,000 and 10,000 posts (50 publishes each).
  {
    file: "publish-to-live.ts",
    // Quick: 1,000 posts (seeding and rendering 10,000 alone takes minutes on a busy machine).
    quick: { args: ["1000"], env: { BENCH_PUBLISHES: "10" } },
  },
  // Issue 20: 200 publishes across 20 blogs from 20 clients against the real server: publish →
  // live and the API's latency while it runs.
  { file: "publish-under-load.ts", quick: {} },
  // Issue 20 / decision 220: concurrent SQLite writers with group commit on and off.
  { file: "sqlite-group-commit.ts" },
  // Issue 20: resident memory of a server started as npm start does, with no blogs and with 100.
  { file: "idle-memory.ts", quick: {} },
  // Issue 5 / 20: a post page under load, beside one nginx worker, plain and gzip.
  { file: "serving.ts", quick: { env: { BENCH_SECONDS: "2", BENCH_ROUNDS: "2" } } },
  // Issue 13 finding 2 / 20: an unknown path vs a cached page on a 1,500-post blog, and a
  // signed-in API call while 12 clients request random paths.
  { file: "not-found.ts", quick: { env: { BENCH_NOT_FOUND_SAMPLES: "100" } } },
  // Issue 20: the dashboard's first-load JavaScript and All Posts' first cards in Chromium.
  { file: "dashboard.ts", quick: {} },
  // Issue 19: the two WordPress fixtures imported (items, posts, categories, redirects, time).
  { file: "import.ts" },
  // Issue 29: a cheap API call (p95) while a ~95 MiB Markdown zip and a ~95 MiB WordPress
  // export are uploaded, parsed and written, against the real server.
  { file: "import-load.ts", quick: {} },
  // Issue 17: upload → all variants of a 12 MP JPEG, and the bytes of a post page with three
  // images on a 390 px phone.
  { file: "media.ts" },
  // Issue 18: analytics ingest (hits/s, p99), a post page with counting on vs off, and report
  // queries over 1,000,000 hits.
  { file: "analytics.ts" },
  // Issue 31: internal link suggestions for a draft at 10,000 published posts (p50/p95), by
  // full-text search alone and with a loopback embeddings server (decision 331).
  {
    file: "internal-links.ts",
    quick: { args: ["2000"], env: { BENCH_DRAFTS: "10" } },
  },
  // Issue 31: the AI writer's model calls and tokens per post by length, and its own time
  // without the model's (p50/p95) against loopback peers (decision 334).
  { file: "ai-writer.ts", quick: { args: ["200"], env: { BENCH_WRITES: "3" } } },
  // Issue 35: the role check per API call beside the owner check it replaced, at 50 blogs × 20
  // members, and the review queue's first page with 10,000 posts under review.
  { file: "team.ts", quick: { env: { BENCH_TEAM_POSTS: "2000" } } },
  // Issue 36: one newsletter issue to 10,000 subscribers through a loopback SMTP server: send
  // time, the API's p95 while it sends, the server's memory during the send.
  { file: "newsletter.ts", quick: { env: { BENCH_SUBSCRIBERS: "2000" } } },
];

type TargetLine = {
  target: string;
  figure: number;
  unit?: string;
  anchor: number;
  anchorLabel?: string;
  max?: number;
  min?: number;
};

/** Issue 20's targets, in the issue's order: listed even when no bench reported them. */
const expected = [
  "full render, 1,000 posts, wall vs Hugo",
  "full render, 1,000 posts, pages live vs Hugo",
  "full render, 1,000 posts, peak memory",
  "publish → live, 10,000 posts, p50",
  "publish → live, 10,000 posts, p95",
  "publish under load, p95 publish → live",
  "publish under load, API p99",
  "idle memory, no blogs",
  "idle memory, 100 blogs",
  "unknown path vs cached page, p50",
  "dashboard first-load JS, as transferred",
  "dashboard first-load JS, gzip",
  "All Posts first cards, 10,000 posts (warm cache)",
  "static serving vs nginx, plain",
  "static serving vs nginx, gzip",
];

/** Target lines read from the known JSON keys of benches that do not print them yet. */
const adapters: Record<string, (line: Record<string, unknown>) => TargetLine[]> = {
  "idle-memory.ts": (line) => {
    const { figure, rssMb } = line;
    if (typeof figure !== "string" || typeof rssMb !== "number") return [];
    if (figure === "idle memory, no blogs")
      return [{ target: figure, figure: rssMb, unit: "MB", anchor: 150, anchorLabel: "limit" }];
    if (/^idle memory, 100 blogs/.test(figure))
      return [
        {
          target: "idle memory, 100 blogs",
          figure: rssMb,
          unit: "MB",
          anchor: 200,
          anchorLabel: "limit",
        },
      ];
    return [];
  },
  "publish-under-load.ts": (line) => {
    const { figure } = line;
    if (typeof figure !== "string") return [];
    if (figure.startsWith("publish → live under load") && typeof line.p95Ms === "number")
      return [
        {
          target: "publish under load, p95 publish → live",
          figure: line.p95Ms,
          unit: "ms",
          anchor: 500,
          anchorLabel: "limit",
        },
      ];
    const probe = line.probe as { p99Ms?: unknown } | undefined;
    if (figure === "API latency while it runs" && typeof probe?.p99Ms === "number")
      return [
        {
          target: "publish under load, API p99",
          figure: probe.p99Ms,
          unit: "ms",
          anchor: 200,
          anchorLabel: "limit",
        },
      ];
    return [];
  },
  "publish-to-live.ts": (line) => {
    const { posts, homePageP50Ms: p50, homePageP95Ms: p95 } = line;
    if (typeof posts !== "number" || typeof p50 !== "number" || typeof p95 !== "number") return [];
    const size = posts.toLocaleString("en-US");
    return [
      {
        target: `publish → live, ${size} posts, p50`,
        figure: p50,
        unit: "ms",
        anchor: 30,
        anchorLabel: "limit 30 ms",
      },
      {
        target: `publish → live, ${size} posts, p95`,
        figure: p95,
        unit: "ms",
        anchor: 60,
        anchorLabel: "limit 60 ms",
      },
    ];
  },
  "not-found.ts": (line) => {
    const cached = line.cachedPage as { p50Ms?: unknown } | undefined;
    const unknown = line.unknownPath as { p50Ms?: unknown } | undefined;
    return typeof cached?.p50Ms === "number" && typeof unknown?.p50Ms === "number"
      ? [
          {
            target: "unknown path vs cached page, p50",
            figure: unknown.p50Ms,
            unit: "ms",
            anchor: cached.p50Ms,
            anchorLabel: "cached page, same run",
          },
        ]
      : [];
  },
};

function isTargetLine(value: unknown): value is TargetLine {
  if (!value || typeof value !== "object") return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.target === "string" &&
    typeof line.figure === "number" &&
    typeof line.anchor === "number"
  );
}

type Run = { bench: Bench; seconds: number; status: string; targets: TargetLine[] };

/** Runs one bench, echoing its output as it comes and keeping its target lines. */
function runBench(bench: Bench, quick: boolean): Promise<Run> {
  const folder = join(dirname(fileURLToPath(import.meta.url)), "bench");
  const args = (quick ? bench.quick?.args : undefined) ?? bench.args ?? [];
  const env = quick ? { ...process.env, BENCH_QUICK: "1", ...bench.quick?.env } : process.env;
  const started = performance.now();
  const explicit: TargetLine[] = [];
  const adapted: TargetLine[] = [];
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(folder, bench.file), ...args], {
      stdio: ["ignore", "pipe", "inherit"],
      env,
    });
    let pending = "";
    const readLine = (text: string) => {
      process.stdout.write(`${text}\n`);
      if (!text.startsWith("{")) return;
      try {
        const parsed: unknown = JSON.parse(text);
        if (isTargetLine(parsed)) explicit.push(parsed);
        else if (parsed && typeof parsed === "object")
          adapted.push(...(adapters[bench.file]?.(parsed as Record<string, unknown>) ?? []));
      } catch {
        // Not JSON after all: printed, nothing to keep.
      }
    };
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const text of lines) readLine(text);
    });
    child.on("close", (code, signal) => {
      if (pending) readLine(pending);
      const named = new Set(explicit.map((t) => t.target));
      done({
        bench,
        seconds: (performance.now() - started) / 1000,
        status: code === 0 ? "ok" : `failed (exit ${code ?? signal})`,
        targets: [...explicit, ...adapted.filter((t) => !named.has(t.target))],
      });
    });
  });
}

const cliArgs = process.argv.slice(2);
const quick = cliArgs.includes("--quick");
const only = cliArgs.filter((a) => !a.startsWith("--"));
const chosen = benchmarks.filter(
  (b) => (!quick || b.quick) && (only.length === 0 || only.some((word) => b.file.includes(word))),
);

const started = performance.now();
const runs: Run[] = [];
for (const bench of chosen) {
  console.log(`\n── ${bench.file}${quick ? " (quick)" : ""}`);
  const run = await runBench(bench, quick);
  if (run.status !== "ok") console.error(`${bench.file} ${run.status}`);
  runs.push(run);
}
const totalSeconds = (performance.now() - started) / 1000;

/** The summary: one row per target line (the last of a name wins), then what is missing. */
const rows = new Map<string, TargetLine>();
for (const run of runs) for (const t of run.targets) rows.set(t.target, t);
const number = (n: number) =>
  Number.isInteger(n)
    ? n.toLocaleString("en-US")
    : n.toLocaleString("en-US", { maximumFractionDigits: 2 });
const table: string[][] = [["target", "figure", "anchor", "ratio", "holds"]];
for (const name of [...expected, ...[...rows.keys()].filter((n) => !expected.includes(n))]) {
  const t = rows.get(name);
  if (!t) {
    if (!only.length && (!quick || expected.includes(name)))
      table.push([name, "not reported", "", "", ""]);
    continue;
  }
  const unit = t.unit ? ` ${t.unit}` : "";
  const ratio = t.anchor === 0 ? Number.NaN : t.figure / t.anchor;
  const holds = t.min !== undefined ? ratio >= t.min : ratio <= (t.max ?? 1);
  const goal = t.min !== undefined ? `≥ ${t.min}` : `≤ ${t.max ?? 1}`;
  table.push([
    name,
    `${number(t.figure)}${unit}`,
    `${number(t.anchor)}${unit}${t.anchorLabel ? ` (${t.anchorLabel})` : ""}`,
    `${ratio.toFixed(2)} (${goal})`,
    holds ? "yes" : "NO",
  ]);
}
const widths = (table[0] as string[]).map((_, i) =>
  Math.max(...table.map((r) => (r[i] ?? "").length)),
);
console.log(`\nSummary${quick ? " (--quick)" : ""}: issue 20 targets and others reported`);
for (const row of table) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  "));
console.log(
  `\n${runs.map((r) => `${r.bench.file} ${r.seconds.toFixed(1)} s${r.status === "ok" ? "" : ` ${r.status}`}`).join(", ")}`,
);
console.log(`whole run: ${totalSeconds.toFixed(1)} s`);
if (runs.some((r) => r.status !== "ok")) process.exit(1);
