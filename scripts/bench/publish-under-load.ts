/**
 * Publish → live under load (issue 20): 200 publishes across 20 blogs from 20 concurrent
 * clients against the real server (a child process started with `npm start`'s command, its
 * environment and Node flags read from package.json: worker threads, real social cards), while
 * one more client keeps calling the API.
 *
 * Prints two figures: publish → live (publish request sent → the post listed on its blog's
 * rendered home page) p50/p95/max, and the API's latency while it runs (p50/p95/p99 of the
 * probe's signed-in reads, and of every call the publishing clients made).
 *
 * BENCH_QUICK=1 (or --quick): 60 publishes across 6 blogs from 6 clients. BENCH_LOAD_BLOGS,
 * BENCH_LOAD_PUBLISHES, BENCH_LOAD_CLIENTS override the counts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CallOptions, call as loopbackCall } from "../checks/loopback-call.ts";
import { median, percentile } from "./fixtures.ts";
import { benchServerEnv, freePort, startCommand } from "./start-command.ts";

const quick = process.env.BENCH_QUICK === "1" || process.argv.includes("--quick");
const count = (name: string, full: number, small: number) =>
  Number(process.env[name] ?? (quick ? small : full));
const blogCount = count("BENCH_LOAD_BLOGS", 20, 6);
const publishCount = count("BENCH_LOAD_PUBLISHES", 200, 60);
const clientCount = count("BENCH_LOAD_CLIENTS", 20, 6);
/** How often a waiting blog's home page is read (with its ETag: 304 while unchanged). */
const watchEveryMs = 10;
const blogDomain = "blogs.test";

const agent = new Agent({ keepAlive: true, maxSockets: 128 });
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A request to the server under test, on the bench's keep-alive agent. */
const call = (port: number, path: string, options: CallOptions = {}) =>
  loopbackCall(port, path, { ...options, agent, timeoutMs: 60_000 });

/**
 * An API client; `timings` gets the milliseconds of every call it makes. Clients made from one
 * session share its cookie (one owner in several tabs).
 */
function apiClient(port: number, timings: number[], session = { cookie: "" }) {
  const call_ = async <T>(method: string, path: string, json?: unknown): Promise<T> => {
    const headers: Record<string, string> = { origin: `http://127.0.0.1:${port}` };
    if (session.cookie) headers.cookie = session.cookie;
    const body = json === undefined ? undefined : JSON.stringify(json);
    if (body !== undefined) headers["content-type"] = "application/json";
    const started = performance.now();
    const reply = await call(port, path, { method, headers, body });
    timings.push(performance.now() - started);
    const set = reply.headers["set-cookie"];
    if (Array.isArray(set) && set.length > 0)
      session.cookie = (set[0] as string).split(";")[0] as string;
    if (reply.status >= 300) {
      throw new Error(`${method} ${path} answered ${reply.status}: ${reply.body.slice(0, 200)}`);
    }
    return (reply.body ? JSON.parse(reply.body) : undefined) as T;
  };
  return Object.assign(call_, { session });
}

/** CPU milliseconds the server process has used (user + system, all its threads; Linux). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

const summary = (values: number[]) => ({
  n: values.length,
  p50Ms: Math.round(median(values)),
  p95Ms: Math.round(percentile(values, 95)),
  p99Ms: Math.round(percentile(values, 99)),
  maxMs: Math.round(Math.max(...values)),
});

const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-load-"));
let child: ChildProcess | undefined;
// Whatever ends this script ends the server it started.
process.on("exit", () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});
try {
  const port = await freePort();
  const cpuProf = process.env.BENCH_CPU_PROF;
  const profileArgs = cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${cpuProf}`] : [];
  const start = startCommand(process.cwd());
  child = spawn(process.execPath, [...start.flags, ...profileArgs, start.script], {
    stdio: ["ignore", "ignore", "inherit"],
    env: benchServerEnv(start, port, dir, "blogfleet.db", {
      BLOG_DOMAIN: blogDomain,
      LOG_LEVEL: "warn",
      APP_ORIGIN: "",
      OPENAI_API_KEY: "",
      OPENAI_BASE_URL: "",
    }),
  });
  const exited = new Promise((done) => child?.once("exit", done));
  const healthz = async () => {
    const reply = await call(port, "/healthz").catch(() => undefined);
    return reply?.status === 200
      ? (JSON.parse(reply.body) as { queue: { pending: number; running: number } | null })
      : undefined;
  };
  const waitForIdle = async () => {
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(20)) {
      const h = await healthz();
      if (h?.queue && h.queue.pending === 0 && h.queue.running === 0) return;
    }
    throw new Error("the render queue did not become idle");
  };
  for (const deadline = Date.now() + 60_000; !(await healthz()); await sleep(50)) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error("the server did not start");
  }

  const setupTimings: number[] = [];
  const owner = apiClient(port, setupTimings);
  await owner("POST", "/auth/sign-up", {
    email: "bench-load@example.com",
    password: "correct horse battery staple",
  });
  const blogs: { id: string; host: string }[] = [];
  for (let i = 0; i < blogCount; i++) {
    const blog = await owner<{ id: string }>("POST", "/api/blogs", { name: `Load ${i}` });
    await owner("PATCH", `/api/blogs/${blog.id}/domain`, { subdomain: `load-${i}` });
    blogs.push({ id: blog.id, host: `load-${i}.${blogDomain}` });
  }
  await waitForIdle();

  type Task = { blog: (typeof blogs)[number]; title: string; sentAt?: number; liveMs?: number };
  const tasks: Task[] = Array.from({ length: publishCount }, (_, i) => ({
    blog: blogs[i % blogs.length] as Task["blog"],
    title: `Load publish ${i}`,
  }));
  const waiting = new Set<Task>();
  const watchers = new Map<string, Promise<void>>();
  /** Reads a blog's home (304 while unchanged) until none of its posts is waiting. */
  const watch = async (blog: Task["blog"]) => {
    let etag = "";
    let body = "";
    for (;;) {
      const mine = [...waiting].filter((t) => t.blog === blog);
      if (mine.length === 0) break;
      const home = await call(port, "/", {
        headers: { host: blog.host, ...(etag ? { "if-none-match": etag } : {}) },
      });
      const now = performance.now();
      if (home.status === 200) {
        etag = String(home.headers.etag ?? "");
        body = home.body;
      }
      // Also on a 304: a post may have gone live before its publish call had answered (and
      // joined `waiting`), in the page this watcher already holds.
      for (const task of mine) {
        if (body.includes(`${task.title}<`)) {
          task.liveMs = now - (task.sentAt as number);
          waiting.delete(task);
        }
      }
      await sleep(watchEveryMs);
    }
    watchers.delete(blog.id);
  };

  const publishTimings: number[] = [];
  let next = 0;
  const publisher = async () => {
    const api = apiClient(port, publishTimings, owner.session);
    while (next < tasks.length) {
      const task = tasks[next++] as Task;
      const post = await api<{ id: string }>("POST", "/api/posts", {
        blogId: task.blog.id,
        title: task.title,
        content: `<p>${task.title} body.</p>`,
      });
      await api("PATCH", `/api/posts/${post.id}/status`, { status: "under_review" });
      task.sentAt = performance.now();
      await api("PATCH", `/api/posts/${post.id}/status`, { status: "published" });
      waiting.add(task);
      if (!watchers.has(task.blog.id)) watchers.set(task.blog.id, watch(task.blog));
    }
  };
  const probeTimings: number[] = [];
  /** The probe's calls sent while publishes were still being made (the same window in any run). */
  const probeWhilePublishing: number[] = [];
  let publishing = true;
  let running = true;
  const probe = async () => {
    const api = apiClient(port, [], owner.session);
    for (let i = 0; running; i++) {
      const started = performance.now();
      const publishingAtStart = publishing;
      if (i % 2 === 0) await api("GET", "/api/blogs");
      else await api("GET", `/api/blogs/${(blogs[i % blogs.length] as Task["blog"]).id}/posts`);
      probeTimings.push(performance.now() - started);
      if (publishingAtStart) probeWhilePublishing.push(performance.now() - started);
      await sleep(5);
    }
  };

  const started = performance.now();
  const cpuBefore = cpuMsOf(child.pid);
  const probing = probe();
  await Promise.all(Array.from({ length: clientCount }, publisher));
  const publishedMs = performance.now() - started;
  publishing = false;
  const deadline = Date.now() + 120_000;
  while (waiting.size > 0 && Date.now() < deadline) await sleep(20);
  running = false;
  await probing;
  await Promise.all(watchers.values());
  await waitForIdle();
  const serverCpuMs = cpuMsOf(child.pid) - cpuBefore;

  const live = tasks.filter((t) => t.liveMs !== undefined).map((t) => t.liveMs as number);
  console.log(
    JSON.stringify({
      figure: `publish → live under load (${publishCount} publishes, ${blogCount} blogs, ${clientCount} clients)`,
      publishedInMs: Math.round(publishedMs),
      live: live.length,
      serverCpuMsPerPublish: Math.round(serverCpuMs / publishCount),
      ...summary(live),
    }),
  );
  console.log(
    JSON.stringify({
      figure: "API latency while it runs",
      probe: summary(probeTimings),
      // The probe's window ends when the last post is live: a faster run has fewer of the
      // quiet calls made after the publishes, so compare runs on this one too.
      probeWhilePublishing: summary(probeWhilePublishing),
      publishingCalls: summary(publishTimings),
    }),
  );
  child.kill("SIGTERM");
  await exited;
} finally {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  agent.destroy();
  rmSync(dir, { recursive: true, force: true });
}
