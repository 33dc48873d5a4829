/**
 * `npm run check:reliability`: the reliability figures of issues 9 and 14 (kills, load, shutdown, full disks), measured against the real
 * server (`api/server.ts`) running as a child process on 127.0.0.1, with its own temp folder
 * and port. Each figure prints one line, PASS or FAIL; the exit code is 1 when any failed.
 * What each figure checks, and the knobs below, are described in docs/reliability.md.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { Agent, createServer } from "node:http";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Client, createClient, type InValue } from "@libsql/client";
import { openDatabase } from "../../api/db/client.ts";
import { passingArticle } from "../../api/test/ai.ts";
import { median, percentile, seedPosts } from "../bench/fixtures.ts";
import { call } from "./loopback-call.ts";

// ---------------------------------------------------------------------------------------------
// Configuration (environment variables; defaults take about five minutes on two cores)

const num = (name: string, fallback: number) => {
  const value = process.env[name];
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`${name} must be a number`);
  return parsed;
};

/** Names for groups of figures on the command line. */
const figureGroups: Record<string, number[]> = {
  kills: [1, 2, 3],
  load: [4],
  shutdown: [5],
  "disk-full": [6, 7, 8],
  "sites-full": [6],
  "database-full": [7],
  "backup-full": [8],
};

function figuresAsked(): number[] {
  const args = process.argv.slice(2);
  if (args.length === 0) {
    return (process.env.RELIABILITY_ONLY ?? "1,2,3,4,5,6,7,8")
      .split(",")
      .map((s) => Number(s.trim()));
  }
  return args.flatMap((arg) => {
    const group = figureGroups[arg];
    if (group) return group;
    if (/^\d+$/.test(arg)) return [Number(arg)];
    throw new Error(
      `Unknown figure "${arg}": use a number or one of ${Object.keys(figureGroups).join(", ")}`,
    );
  });
}

const config = {
  /**
   * Which figures run: "1,3" runs figures 1 and 3 (all by default). Names given on the
   * command line choose instead: `npm run check:reliability -- disk-full` (6, 7 and 8), or
   * figure numbers (`-- 6 7`).
   */
  only: figuresAsked(),
  keep: process.env.RELIABILITY_KEEP === "1",
  renderKills: num("RELIABILITY_RENDER_KILLS", 20),
  renderPosts: num("RELIABILITY_RENDER_POSTS", 600),
  pollIntervalMs: num("RELIABILITY_POLL_MS", 10),
  createKills: num("RELIABILITY_CREATE_KILLS", 5),
  createClients: num("RELIABILITY_CREATE_CLIENTS", 32),
  createMs: num("RELIABILITY_CREATE_MS", 2000),
  scheduledPosts: num("RELIABILITY_SCHEDULED_POSTS", 10),
  onTimeSlackMs: num("RELIABILITY_ON_TIME_SLACK_MS", 1500),
  automationBlogs: num("RELIABILITY_AUTOMATION_BLOGS", 3),
  loadBlogs: num("RELIABILITY_LOAD_BLOGS", 20),
  loadPublishes: num("RELIABILITY_LOAD_PUBLISHES", 200),
  loadClients: num("RELIABILITY_LOAD_CLIENTS", 20),
  maxP95Ms: num("RELIABILITY_MAX_P95_MS", 15_000),
  shutdownListPosts: num("RELIABILITY_SHUTDOWN_LIST_POSTS", 2000),
  shutdownRequests: num("RELIABILITY_SHUTDOWN_REQUESTS", 6),
  shutdownBlogs: num("RELIABILITY_SHUTDOWN_BLOGS", 6),
};

const root = resolve(import.meta.dirname, "../..");
const blogDomain = "blogs.test";
/** Ports other tools of this project use; never taken here. */
const reservedPorts = new Set([3000, 3299, 3311, 3312, 3313, 3314]);

// ---------------------------------------------------------------------------------------------
// Figures

let failures = 0;
function figure(ok: boolean, label: string, detail: string) {
  if (!ok) failures++;
  console.log(`${ok ? "PASS" : "FAIL"}  ${label}: ${detail}`);
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function waitUntil(
  condition: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 20,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if (await condition()) return true;
    } catch {
      // not yet (the server may be starting)
    }
    await sleep(everyMs);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// HTTP

type Health = { status: string; queue: { pending: number; running: number } | null };
const health = async (port: number) =>
  JSON.parse((await call(port, "/healthz", { timeoutMs: 5000 })).body) as Health;

/** The owner's API client: keeps the session cookie, sends the app's Origin on writes. */
function apiClient(port: number) {
  const cookies = new Map<string, string>();
  let agent = new Agent({ keepAlive: true, maxSockets: 64 });
  async function send<T = unknown>(method: string, path: string, json?: unknown) {
    const headers: Record<string, string> = {};
    if (cookies.size > 0) headers.cookie = cookieHeader();
    if (method !== "GET") headers.origin = `http://127.0.0.1:${port}`;
    let body: string | undefined;
    if (json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(json);
    }
    const reply = await call(port, path, { method, headers, body, agent });
    for (const line of reply.headers["set-cookie"] ?? []) {
      const pair = line.split(";")[0] ?? "";
      const index = pair.indexOf("=");
      cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    const isJson = reply.headers["content-type"]?.includes("application/json");
    return { status: reply.status, body: (isJson ? JSON.parse(reply.body) : reply.body) as T };
  }
  /** The same request, failing loudly unless it answers `status`. */
  async function expect<T = unknown>(status: number, method: string, path: string, json?: unknown) {
    const reply = await send<T>(method, path, json);
    if (reply.status !== status) {
      throw new Error(
        `${method} ${path} answered ${reply.status}, expected ${status}: ${JSON.stringify(reply.body).slice(0, 300)}`,
      );
    }
    return reply.body;
  }
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  return {
    send,
    expect,
    cookieHeader,
    /** After a restart: fresh connections, same session (sessions live in the database). */
    reconnect() {
      agent.destroy();
      agent = new Agent({ keepAlive: true, maxSockets: 64 });
    },
    close: () => agent.destroy(),
  };
}
type Api = ReturnType<typeof apiClient>;

type BlogInfo = { id: string; slug: string; host: string };

async function signUp(api: Api): Promise<string> {
  await api
    .expect(201, "POST", "/auth/sign-up", {
      email: "reliability@example.com",
      password: "correct horse battery staple",
    })
    .catch(async (error: unknown) => {
      // Some versions answer the sign-up with a redirect; the session cookie is what matters.
      const me = await api.send("GET", "/api/auth/user");
      if (me.status !== 200) throw error;
    });
  return (await api.expect<{ id: string }>(200, "GET", "/api/auth/user")).id;
}

async function createBlog(api: Api, name: string, subdomain: string): Promise<BlogInfo> {
  const blog = await api.expect<{ id: string; slug: string }>(201, "POST", "/api/blogs", { name });
  await api.expect(200, "PATCH", `/api/blogs/${blog.id}/domain`, { subdomain });
  return { id: blog.id, slug: blog.slug, host: `${subdomain}.${blogDomain}` };
}

/** Draft → under review → published; returns the post and when the publish was sent. */
async function publishPost(api: Api, blogId: string, title: string, content: string) {
  const post = await api.expect<{ id: string; slug: string }>(201, "POST", "/api/posts", {
    blogId,
    title,
    content,
  });
  await api.expect(200, "PATCH", `/api/posts/${post.id}/status`, { status: "under_review" });
  const sentAt = performance.now();
  await api.expect(200, "PATCH", `/api/posts/${post.id}/status`, { status: "published" });
  return { ...post, sentAt };
}

async function waitForIdleQueue(port: number, timeoutMs = 120_000): Promise<boolean> {
  return waitUntil(async () => {
    const h = await health(port);
    return h.queue !== null && h.queue.pending === 0 && h.queue.running === 0;
  }, timeoutMs);
}

// ---------------------------------------------------------------------------------------------
// The server as a child process

async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((done, fail) => {
      const probe = createNetServer();
      probe.once("error", fail);
      probe.listen(0, "127.0.0.1", () => {
        const address = probe.address();
        const found = typeof address === "object" && address ? address.port : 0;
        probe.close(() => done(found));
      });
    });
    if (!reservedPorts.has(port)) return port;
  }
}

type Exit = { code: number | null; signal: NodeJS.Signals | null };
const children = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/**
 * One Blogfleet instance: a folder (database, rendered sites, log) and a port, started and
 * stopped (gracefully or with SIGKILL) as many times as a figure needs.
 */
function serverProcess(
  name: string,
  extraEnv: Record<string, string> = {},
  /** A folder of its own for the database (to put it on a small file system). */
  layout: { databaseSubdir?: string } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), `blogfleet-reliability-${name}-`));
  const logPath = join(dir, "server.log");
  const log = createWriteStream(logPath, { flags: "a" });
  const databaseDir = layout.databaseSubdir ? join(dir, layout.databaseSubdir) : dir;
  mkdirSync(databaseDir, { recursive: true });
  mkdirSync(join(dir, "sites"), { recursive: true });
  const databaseUrl = `file:${join(databaseDir, "blogfleet.db")}`;
  /** Exits nobody asked for (a crash): the disk-full figures require none. */
  const crashes: Exit[] = [];
  let stopping = false;
  let child: ChildProcess | undefined;
  let exited: Promise<Exit> = Promise.resolve({ code: 0, signal: null });
  const lineListeners = new Set<(line: string) => void>();
  let port = 0;
  /** When each start was asked for and when it answered (epoch ms). */
  const starts: { spawnedAt: number; readyAt: number }[] = [];

  return {
    starts,
    crashes,
    dir,
    databaseDir,
    logPath,
    databaseUrl,
    sitesDir: join(dir, "sites"),
    get port() {
      return port;
    },
    get running() {
      return child !== undefined;
    },
    onLine(listener: (line: string) => void) {
      lineListeners.add(listener);
      return () => lineListeners.delete(listener);
    },
    async start(logLevel = "warn"): Promise<void> {
      port ||= await freePort();
      stopping = false;
      const spawnedAt = Date.now();
      const started = spawn(process.execPath, ["api/server.ts"], {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          ...process.env,
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: String(port),
          DATABASE_URL: databaseUrl,
          SITES_DIR: join(dir, "sites"),
          BLOG_DOMAIN: blogDomain,
          LOG_LEVEL: logLevel,
          APP_ORIGIN: "",
          OPENAI_API_KEY: "",
          OPENAI_BASE_URL: "",
          ...extraEnv,
        },
      });
      child = started;
      children.add(started);
      let pending = "";
      started.stdout?.on("data", (chunk: Buffer) => {
        log.write(chunk);
        pending += chunk.toString();
        const lines = pending.split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) for (const listener of lineListeners) listener(line);
      });
      started.stderr?.on("data", (chunk: Buffer) => log.write(chunk));
      exited = new Promise<Exit>((done) =>
        started.once("exit", (code, signal) => {
          children.delete(started);
          if (!stopping) crashes.push({ code, signal });
          if (child === started) child = undefined;
          done({ code, signal });
        }),
      );
      // Ready when /healthz answers: 200, or 503 with the reasons (a full disk, say).
      const ready = await waitUntil(
        async () =>
          child === started &&
          [200, 503].includes((await call(port, "/healthz", { timeoutMs: 2000 })).status),
        60_000,
        20,
      );
      if (!ready || child !== started) {
        started.kill("SIGKILL");
        throw new Error(`the server did not start; see ${logPath}`);
      }
      starts.push({ spawnedAt, readyAt: Date.now() });
    },
    /** SIGKILL: no handler runs, nothing is flushed that was not already. */
    async kill9(): Promise<void> {
      stopping = true;
      child?.kill("SIGKILL");
      await exited;
    },
    /** SIGTERM, then the exit code and how long the shutdown took. */
    async terminate(): Promise<Exit & { ms: number }> {
      const started = performance.now();
      stopping = true;
      child?.kill("SIGTERM");
      const exit = await exited;
      return { ...exit, ms: Math.round(performance.now() - started) };
    },
    /** Opens the database file directly (while the server runs, reads only). */
    async database<T>(use: (db: Client) => Promise<T>): Promise<T> {
      const db = createClient({ url: databaseUrl });
      try {
        return await use(db);
      } finally {
        db.close();
      }
    },
    async dispose(keep: boolean) {
      if (child) await this.kill9();
      log.end();
      if (keep) console.log(`      (kept ${dir})`);
      else rmSync(dir, { recursive: true, force: true });
    },
  };
}
type ServerProcess = ReturnType<typeof serverProcess>;

async function rows<T>(db: Client, sql: string, args: InValue[] = []): Promise<T[]> {
  return (await db.execute({ sql, args })).rows as unknown as T[];
}

/** Seeds `count` corpus posts into a blog while the server is stopped. */
async function seedWhileStopped(
  server: ServerProcess,
  blogId: string,
  ownerId: string,
  count: number,
) {
  const handle = await openDatabase(server.databaseUrl);
  try {
    await seedPosts(handle.db, blogId, ownerId, count);
  } finally {
    handle.close();
  }
}

const colourOf = (i: number) =>
  `#${(0x1a2b3c + i * 0x010305).toString(16).slice(-6).padStart(6, "0")}`;
const primaryOf = (html: string) => /--primary: (#[0-9a-f]{3,6})/.exec(html)?.[1];

// ---------------------------------------------------------------------------------------------
// 1. kill -9 during full renders while readers poll

async function killDuringRender() {
  const server = serverProcess("render");
  try {
    await server.start();
    const owner = apiClient(server.port);
    const ownerId = await signUp(owner);
    const blog = await createBlog(owner, "Render Kill", "render-kill");
    await server.terminate();
    await seedWhileStopped(server, blog.id, ownerId, config.renderPosts);
    await server.start();
    owner.reconnect();
    if (!(await waitForIdleQueue(server.port)))
      throw new Error("the first full render never finished");
    const site = await owner.expect<{ state: string; lastDurationMs: number }>(
      200,
      "GET",
      `/api/blogs/${blog.id}/site`,
    );
    // How long a full render takes; lowered whenever a kill comes after the render finished.
    let renderMs = site.lastDurationMs;
    const slugs = await server.database((db) =>
      rows<{ slug: string }>(
        db,
        "select slug from posts where blog_id = ? order by published_at desc",
        [blog.id],
      ),
    );
    const pick = (i: number) => `/post/${slugs[Math.min(slugs.length - 1, i)]?.slug}`;
    const postPaths = [
      pick(0),
      pick(1),
      pick(10),
      pick(Math.floor(slugs.length / 2)),
      pick(slugs.length - 1),
    ];
    const paths = ["/", ...postPaths];

    const colours: string[] = [
      (await owner.expect<{ primaryColor: string }>(200, "GET", `/api/blogs/${blog.id}`))
        .primaryColor,
    ];
    const state = { iteration: 0, down: false, stop: false };
    const counts = {
      reads: 0,
      old: 0,
      fresh: 0,
      neither: 0,
      notFound: 0,
      downErrors: 0,
      upErrors: 0,
    };
    const samples: string[] = [];
    const allowedAt = (i: number) => [colours[i], i > 0 ? colours[i - 1] : undefined];
    const pollAgent = new Agent({ keepAlive: true, maxSockets: paths.length });

    const poll = async (path: string) => {
      while (!state.stop) {
        const startIteration = state.iteration;
        const downAtStart = state.down;
        try {
          const reply = await call(server.port, path, {
            host: blog.host,
            agent: pollAgent,
            timeoutMs: 15_000,
          });
          counts.reads++;
          const endIteration = state.iteration;
          const colour = primaryOf(reply.body);
          const allowed = new Set([...allowedAt(startIteration), ...allowedAt(endIteration)]);
          if (reply.status === 404) {
            counts.notFound++;
            if (samples.length < 5) samples.push(`404 ${path}`);
          } else if (
            reply.status !== 200 ||
            !reply.body.trimEnd().endsWith("</html>") ||
            !colour ||
            !allowed.has(colour)
          ) {
            counts.neither++;
            if (samples.length < 5)
              samples.push(
                `${reply.status} ${path} colour ${colour ?? "none"} (${reply.body.length} bytes)`,
              );
          } else if (colour === colours[endIteration]) counts.fresh++;
          else counts.old++;
        } catch {
          if (downAtStart || state.down) counts.downErrors++;
          else counts.upErrors++;
        }
        await sleep(config.pollIntervalMs);
      }
    };
    const pollers = paths.map(poll);

    let midRender = 0;
    let recovered = 0;
    const recoveryMs: number[] = [];
    for (let i = 1; i <= config.renderKills; i++) {
      colours[i] = colourOf(i);
      state.iteration = i;
      await owner.expect(200, "PATCH", `/api/blogs/${blog.id}/customization`, {
        primaryColor: colours[i],
      });
      // The render has started once its job is marked as taken.
      await waitUntil(async () => ((await health(server.port)).queue?.running ?? 0) > 0, 10_000, 2);
      await sleep(Math.random() * renderMs * 0.8);
      state.down = true;
      await server.kill9();
      owner.close();
      const [left, last] = await server.database(async (db) => [
        await rows<{ n: number }>(db, "select count(*) as n from render_jobs where blog_id = ?", [
          blog.id,
        ]),
        await rows<{ duration_ms: number }>(
          db,
          "select duration_ms from site_builds where blog_id = ? order by finished_at desc limit 1",
          [blog.id],
        ),
      ]);
      if (Number(left[0]?.n) > 0) midRender++;
      else renderMs = Math.min(renderMs, Number(last[0]?.duration_ms ?? renderMs));
      await server.start();
      state.down = false;
      const restarted = performance.now();
      owner.reconnect();
      const done = await waitUntil(
        async () => {
          const status = await owner.expect<{ state: string }>(
            200,
            "GET",
            `/api/blogs/${blog.id}/site`,
          );
          if (status.state !== "live") return false;
          const h = await health(server.port);
          if (h.queue?.pending !== 0 || h.queue.running !== 0) return false;
          const home = await call(server.port, "/", { host: blog.host });
          return primaryOf(home.body) === colours[i];
        },
        60_000,
        25,
      );
      if (done) {
        recovered++;
        recoveryMs.push(performance.now() - restarted);
      }
    }
    state.stop = true;
    await Promise.all(pollers);
    pollAgent.destroy();
    const builds = readdirSync(join(server.sitesDir, "blogs", blog.id, "builds")).length;

    figure(
      counts.neither === 0 &&
        counts.notFound === 0 &&
        counts.upErrors === 0 &&
        counts.reads > 0 &&
        // The figure means something only if most kills hit a render in progress.
        midRender * 2 >= config.renderKills,
      "1a kill -9 during full render",
      `${config.renderKills} kills (${midRender} with the render unfinished, ${config.renderPosts} posts, full render ${renderMs} ms); ` +
        `${counts.reads} page reads every ${config.pollIntervalMs} ms on ${paths.length} pages: old ${counts.old}, new ${counts.fresh}, ` +
        `neither ${counts.neither}, 404 for published posts ${counts.notFound}; connection errors while down ${counts.downErrors}, while up ${counts.upErrors}` +
        (samples.length ? ` [${samples.join("; ")}]` : ""),
    );
    figure(
      recovered === config.renderKills && builds <= 2,
      "1b pending renders complete after restart",
      `${recovered}/${config.renderKills} (site live with the new colour, /healthz queue pending 0), ` +
        `restart → live p50 ${Math.round(median(recoveryMs) ?? 0)} ms, max ${Math.round(Math.max(0, ...recoveryMs))} ms; build folders left ${builds}`,
    );
    owner.close();
    await server.terminate();
  } finally {
    await server.dispose(config.keep || failures > 0);
  }
}

// ---------------------------------------------------------------------------------------------
// 2. kill -9 while posts are created under load

async function killDuringCreates() {
  const server = serverProcess("creates");
  try {
    await server.start();
    const owner = apiClient(server.port);
    await signUp(owner);
    const blog = await createBlog(owner, "Create Kill", "create-kill");
    const acknowledged = new Set<string>();
    let attempted = 0;
    let serverErrors = 0;
    let lost = 0;
    const integrity: string[] = [];
    let extra = 0;
    for (let round = 1; round <= config.createKills; round++) {
      let stop = false;
      let sequence = 0;
      const worker = async () => {
        while (!stop) {
          const n = sequence++;
          attempted++;
          try {
            const reply = await owner.send<{ id: string }>("POST", "/api/posts", {
              blogId: blog.id,
              title: `Load ${round}-${n}`,
              content: `<p>Written under load, round ${round}, number ${n}.</p>`,
            });
            if (reply.status === 201) acknowledged.add(reply.body.id);
            else if (reply.status >= 500) serverErrors++;
          } catch {
            // The connection broke: the server was killed (never acknowledged).
            return;
          }
        }
      };
      const workers = Array.from({ length: config.createClients }, worker);
      await sleep(config.createMs * (0.75 + Math.random() * 0.5));
      await server.kill9();
      stop = true;
      await Promise.all(workers);
      owner.close();
      // The database as the killed process left it, before anything else opens it for writing.
      await server.database(async (db) => {
        const check = await rows<{ integrity_check: string }>(db, "PRAGMA integrity_check");
        integrity.push(check.map((r) => r.integrity_check).join(","));
        const stored = new Set(
          (await rows<{ id: string }>(db, "select id from posts where blog_id = ?", [blog.id])).map(
            (r) => r.id,
          ),
        );
        lost = [...acknowledged].filter((id) => !stored.has(id)).length;
        extra = stored.size - acknowledged.size;
      });
      await server.start();
      owner.reconnect();
    }
    // And through the restarted API: every acknowledged post is there.
    const listed = new Set(
      (await owner.expect<{ id: string }[]>(200, "GET", `/api/blogs/${blog.id}/posts`)).map(
        (p) => p.id,
      ),
    );
    const lostAfterRestart = [...acknowledged].filter((id) => !listed.has(id)).length;
    figure(
      lost === 0 && lostAfterRestart === 0 && serverErrors === 0 && acknowledged.size > 0,
      "2a kill -9 during post creation under load",
      `${config.createKills} kills, ${config.createClients} concurrent clients, ${attempted} creates sent, ${acknowledged.size} acknowledged (201), ` +
        `acknowledged lost ${lost} (database file after the kill) / ${lostAfterRestart} (API after restart), ` +
        `stored without an answer ${extra}, 5xx ${serverErrors}`,
    );
    figure(
      integrity.every((r) => r === "ok"),
      "2b PRAGMA integrity_check after each kill",
      integrity.join(", "),
    );
    owner.close();
    await server.terminate();
  } finally {
    await server.dispose(config.keep || failures > 0);
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Scheduler and content automation across kills

/** An OpenAI-compatible endpoint on loopback whose post generations can be held (never answered). */
async function fakeAi() {
  const state = { holdAfter: Number.POSITIVE_INFINITY, postRequests: 0 };
  const arrivals = new Set<() => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || "{}");
      const schema = body.response_format?.json_schema?.name as string | undefined;
      const reply = (content: unknown) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: "chatcmpl-reliability",
            object: "chat.completion",
            created: 1,
            model: body.model,
            choices: [
              {
                index: 0,
                finish_reason: "stop",
                message: { role: "assistant", content: JSON.stringify(content) },
              },
            ],
            usage: { prompt_tokens: 100, completion_tokens: 400, total_tokens: 500 },
          }),
        );
      };
      res.on("error", () => {});
      if (schema !== "blog_post") {
        reply(schema === "affiliate_programs" ? { programs: [] } : { ideas: [] });
        return;
      }
      state.postRequests++;
      for (const arrived of arrivals) arrived();
      if (state.postRequests > state.holdAfter) return; // held: the server dies waiting
      const user = String(body.messages?.[1]?.content ?? "");
      // The topic is the owner's text, fenced as data (decision 332).
      const topic =
        /<untrusted label="topic" fence="(\w+)">\n([\s\S]*?)\n<\/untrusted fence="\1">/.exec(
          user,
        )?.[2] ?? "Something";
      // A post that passes the publishing gate (decision 052), so auto-publish publishes it.
      reply({ ...passingArticle(topic), slug: "" });
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    state,
    /** Resolves when the `n`-th post generation request has arrived. */
    arrived: (n: number, timeoutMs: number) =>
      waitUntil(() => state.postRequests >= n, timeoutMs, 5),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** How often each post id was announced by "scheduled posts published" in the server's log. */
function scheduledEvents(logPath: string): Map<string, number> {
  const seen = new Map<string, number>();
  for (const line of readFileSync(logPath, "utf8").split("\n")) {
    if (!line.includes("scheduled posts published")) continue;
    try {
      const entry = JSON.parse(line) as { published?: { postId: string }[] };
      for (const { postId } of entry.published ?? []) seen.set(postId, (seen.get(postId) ?? 0) + 1);
    } catch {
      // not a log object
    }
  }
  return seen;
}

async function schedulerAcrossKills() {
  const ai = await fakeAi();
  const server = serverProcess("scheduler", {
    OPENAI_API_KEY: "sk-reliability",
    OPENAI_BASE_URL: ai.baseUrl,
  });
  try {
    // --- Scheduled publishing
    await server.start("info");
    const owner = apiClient(server.port);
    await signUp(owner);
    const blog = await createBlog(owner, "Scheduled Kill", "scheduled-kill");
    const scheduled: { id: string; slug: string; title: string; at: number }[] = [];
    // Due after the deploy below has restarted the server (a start took `startMs` here).
    const first = server.starts[0] as { spawnedAt: number; readyAt: number };
    const startMs = first.readyAt - first.spawnedAt;
    const base = Date.now() + Math.max(4000, 2 * startMs + 2000);
    for (let i = 0; i < config.scheduledPosts; i++) {
      const title = `Scheduled ${i}`;
      const post = await owner.expect<{ id: string; slug: string }>(201, "POST", "/api/posts", {
        blogId: blog.id,
        title,
        content: `<p>Scheduled post number ${i}.</p>`,
      });
      const at = base + i * 400;
      await owner.expect(200, "PATCH", `/api/posts/${post.id}/schedule`, {
        scheduledPublishAt: new Date(at).toISOString(),
      });
      scheduled.push({ id: post.id, slug: post.slug, title, at });
    }
    // A deploy after scheduling (graceful), then a crash right when a post falls due.
    owner.close();
    const deploy = await server.terminate();
    await server.start("info");
    const killAt = (scheduled[Math.floor(scheduled.length / 2)]?.at ?? base) + Math.random() * 30;
    await sleep(Math.max(0, killAt - Date.now()));
    await server.kill9();
    const publishedAtKill = await server.database((db) =>
      rows<{ id: string; published_at: number }>(
        db,
        "select id, published_at from posts where blog_id = ? and status = 'published'",
        [blog.id],
      ),
    );
    const beforeKill = new Map(publishedAtKill.map((r) => [r.id, Number(r.published_at)]));
    // Down until every remaining post has fallen due.
    const lastAt = scheduled.at(-1)?.at ?? base;
    await sleep(Math.max(0, lastAt + 1000 - Date.now()));
    await server.start("info");
    owner.reconnect();
    const allPublished = await waitUntil(
      async () => {
        const list = await owner.expect<{ id: string; status: string }[]>(
          200,
          "GET",
          `/api/blogs/${blog.id}/posts`,
        );
        return list.filter((p) => p.status === "published").length === scheduled.length;
      },
      30_000,
      50,
    );
    await waitForIdleQueue(server.port);
    const final = new Map(
      (
        await server.database((db) =>
          rows<{ id: string; published_at: number | null; scheduled_publish_at: number | null }>(
            db,
            "select id, published_at, scheduled_publish_at from posts where blog_id = ?",
            [blog.id],
          ),
        )
      ).map((r) => [r.id, r]),
    );
    let onTime = 0;
    let atRestart = 0;
    let late = 0;
    let early = 0;
    let changed = 0;
    for (const post of scheduled) {
      const row = final.get(post.id);
      const at = Number(row?.published_at ?? Number.NaN);
      if (Number.isNaN(at)) continue; // not published: counted above
      if (beforeKill.has(post.id) && beforeKill.get(post.id) !== at) changed++;
      // Due while the server was down: published by the start that followed.
      const caughtUp = server.starts.some(
        (s) =>
          s.spawnedAt >= post.at && at >= s.spawnedAt && at <= s.readyAt + config.onTimeSlackMs,
      );
      if (at < post.at) early++;
      else if (at - post.at <= config.onTimeSlackMs) onTime++;
      else if (caughtUp) atRestart++;
      else late++;
    }
    const events = scheduledEvents(server.logPath);
    const twice = scheduled.filter((p) => (events.get(p.id) ?? 0) > 1).length;
    const announced = scheduled.filter((p) => (events.get(p.id) ?? 0) === 1).length;
    const home = await call(server.port, "/", { host: blog.host });
    const listedOnHome = scheduled.filter((p) => home.body.includes(`${p.title}<`)).length;
    let pages200 = 0;
    for (const post of scheduled) {
      if ((await call(server.port, `/post/${post.slug}`, { host: blog.host })).status === 200)
        pages200++;
    }
    figure(
      allPublished &&
        early === 0 &&
        late === 0 &&
        changed === 0 &&
        twice === 0 &&
        deploy.code === 0 &&
        listedOnHome === scheduled.length &&
        pages200 === scheduled.length,
      "3a scheduled publishing across kill -9",
      `${scheduled.length} posts due over ${lastAt - base} ms, killed at the due time of post ${Math.floor(scheduled.length / 2)}: ` +
        `published on time ${onTime} (within ${config.onTimeSlackMs} ms), by the restart ${atRestart}, late ${late}, early ${early}; ` +
        `publishedAt changed after restart ${changed}; publish events per post: once ${announced}, ` +
        `none ${scheduled.length - announced - twice} (killed between commit and event), twice or more ${twice}; ` +
        `listed on the rendered home ${listedOnHome}/${scheduled.length}, post pages 200 ${pages200}/${scheduled.length}`,
    );

    // --- Content automation
    const automated: BlogInfo[] = [];
    for (let i = 0; i < config.automationBlogs; i++) {
      const auto = await createBlog(owner, `Automated ${i}`, `automated-${i}`);
      await owner.expect(201, "POST", `/api/blogs/${auto.id}/automation`, {
        enabled: true,
        niche: "Gardening",
        topics: [`Topic ${i} alpha`, `Topic ${i} beta`],
        postingFrequency: "daily",
        postsPerWeek: 7,
        autoPublish: true,
      });
      automated.push(auto);
    }
    owner.close();
    // Due now: the next start runs them. The first generation is answered; the second is held
    // and the server is killed while it waits for the model.
    ai.state.holdAfter = 1;
    const aiBefore = ai.state.postRequests;
    await server.terminate();
    await server.start("info");
    const reachedSecond = await ai.arrived(aiBefore + 2, 30_000);
    await sleep(Math.random() * 50);
    await server.kill9();
    const generatedCount = (db: Client) =>
      rows<{ blog_id: string; n: number }>(
        db,
        `select blog_id, count(*) as n from posts where source in ('ai', 'offline') group by blog_id`,
      );
    const atKill = (await server.database(generatedCount)).reduce((sum, r) => sum + Number(r.n), 0);
    ai.state.holdAfter = Number.POSITIVE_INFINITY;
    await server.start("info");
    owner.reconnect();
    await waitUntil(
      async () =>
        (await server.database(generatedCount)).reduce((sum, r) => sum + Number(r.n), 0) >=
        automated.length,
      30_000,
      50,
    );
    await sleep(2000); // anything doubled would show up by now
    await waitForIdleQueue(server.port);
    const perBlog = new Map(
      (await server.database(generatedCount)).map((r) => [r.blog_id, Number(r.n)]),
    );
    const exactlyOne = automated.filter((b) => perBlog.get(b.id) === 1).length;
    const total = [...perBlog.values()].reduce((a, b) => a + b, 0);
    const settings = await server.database((db) =>
      rows<{ next_run_at: number | null }>(db, "select next_run_at from automation_settings"),
    );
    const rescheduled = settings.filter((s) => Number(s.next_run_at) > Date.now()).length;
    let livePages = 0;
    for (const auto of automated) {
      const list = await owner.expect<{ slug: string; status: string }[]>(
        200,
        "GET",
        `/api/blogs/${auto.id}/posts`,
      );
      for (const post of list.filter((p) => p.status === "published")) {
        if ((await call(server.port, `/post/${post.slug}`, { host: auto.host })).status === 200)
          livePages++;
      }
    }
    figure(
      reachedSecond &&
        total === automated.length &&
        exactlyOne === automated.length &&
        rescheduled === automated.length &&
        livePages === automated.length,
      "3b content automation across kill -9",
      `${automated.length} blogs due, killed while the model wrote post 2 (${reachedSecond ? "reached" : "NOT reached"}): ` +
        `generated at the kill ${atKill}, after restart ${total} (expected ${automated.length}, exactly one per blog ${exactlyOne}/${automated.length}), ` +
        `next run moved ahead ${rescheduled}/${automated.length}, generated pages live ${livePages}/${automated.length}`,
    );
    owner.close();
    await server.terminate();
  } finally {
    await server.dispose(config.keep || failures > 0);
    await ai.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 4. Load: many publishes across many blogs

async function publishLoad() {
  const server = serverProcess("load");
  try {
    await server.start();
    const owner = apiClient(server.port);
    await signUp(owner);
    const blogs: BlogInfo[] = [];
    for (let i = 0; i < config.loadBlogs; i++)
      blogs.push(await createBlog(owner, `Load ${i}`, `load-${i}`));
    if (!(await waitForIdleQueue(server.port))) throw new Error("the first renders never finished");
    const buildsBefore = await server.database((db) =>
      rows<{ n: number }>(db, "select count(*) as n from site_builds"),
    );

    type Task = { blog: BlogInfo; title: string; slug?: string; sentAt?: number; liveMs?: number };
    const tasks: Task[] = Array.from({ length: config.loadPublishes }, (_, i) => ({
      blog: blogs[i % blogs.length] as BlogInfo,
      title: `Load publish ${i}`,
    }));
    const waiting = new Set<Task>();
    let next = 0;
    let publishErrors = 0;
    const client = async () => {
      while (next < tasks.length) {
        const task = tasks[next++] as Task;
        try {
          const post = await publishPost(
            owner,
            task.blog.id,
            task.title,
            `<p>${task.title} body.</p>`,
          );
          task.slug = post.slug;
          task.sentAt = post.sentAt;
          waiting.add(task);
        } catch {
          publishErrors++;
        }
      }
    };
    // One watcher reads each blog's rendered home page and marks its posts live as they appear.
    let clientsDone = false;
    const watchAgent = new Agent({ keepAlive: true, maxSockets: 8 });
    const watcher = async () => {
      const deadline = Date.now() + 120_000;
      while ((!clientsDone || waiting.size > 0) && Date.now() < deadline) {
        const blogsWaiting = new Set([...waiting].map((t) => t.blog));
        for (const blog of blogsWaiting) {
          const home = await call(server.port, "/", { host: blog.host, agent: watchAgent }).catch(
            () => undefined,
          );
          const now = performance.now();
          for (const task of waiting) {
            if (task.blog === blog && home?.body.includes(`${task.title}<`)) {
              task.liveMs = now - (task.sentAt as number);
              waiting.delete(task);
            }
          }
        }
        await sleep(10);
      }
    };
    const started = performance.now();
    const watching = watcher();
    await Promise.all(Array.from({ length: config.loadClients }, client));
    const publishMs = performance.now() - started;
    clientsDone = true;
    await watching;
    await waitForIdleQueue(server.port);
    watchAgent.destroy();
    const builds = await server.database((db) =>
      rows<{ status: string; n: number }>(
        db,
        "select status, count(*) as n from site_builds group by status",
      ),
    );
    const renders =
      builds.reduce((sum, r) => sum + Number(r.n), 0) - Number(buildsBefore[0]?.n ?? 0);
    const failedRenders = Number(builds.find((r) => r.status === "failed")?.n ?? 0);
    let pages200 = 0;
    for (const task of tasks) {
      if (
        task.slug &&
        (await call(server.port, `/post/${task.slug}`, { host: task.blog.host })).status === 200
      )
        pages200++;
    }
    const live = tasks.filter((t) => t.liveMs !== undefined).map((t) => t.liveMs as number);
    const p95 = Math.round(percentile(live, 95) ?? Number.NaN);
    figure(
      publishErrors === 0 && live.length === tasks.length && pages200 === tasks.length,
      "4a load: all live",
      `${tasks.length} publishes across ${blogs.length} blogs from ${config.loadClients} concurrent clients in ${Math.round(publishMs)} ms: ` +
        `listed on the rendered home ${live.length}/${tasks.length}, post pages 200 ${pages200}/${tasks.length}, publish errors ${publishErrors}`,
    );
    figure(
      renders < tasks.length && failedRenders === 0,
      "4b load: renders coalesced",
      `${renders} renders run for ${tasks.length} publishes (${(renders / tasks.length).toFixed(2)} per publish), failed ${failedRenders}`,
    );
    figure(
      p95 <= config.maxP95Ms,
      "4c load: publish → live",
      `p50 ${Math.round(median(live) ?? Number.NaN)} ms, p95 ${p95} ms, max ${Math.round(Math.max(...live))} ms ` +
        `(publish sent → listed on the blog's rendered home page; limit ${config.maxP95Ms} ms)`,
    );
    owner.close();
    await server.terminate();
  } finally {
    await server.dispose(config.keep || failures > 0);
  }
}

// ---------------------------------------------------------------------------------------------
// 5. Graceful shutdown on SIGTERM

async function gracefulShutdown() {
  const server = serverProcess("shutdown");
  try {
    await server.start("info");
    const owner = apiClient(server.port);
    const ownerId = await signUp(owner);
    const big = await createBlog(owner, "Big List", "big-list");
    const small: BlogInfo[] = [];
    for (let i = 0; i < config.shutdownBlogs; i++)
      small.push(await createBlog(owner, `Queued ${i}`, `queued-${i}`));
    owner.close();
    await server.terminate();
    await seedWhileStopped(server, big.id, ownerId, config.shutdownListPosts);
    for (const blog of small) await seedWhileStopped(server, blog.id, ownerId, 150);
    await server.start("info");
    owner.reconnect();
    if (!(await waitForIdleQueue(server.port))) throw new Error("the first renders never finished");

    const listPath = `/api/blogs/${big.id}/posts?include=content`;
    const listStarted = performance.now();
    await owner.expect(200, "GET", listPath);
    const listMs = Math.round(performance.now() - listStarted);

    // Renders queued for every small blog (two run at a time, the rest wait in render_jobs).
    const colour = colourOf(99);
    for (const blog of small) {
      await owner.expect(200, "PATCH", `/api/blogs/${blog.id}/customization`, {
        primaryColor: colour,
      });
    }
    // Slow requests in flight on their own connections…
    const cookie = owner.cookieHeader();
    const slow = Array.from({ length: config.shutdownRequests }, () =>
      call(server.port, listPath, {
        headers: { cookie },
        agent: new Agent({ keepAlive: true }),
        timeoutMs: 60_000,
      })
        .then((reply) => ({ reply, at: performance.now() }))
        .catch((error: Error) => ({ error, at: performance.now() })),
    );
    // Long enough for the server to have taken every one of them (they are answered one after
    // another, so most are still being worked on)…
    await sleep(Math.max(100, listMs));
    // …when SIGTERM arrives.
    const logged = (text: string) =>
      new Promise<number>((done) => {
        const off = server.onLine((line) => {
          if (line.includes(text)) {
            off();
            done(performance.now());
          }
        });
      });
    const shuttingDown = logged("shutting down");
    // Connections that were waiting to be accepted are still taken; then the port closes.
    const portClosed = logged("no longer taking connections");
    const exit = server.terminate();
    const signalledAt = await shuttingDown;
    const portClosedMs = Math.round((await portClosed) - signalledAt);
    // New connections once the server has stopped taking them.
    let refused = 0;
    let served = 0;
    for (let i = 0; i < 5; i++) {
      try {
        await call(server.port, "/healthz", { timeoutMs: 2000 });
        served++;
      } catch {
        refused++;
      }
      await sleep(20);
    }
    const answers = await Promise.all(slow);
    const inFlight = answers.filter((a) => a.at > signalledAt).length;
    const outcomes = answers.map((a) =>
      "reply" in a
        ? `${a.reply.status}${a.reply.status === 200 ? "" : ` ${a.reply.body.slice(0, 80)}`}`
        : `${(a.error as NodeJS.ErrnoException).code ?? a.error.message}`,
    );
    const finished200 = answers.filter(
      (a) =>
        "reply" in a &&
        a.reply.status === 200 &&
        JSON.parse(a.reply.body).length === config.shutdownListPosts,
    ).length;
    const stopped = await exit;
    const persisted = await server.database((db) =>
      rows<{ blog_id: string }>(db, "select blog_id from render_jobs"),
    );
    // The next start runs them.
    await server.start("info");
    owner.reconnect();
    const idle = await waitForIdleQueue(server.port, 60_000);
    let newColour = 0;
    for (const blog of small) {
      if (primaryOf((await call(server.port, "/", { host: blog.host })).body) === colour)
        newColour++;
    }
    figure(
      inFlight > 0 && finished200 === answers.length && served === 0 && stopped.code === 0,
      "5a SIGTERM: in-flight requests finish, new connections refused",
      `${answers.length} slow requests (${config.shutdownListPosts} posts with content, ${listMs} ms alone), ${inFlight} still in flight when shutdown began: ` +
        `finished 200 ${finished200}/${answers.length} (${outcomes.join(", ")}); port closed ${portClosedMs} ms after the signal, new connections after that: refused ${refused}, served ${served}; ` +
        `exit code ${stopped.code ?? stopped.signal} after ${stopped.ms} ms`,
    );
    figure(
      persisted.length > 0 && idle && newColour === small.length,
      "5b SIGTERM: pending renders persisted and run at next start",
      `${small.length} full renders queued at SIGTERM: ${persisted.length} left in render_jobs at exit, ` +
        `after restart queue ${idle ? "empty" : "NOT empty"}, blogs showing the new colour ${newColour}/${small.length}`,
    );
    owner.close();
    await server.terminate();
  } finally {
    await server.dispose(config.keep || failures > 0);
  }
}

// ---------------------------------------------------------------------------------------------
// 6–8. Full disks (issue 14): the sites folder, the database folder, the backup folder

/** Why the disk-full figures cannot run here, or undefined when they can (root, tmpfs). */
function mountUnavailable(): string | undefined {
  if (process.platform !== "linux") return "needs Linux (tmpfs mounts)";
  if (process.getuid?.() !== 0) return "needs root to mount small tmpfs file systems";
  const probe = mkdtempSync(join(tmpdir(), "blogfleet-mount-probe-"));
  try {
    const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe]);
    if (mounted.status !== 0) return `mount failed: ${mounted.stderr.toString().trim()}`;
    spawnSync("umount", [probe]);
    return undefined;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

/**
 * A small tmpfs mounted on `dir` (which must exist), filled up on demand with one file and
 * freed by removing it. `unmount` is always called (try/finally by the caller).
 */
function smallDisk(dir: string, size = "2m") {
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir]);
  mounted.add(dir);
  const filler = join(dir, ".filler");
  return {
    /** Fills the disk to the last byte (the write stops with ENOSPC). */
    fill() {
      try {
        writeFileSync(filler, Buffer.alloc(64 * 1024 * 1024));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    unmount() {
      unmount(dir);
    },
  };
}

/** Every tmpfs this run mounted and has not unmounted yet. */
const mounted = new Set<string>();
function unmount(dir: string) {
  if (!mounted.has(dir)) return;
  const done = spawnSync("umount", [dir]);
  if (done.status !== 0) spawnSync("umount", ["-l", dir]);
  mounted.delete(dir);
}
// Also when the run ends early (an error, Ctrl-C, a timeout's SIGTERM): no mount stays behind.
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of [...mounted]) unmount(dir);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => process.exit(130));
}

/** Stops the server, unmounts, then removes its folder (in that order: the mount is inside). */
async function disposeWithDisks(
  server: ServerProcess,
  disks: { unmount: () => void }[],
  failed: boolean,
) {
  if (server.running) await server.kill9();
  for (const disk of disks) disk.unmount();
  await server.dispose(config.keep || failed);
}

type HealthBody = Omit<Health, "queue"> & {
  database: string;
  reasons: string[];
  queue: { pending: number; running: number; failedBlogs: number } | null;
};
const healthBody = async (port: number) => {
  const reply = await call(port, "/healthz", { timeoutMs: 5000 });
  return { status: reply.status, body: JSON.parse(reply.body) as HealthBody };
};

/**
 * 6. SITES_DIR full: a post is unpublished and another deleted while nothing can be written.
 * Their pages must go at once, from the live server and from the files nginx/Caddy serve; the
 * owner and /healthz see the failing renders; when space returns the site is fresh again.
 */
async function sitesDiskFull() {
  const server = serverProcess("sites-full");
  const disk = smallDisk(server.sitesDir);
  const failedBefore = failures;
  try {
    await server.start();
    const owner = apiClient(server.port);
    await signUp(owner);
    const blog = await createBlog(owner, "Sites Full", "sites-full");
    const posts = [];
    for (let i = 0; i < 6; i++)
      posts.push(await publishPost(owner, blog.id, `Full disk post ${i}`, `<p>Body ${i}</p>`));
    if (!(await waitForIdleQueue(server.port))) throw new Error("the first render never finished");
    const [unpublished, deleted] = posts as [(typeof posts)[0], (typeof posts)[0]];
    const fileOf = (slug: string) =>
      join(server.sitesDir, "hosts", blog.host, "post", `${slug}.html`);
    if (!existsSync(fileOf(unpublished.slug))) throw new Error("the rendered post file is missing");

    disk.fill();
    const filledAt = performance.now();
    await owner.expect(200, "PATCH", `/api/posts/${unpublished.id}/status`, { status: "draft" });
    const removedAt = performance.now();
    const del = await owner.send("DELETE", `/api/posts/${deleted.id}`);
    if (del.status !== 204 && del.status !== 200) throw new Error(`delete answered ${del.status}`);
    const takenDownAt = new Map([
      [unpublished.id, removedAt],
      [deleted.id, performance.now()],
    ]);
    const fresh = await publishPost(owner, blog.id, "Written after the disk filled", "<p>new</p>");

    // 20 s of readers asking for the two pages, as the live server and as a static server.
    const settleMs = 2000;
    let wronglyServed = 0;
    let reads = 0;
    let lastServedMs = 0;
    const pollUntil = performance.now() + 20_000;
    let healthSeenMs: number | undefined;
    let retryingSeen = false;
    while (performance.now() < pollUntil) {
      for (const post of [unpublished, deleted]) {
        const started = performance.now();
        const reply = await call(server.port, `/post/${post.slug}`, { host: blog.host });
        const onDisk = existsSync(fileOf(post.slug));
        reads++;
        if (reply.status === 200 || onDisk) {
          const since = started - (takenDownAt.get(post.id) ?? removedAt);
          lastServedMs = Math.max(lastServedMs, Math.round(since));
          if (since > settleMs) wronglyServed++;
        }
      }
      if (healthSeenMs === undefined) {
        const h = await healthBody(server.port);
        if (h.status === 503 && h.body.queue && h.body.queue.failedBlogs > 0)
          healthSeenMs = Math.round(performance.now() - filledAt);
      }
      if (!retryingSeen) {
        const site = await owner.send<{ state: string }>("GET", `/api/blogs/${blog.id}/site`);
        retryingSeen = site.body.state === "retrying";
      }
      await sleep(100);
    }

    disk.free();
    const freedAt = performance.now();
    const freshFile = join(server.sitesDir, "hosts", blog.host, "index.html");
    const recovered = await waitUntil(
      async () =>
        readFileSync(freshFile, "utf8").includes(fresh.slug) &&
        (await call(server.port, "/", { host: blog.host })).body.includes(fresh.slug) &&
        (await healthBody(server.port)).status === 200,
      5 * 60_000,
      100,
    );
    const recoveryMs = Math.round(performance.now() - freedAt);
    const stillGone =
      !existsSync(fileOf(unpublished.slug)) &&
      !existsSync(fileOf(deleted.slug)) &&
      (await call(server.port, `/post/${unpublished.slug}`, { host: blog.host })).status !== 200;
    owner.close();
    const stopped = await server.terminate();
    figure(
      wronglyServed === 0 && healthSeenMs !== undefined && retryingSeen,
      "6a sites folder full: pages taken down at once, failures visible",
      `${reads} reads of an unpublished and a deleted post over 20 s with SITES_DIR full: served after ${settleMs} ms ${wronglyServed} (last served ${lastServedMs} ms after its unpublish or delete was acknowledged), ` +
        `/healthz 503 with failing renders ${healthSeenMs ?? "never"} ms after the disk filled, site status 'retrying' ${retryingSeen ? "seen" : "NOT seen"}`,
    );
    figure(
      recovered && stillGone && server.crashes.length === 0 && stopped.code === 0,
      "6b sites folder full: fresh site after space returns, no exit",
      `space returned → fresh site (new post on the static home page, /healthz 200) ${recovered ? `${recoveryMs} ms` : "NEVER (5 min)"}; ` +
        `taken-down pages still gone ${stillGone}; process exits ${server.crashes.length}; exit code at SIGTERM ${stopped.code ?? stopped.signal}`,
    );
  } finally {
    await disposeWithDisks(server, [disk], failures > failedBefore);
  }
}

/**
 * 7. The database folder full while four blogs publish: the process keeps serving reads,
 * refuses writes with 507, says so on /healthz; a restart while it is still full starts and
 * serves; when space returns, everything acknowledged is there and the sites are fresh.
 */
async function databaseDiskFull() {
  const server = serverProcess("db-full", {}, { databaseSubdir: "db" });
  // Room for the database and its WAL to grow a little before the filler takes the rest.
  // 16 MB: the posts' full-text index (issue 16) makes every post several times larger on
  // disk, and at 4 MB the database alone could fill the disk again once the filler was gone.
  const disk = smallDisk(server.databaseDir, "16m");
  const failedBefore = failures;
  try {
    await server.start();
    const owner = apiClient(server.port);
    await signUp(owner);
    const blogs: BlogInfo[] = [];
    for (let i = 0; i < 4; i++) blogs.push(await createBlog(owner, `DB Full ${i}`, `db-full-${i}`));
    for (const blog of blogs)
      await publishPost(owner, blog.id, `First of ${blog.host}`, "<p>1</p>");
    if (!(await waitForIdleQueue(server.port))) throw new Error("the first renders never finished");

    // Four publishers, one per blog, as fast as the server answers.
    const statuses = new Map<number, number>();
    const acknowledged = new Map<string, { id: string; slug: string }>(); // last per blog
    const ackedIds: string[] = [];
    let publishing = true;
    const publisher = async (blog: BlogInfo) => {
      for (let n = 0; publishing; n++) {
        try {
          const created = await owner.send<{ id: string; slug: string }>("POST", "/api/posts", {
            blogId: blog.id,
            title: `${blog.host} post ${n}`,
            content: `<p>${"Some content. ".repeat(20)}</p>`,
          });
          statuses.set(created.status, (statuses.get(created.status) ?? 0) + 1);
          if (created.status !== 201) {
            await sleep(50);
            continue;
          }
          for (const status of ["under_review", "published"]) {
            const reply = await owner.send("PATCH", `/api/posts/${created.body.id}/status`, {
              status,
            });
            statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
            if (reply.status !== 200) break;
            if (status === "published") {
              acknowledged.set(blog.id, created.body);
              ackedIds.push(created.body.id);
            }
          }
        } catch {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
          await sleep(50);
        }
      }
    };
    const publishers = blogs.map(publisher);
    await sleep(500);
    disk.fill();
    const filledAt = performance.now();
    // While full: writes refused with 507, reads answered, /healthz says so.
    let writesFailingMs: number | undefined;
    let readsOk = 0;
    let readsFailed = 0;
    const fullUntil = performance.now() + 10_000;
    while (performance.now() < fullUntil) {
      const h = await healthBody(server.port).catch(() => undefined);
      if (
        writesFailingMs === undefined &&
        h?.status === 503 &&
        h.body.database === "writes_failing"
      )
        writesFailingMs = Math.round(performance.now() - filledAt);
      for (const path of ["/api/blogs", `/api/blogs/${blogs[0]?.id}/posts`]) {
        const reply = await owner.send("GET", path).catch(() => ({ status: 0 }));
        if (reply.status === 200) readsOk++;
        else readsFailed++;
      }
      for (const blog of blogs) {
        const page = await call(server.port, "/", { host: blog.host }).catch(() => undefined);
        if (page?.status === 200) readsOk++;
        else readsFailed++;
      }
      await sleep(200);
    }
    publishing = false;
    await Promise.all(publishers);
    const crashesWhileFull = server.crashes.length;

    // Restart while the disk is still full (a kill, then a start).
    await server.kill9();
    let restartedWhileFull = true;
    try {
      await server.start();
    } catch {
      restartedWhileFull = false;
    }
    owner.reconnect();
    const readsAfterRestart = restartedWhileFull
      ? (await owner.send("GET", "/api/blogs")).status === 200 &&
        (await call(server.port, "/", { host: blogs[0]?.host })).status === 200
      : false;
    await sleep(6000); // the health probe's interval: it must find out by itself
    const healthWhileFull = restartedWhileFull ? await healthBody(server.port) : undefined;
    await sleep(2000);
    const crashesAfterRestart = server.crashes.length - crashesWhileFull;

    disk.free();
    const freedAt = performance.now();
    // Fresh: writes work again, the queue is idle, and each blog's last acknowledged publish
    // is on its rendered home page.
    const recovered = await waitUntil(
      async () => {
        const h = await healthBody(server.port);
        if (h.status !== 200 || h.body.queue?.pending !== 0 || h.body.queue?.running !== 0)
          return false;
        for (const blog of blogs) {
          const last = acknowledged.get(blog.id);
          if (!last) continue;
          const page = await call(server.port, "/", { host: blog.host });
          if (!page.body.includes(`/post/${last.slug}`)) return false;
        }
        return true;
      },
      5 * 60_000,
      200,
    );
    const recoveryMs = Math.round(performance.now() - freedAt);
    const after = await publishPost(
      owner,
      blogs[0]?.id as string,
      "After space returned",
      "<p>x</p>",
    );
    const afterLive = await waitUntil(
      async () =>
        (await call(server.port, "/", { host: blogs[0]?.host })).body.includes(
          `/post/${after.slug}`,
        ),
      60_000,
      100,
    );
    owner.close();
    const stopped = await server.terminate();
    const { missing, integrity } = await server.database(async (db) => {
      const check = await rows<Record<string, string>>(db, "PRAGMA integrity_check");
      const found = new Set(
        (await rows<{ id: string }>(db, "select id from posts where status = 'published'")).map(
          (r) => r.id,
        ),
      );
      return {
        missing: ackedIds.filter((id) => !found.has(id)).length,
        integrity: check.map((r) => Object.values(r)[0]).join("; "),
      };
    });
    const count = (status: number) => statuses.get(status) ?? 0;
    figure(
      crashesWhileFull === 0 &&
        count(500) === 0 &&
        count(507) > 0 &&
        readsFailed === 0 &&
        writesFailingMs !== undefined,
      "7a database folder full while four blogs publish: no exit, 507, reads served",
      `process exits ${crashesWhileFull}; answers to writes: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(", ")} (500s must be 0); ` +
        `reads while full ${readsOk} ok, ${readsFailed} failed; /healthz 503 writes_failing ${writesFailingMs ?? "never"} ms after the disk filled`,
    );
    figure(
      restartedWhileFull &&
        readsAfterRestart &&
        crashesAfterRestart === 0 &&
        healthWhileFull?.status === 503 &&
        healthWhileFull.body.database === "writes_failing",
      "7b restart while the database folder is full: starts and serves reads",
      `start ${restartedWhileFull ? `took ${(server.starts.at(-1)?.readyAt ?? 0) - (server.starts.at(-1)?.spawnedAt ?? 0)} ms` : "FAILED"}, reads ${readsAfterRestart ? "ok" : "FAILED"}, ` +
        `process exits ${crashesAfterRestart}, /healthz ${healthWhileFull?.status ?? "-"} ${healthWhileFull?.body.database ?? ""}`,
    );
    figure(
      recovered && afterLive && missing === 0 && integrity === "ok" && stopped.code === 0,
      "7c database folder full: fresh sites after space returns, nothing acknowledged lost",
      `space returned → writes ok, queue idle and every blog's last acknowledged post on its home page ${recovered ? `${recoveryMs} ms` : "NEVER (5 min)"}; ` +
        `publish after recovery live ${afterLive}; acknowledged publishes missing ${missing}/${ackedIds.length}; integrity_check ${integrity}; exit code ${stopped.code ?? stopped.signal}`,
    );
  } finally {
    await disposeWithDisks(server, [disk], failures > failedBefore);
  }
}

/** 8. The backup folder full: the backup fails cleanly, leaves nothing, and works once freed. */
async function backupDiskFull() {
  const server = serverProcess("backup-full");
  const backups = join(server.dir, "backups");
  mkdirSync(backups);
  const disk = smallDisk(backups);
  const failedBefore = failures;
  try {
    await server.start();
    const owner = apiClient(server.port);
    await signUp(owner);
    const blog = await createBlog(owner, "Backed Up", "backed-up");
    await publishPost(owner, blog.id, "Worth keeping", "<p>keep</p>");
    // What a killed run leaves behind.
    writeFileSync(join(backups, "blogfleet-2026-01-01T00-00-00Z.db.partial"), "");
    disk.fill();
    const backup = () =>
      spawnSync(process.execPath, ["scripts/backup.ts", backups], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: server.databaseUrl, LOG_LEVEL: "warn" },
        encoding: "utf8",
      });
    const failed = backup();
    const partialsAfterFailure = readdirSync(backups).filter((f) => f.endsWith(".partial"));
    const servingDuring = (await healthBody(server.port)).status === 200;
    disk.free();
    const succeeded = backup();
    const files = readdirSync(backups);
    const kept = files.filter((f) => f.endsWith(".db"));
    const integrity = kept[0] ? await integrityCheckOf(join(backups, kept[0])) : "no file";
    owner.close();
    await server.terminate();
    figure(
      failed.status === 1 &&
        /is full/.test(failed.stderr) &&
        partialsAfterFailure.length === 0 &&
        succeeded.status === 0 &&
        kept.length === 1 &&
        files.every((f) => !f.endsWith(".partial")) &&
        integrity === "ok" &&
        servingDuring,
      "8 backup folder full: fails cleanly, nothing left behind, works once freed",
      `full: exit ${failed.status} "${failed.stderr.trim().slice(0, 140)}", .partial files left ${partialsAfterFailure.length} (one from an earlier killed run was there); ` +
        `server healthy meanwhile ${servingDuring}; after freeing: exit ${succeeded.status}, backups ${kept.length}, integrity_check ${integrity}`,
    );
  } finally {
    await disposeWithDisks(server, [disk], failures > failedBefore);
  }
}

async function integrityCheckOf(file: string): Promise<string> {
  const db = createClient({ url: `file:${file}` });
  try {
    const check = await rows<Record<string, string>>(db, "PRAGMA integrity_check");
    return check.map((r) => String(Object.values(r)[0])).join("; ");
  } finally {
    db.close();
  }
}

/** 6–8 need tmpfs mounts: skipped, with the reason, where that is not possible. */
const whenMountable = (label: string, run: () => Promise<void>) => async (): Promise<void> => {
  const reason = mountUnavailable();
  if (reason) {
    console.log(`SKIP  ${label}: ${reason}`);
    return;
  }
  await run();
};

// ---------------------------------------------------------------------------------------------

const figures: [number, string, () => Promise<void>][] = [
  [1, "kill -9 during full render", killDuringRender],
  [2, "kill -9 during creates", killDuringCreates],
  [3, "scheduler across kills", schedulerAcrossKills],
  [4, "publish load", publishLoad],
  [5, "graceful shutdown", gracefulShutdown],
  [6, "sites folder full", whenMountable("6 sites folder full", sitesDiskFull)],
  [7, "database folder full", whenMountable("7 database folder full", databaseDiskFull)],
  [8, "backup folder full", whenMountable("8 backup folder full", backupDiskFull)],
];

const started = performance.now();
for (const [n, name, run] of figures) {
  if (!config.only.includes(n)) continue;
  const t = performance.now();
  try {
    await run();
  } catch (error) {
    figure(
      false,
      `${n} ${name}`,
      `did not complete: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  console.log(`      (${n} took ${Math.round((performance.now() - t) / 1000)} s)`);
}
console.log(
  `${failures === 0 ? "PASS" : "FAIL"}  reliability: ${failures} failed figures in ${Math.round((performance.now() - started) / 1000)} s`,
);
process.exit(failures === 0 ? 0 : 1);
