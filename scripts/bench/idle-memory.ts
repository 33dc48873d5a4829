/**
 * Idle memory (issue 20): resident memory of a started server with no blogs (target ≤ 150 MB),
 * then with 100 blogs of a few published posts each, rendered and visited once (≤ 200 MB).
 *
 * The server is started as `npm start` starts it: the node flags and script of package.json's
 * `start` (the server's build in `dist/`, made first with `npm run build:server` as npm's
 * `prestart` does), on Node 24, with a temp data directory and a free port. RSS is read from
 * /proc/<pid>/status (VmRSS) once the server has settled: readings until the last few lie within
 * 1 MB, their median printed beside their smallest and largest, and VmHWM (the peak so far).
 * With 100 blogs it is read twice: a few seconds after the last request, and once the server has
 * been idle for 30 s (worker threads and the card drawer stop when idle; the figure is the idle
 * one). `childMb` is the RSS of the server's child processes then (the card drawer while it
 * runs). BENCH_QUICK=1 takes fewer readings and shorter pauses (idle: 20 s). Linux only.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { signUpBenchOwner } from "./server.ts";
import {
  freePort,
  startCommand as packageStartCommand,
  parseStartCommand,
} from "./start-command.ts";

const quick = process.env.BENCH_QUICK === "1";
const blogCount = Number(process.env.BENCH_BLOGS ?? 100);
const postsPerBlog = 3;
const samples = quick ? 5 : 10;
const sampleEveryMs = quick ? 200 : 500;
const settleMs = quick ? 2000 : 5000;
const idleMs = quick ? 20_000 : 30_000;

const root = resolve(import.meta.dirname, "../..");

/**
 * `[NAME=value …] node <flags> scripts/start.ts` from package.json's start script: the
 * environment and flags npm start runs with (start-command.ts). BENCH_START="node
 * scripts/start.ts" measures another command (an anchor without flags).
 */
function startCommand(): { env: Record<string, string>; args: string[] } {
  const start = process.env.BENCH_START
    ? parseStartCommand(process.env.BENCH_START)
    : packageStartCommand(root);
  return { env: start.env, args: [...start.flags, start.script] };
}

function status(pid: number): { rss: number; hwm: number } {
  const text = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text)?.[1]);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
}

/** RSS of the server's child processes (MB). */
function childrenRss(pid: number): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent === pid) total += status(Number(entry)).rss;
    } catch {
      // the process ended meanwhile
    }
  }
  return Math.round(total * 10) / 10;
}

/**
 * Waits until `waitMs` have passed since `since`, then samples RSS until the last `samples`
 * readings lie within 1 MB of each other (memory given back after threads stop takes a few
 * seconds), for at most 15 s more: their median is the steady value.
 */
async function settledRss(pid: number, waitMs = settleMs, since = performance.now()) {
  await sleep(Math.max(0, since + waitMs - performance.now()));
  const deadline = performance.now() + 15_000;
  let readings: number[] = [];
  for (;;) {
    readings = [...readings, status(pid).rss].slice(-samples);
    const steady =
      readings.length === samples && Math.max(...readings) - Math.min(...readings) <= 1;
    if (steady || performance.now() > deadline) break;
    await sleep(sampleEveryMs);
  }
  const values = [...readings].sort((a, b) => a - b);
  const mb = (value: number) => Math.round(value * 10) / 10;
  return {
    rssMb: mb(values[Math.floor(values.length / 2)] as number),
    minMb: mb(values[0] as number),
    maxMb: mb(values.at(-1) as number),
    peakMb: mb(status(pid).hwm),
    childMb: childrenRss(pid),
    load: loadavg().map((value) => Math.round(value * 100) / 100),
  };
}

async function waitUntilAnswering(base: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error("server did not answer within 60 s");
}

/** GET on a blog's host (fetch cannot set Host). */
const getOnHost = (base: string, host: string, path: string) =>
  new Promise<number>((done, fail) => {
    const url = new URL(base);
    request({ hostname: url.hostname, port: url.port, path, headers: { host } }, (res) => {
      res.resume();
      res.on("end", () => done(res.statusCode ?? 0));
    })
      .on("error", fail)
      .end();
  });

/** Signs up the owner, then makes the blogs, each with its subdomain and published posts. */
async function createBlogs(base: string) {
  const cookie = await signUpBenchOwner(base);
  const call = async <T>(method: string, path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { "content-type": "application/json", origin: base, cookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const paragraph =
    "A walk along the ridge at sunrise, with boots, a map and a compass, past the cairns to the summit.";
  const hosts: { host: string; post: string }[] = [];
  for (let b = 0; b < blogCount; b++) {
    const blog = await call<{ id: string }>("POST", "/api/blogs", { name: `Idle blog ${b}` });
    await call("PATCH", `/api/blogs/${blog.id}/domain`, { subdomain: `idle-${b}` });
    let slug = "";
    for (let p = 0; p < postsPerBlog; p++) {
      const post = await call<{ id: string; slug: string }>("POST", "/api/posts", {
        blogId: blog.id,
        title: `Trail notes ${b}-${p}`,
        content: Array.from({ length: 8 }, () => `<p>${paragraph}</p>`).join(""),
      });
      for (const status of ["under_review", "published"])
        await call("PATCH", `/api/posts/${post.id}/status`, { status });
      slug = post.slug;
    }
    hosts.push({ host: `idle-${b}.blogs.test`, post: `/post/${slug}` });
  }
  return { cookie, hosts };
}

async function waitForRenders(base: string, cookie: string) {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${base}/api/blogs/overview`, { headers: { cookie } });
    const rows = (await res.json()) as { siteState: string }[];
    const live = rows.filter((row) => row.siteState === "live").length;
    const stuck = rows.filter((row) => row.siteState === "failing");
    if (stuck.length > 0) throw new Error(`${stuck.length} blogs failed to render`);
    if (live === rows.length) return;
    await sleep(200);
  }
  throw new Error("renders did not finish within 10 minutes");
}

const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-idle-"));
let child: ChildProcess | undefined;
try {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { env: startEnv, args: flags } = startCommand();
  if (flags.at(-1)?.startsWith("dist/")) {
    const build = spawnSync("npm", ["run", "--silent", "build:server"], {
      cwd: root,
      stdio: "inherit",
    });
    if (build.status !== 0) throw new Error("npm run build:server failed");
  }
  child = spawn(process.execPath, flags, {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      ...startEnv,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(dir, "blogfleet.db")}`,
      SITES_DIR: join(dir, "sites"),
      BLOG_DOMAIN: "blogs.test",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
  });
  const pid = child.pid as number;
  const started = performance.now();
  await waitUntilAnswering(base, child);
  const startMs = Math.round(performance.now() - started);
  const flagText = [
    ...Object.entries(startEnv).map(([name, value]) => `${name}=${value}`),
    "node",
    ...flags,
  ].join(" ");
  console.log(
    JSON.stringify({
      figure: "idle memory, no blogs",
      target: "≤ 150 MB",
      ...(await settledRss(pid)),
      startMs,
      command: flagText,
    }),
  );

  const creating = performance.now();
  const { cookie, hosts } = await createBlogs(base);
  await waitForRenders(base, cookie);
  const renderedMs = Math.round(performance.now() - creating);
  console.log(
    JSON.stringify({
      figure: `memory ${settleMs / 1000} s after ${blogCount} blogs × ${postsPerBlog} posts were rendered`,
      ...(await settledRss(pid)),
      createdAndRenderedMs: renderedMs,
    }),
  );

  // Readers come by: each blog's home and a post page once (page cache, published indexes).
  for (const { host, post } of hosts) {
    for (const path of ["/", post]) {
      const code = await getOnHost(base, host, path);
      if (code !== 200) throw new Error(`GET ${host}${path} answered ${code}`);
    }
  }
  const lastRequest = performance.now();
  console.log(
    JSON.stringify({
      figure: `memory ${settleMs / 1000} s after serving each of the ${blogCount} blogs' home and a post page once`,
      ...(await settledRss(pid, settleMs, lastRequest)),
    }),
  );
  console.log(
    JSON.stringify({
      figure: `idle memory, ${blogCount} blogs, idle for ${idleMs / 1000} s`,
      target: "≤ 200 MB",
      ...(await settledRss(pid, idleMs, lastRequest)),
    }),
  );
} finally {
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child?.once("exit", done));
    child.kill("SIGTERM");
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
}
