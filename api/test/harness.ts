import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AiGate, aiGateOptions, createAiGate } from "../ai/gate.ts";
import type { AiProvider } from "../ai/provider.ts";
import { type AppDeps, createApp, withFastPath } from "../app.ts";
import type { Clock } from "../auth/sessions.ts";
import { sanitizePostHtml } from "../content/sanitize.ts";
import { type OpenOptions, openDatabase } from "../db/client.ts";
import { type Env, parseEnv } from "../env.ts";
import { fleetLimitsFromEnv } from "../features/automation/fleet-limits.ts";
import {
  createImportRunner,
  type ImportRunnerDeps,
  importJobName,
} from "../features/imports/runner.ts";
import type { ImageImporter } from "../features/imports/service.ts";
import { createEmbeddings, embeddingSettings } from "../features/internal-links/embeddings.ts";
import { featureImageFor } from "../features/media/feature-image.ts";
import { type ContentEvents, noContentEvents } from "../features/publishing/content-events.ts";
import { createPublishing, type Publishing } from "../features/publishing/publishing.ts";
import { createResearch, type Research } from "../features/research/research.ts";
import type { PipelineDeps } from "../features/writer/pipeline.ts";
import {
  createWriter,
  type GenerationQueue,
  generationJobName,
} from "../features/writer/service.ts";
import { queuedGenerations, queuedImports } from "../jobs/jobs.ts";
import { createPgBossQueue } from "../jobs/pg-boss-queue.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { createSqliteQueue } from "../jobs/sqlite-queue.ts";
import { createLogger } from "../logger.ts";
import { storageFromEnv } from "../storage.ts";
import { createCpuPool } from "../workers/run.ts";
import { createPostgresTestDatabase, onPostgres } from "./dialect.ts";

export type TestApp = {
  express: ReturnType<typeof createApp>;
  baseUrl: string;
  origin: string;
  env: Env;
  db: Awaited<ReturnType<typeof openDatabase>>["db"];
  dir: string;
  publishing: Publishing | undefined;
  /** The gate the app's AI routes use (jobs a test runs share it, as in the server). */
  aiGate: AiGate;
  /** Imports run as jobs of the app's queue; `idle()` waits for every one queued to have run. */
  imports: { idle: () => Promise<void> };
  /** The AI writer's generations, jobs of the same queue; `idle()` as for imports. */
  generations: GenerationQueue & { idle: () => Promise<void> };
  client: (options?: { origin?: string }) => TestClient;
  close: () => Promise<void>;
};

export type StartOptions = {
  env?: Record<string, string>;
  /** Outgoing e-mail of requests (default: from the env, none without SMTP_URL). */
  mailer?: AppDeps["mailer"];
  clock?: Clock;
  signInRateLimit?: AppDeps["signInRateLimit"];
  /** Render and serve public blogs (needs the built theme; vitest's global setup builds it). */
  publishing?: boolean;
  /** Listens to content changes (a recording implementation in tests). */
  contentEvents?: ContentEvents;
  dnsResolver?: AppDeps["dnsResolver"];
  /** The provider behind the app's AI gate (default: offline, or from the env's key). */
  ai?: AiProvider;
  /** Fetches imported posts' images (default: none fetched, as without a media library). */
  importImages?: ImageImporter;
  /** Reads an import's upload (default: on the import's own worker thread, as the server does). */
  parseImport?: ImportRunnerDeps["parse"];
  /** Wraps the database driver (for example `fullDatabaseDisk().wrap`). */
  wrapDatabaseClient?: OpenOptions["wrapClient"];
  /** A built dashboard to serve (as `npm start` serves dashboard/dist). */
  dashboardDir?: string;
  /** Keep validated sessions in memory this long (as the single-process server does). */
  sessionCacheMs?: number;
  /** The AI writer's research (default: no search provider; public pages only). */
  research?: Research;
  /** The AI writer's feature images (default: none). */
  featureImage?: PipelineDeps["featureImage"];
};

/**
 * The real app on a real SQLite file in a temp dir (or, with TEST_DATABASE=postgres, a fresh
 * PostgreSQL database dropped on close), listening on a free loopback port.
 */
export async function startTestApp(options: StartOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), "blogfleet-test-"));
  const postgres = onPostgres ? await createPostgresTestDatabase() : undefined;
  const env = parseEnv({
    NODE_ENV: "test",
    DATABASE_URL: postgres?.url ?? `file:${join(dir, "test.db")}`,
    SITES_DIR: join(dir, "sites"),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    // Tests create owners freely; the sign-up rules have their own tests (decision 061).
    REGISTRATION: "open",
    SIGN_UPS_PER_ADDRESS: "100000",
    ...options.env,
  });
  const database = await openDatabase(env.DATABASE_URL, {
    wrapClient: options.wrapDatabaseClient,
  });
  const logger = createLogger(env.LOG_LEVEL);
  // Real worker threads, as in production, for requests and renders alike.
  const cpu = createCpuPool({ size: 1 });
  const publishing = options.publishing
    ? await createPublishing({
        db: database.db,
        env,
        sanitize: sanitizePostHtml,
        logger,
        clock: options.clock,
        cpu,
        // Blogs show the subscribe form when the app can send e-mail (decision 375).
        ...(options.mailer ? { subscribe: true } : {}),
      })
    : undefined;
  // Built here, not in the app, so a test can run jobs through the same gate as the routes.
  const aiGate = createAiGate({
    db: database.db,
    ...aiGateOptions(env),
    sanitize: sanitizePostHtml,
    provider: options.ai,
    clock: options.clock,
    logger,
  });
  // Imports are jobs of the queue a server on this database has (decision 320): a table of the
  // SQLite file, or pg-boss in the PostgreSQL database; its runner works them here.
  const queue = awaitImports(
    postgres
      ? await createPgBossQueue({ connectionString: postgres.url, pollingIntervalSeconds: 0.5 })
      : await createSqliteQueue({ db: database.db, logger }),
  );
  const runner = createImportRunner({
    db: database.db,
    // The app's storage (the same folder when blogs are not served here).
    storage: publishing?.output.storage ?? storageFromEnv(env),
    contentEvents: options.contentEvents ?? publishing?.contentEvents ?? noContentEvents,
    images: options.importImages,
    parse: options.parseImport,
    cpu,
    clock: options.clock,
    logger,
  });
  await runner.work(queue);
  const embeddings = createEmbeddings(embeddingSettings(env, logger));
  const writer = createWriter({
    db: database.db,
    ai: aiGate,
    contentEvents: options.contentEvents ?? publishing?.contentEvents ?? noContentEvents,
    cpu,
    logger,
    sanitize: sanitizePostHtml,
    blogDomain: env.BLOG_DOMAIN,
    fleetLimits: fleetLimitsFromEnv(env),
    research: options.research ?? createResearch({}),
    links: { db: database.db, embeddings, blogDomain: env.BLOG_DOMAIN, logger },
    featureImage:
      options.featureImage ??
      ((input) =>
        featureImageFor(
          {
            db: database.db,
            storage: publishing?.output.storage ?? storageFromEnv(env),
            contentEvents: options.contentEvents ?? publishing?.contentEvents ?? noContentEvents,
            ai: aiGate,
          },
          input,
        )),
    clock: options.clock,
    cancelPollMs: 100,
    // A failed model call fails the generation at once (its retries have their own test).
    triesOnFailure: 1,
  });
  await writer.work(queue);
  const generations = queuedGenerations(queue, logger);
  const app = createApp({
    imports: queuedImports(queue, logger),
    generations,
    embeddings,
    env,
    db: database.db,
    logger,
    clock: options.clock,
    signInRateLimit: options.signInRateLimit,
    publishing,
    contentEvents: options.contentEvents ?? publishing?.contentEvents,
    dnsResolver: options.dnsResolver,
    aiGate,
    cpu,
    writeHealth: database.writeHealth,
    dashboardDir: options.dashboardDir,
    sessionCacheMs: options.sessionCacheMs,
    mailer: options.mailer,
  });
  const server = createServer(withFastPath(app, publishing)).listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    express: app,
    baseUrl,
    origin: baseUrl,
    env,
    db: database.db,
    dir,
    publishing,
    aiGate,
    imports: { idle: () => queue.idle(importJobName) },
    generations: { ...generations, idle: () => queue.idle(generationJobName) },
    client: (clientOptions) => new TestClient(baseUrl, clientOptions?.origin ?? baseUrl),
    close: async () => {
      await Promise.all([runner.stop(), queue.stop()]);
      await publishing?.queue.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await cpu.close();
      await database.close();
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Jobs a test waits for, by name, and the field of their data that names each. */
const awaited: Record<string, string> = {
  [importJobName]: "importId",
  [generationJobName]: "generationId",
};

/**
 * The queue, and a wait for the imports and generations queued on it here: `idle(name)`
 * resolves once the job of every one queued so far has run (tests have one process: what is
 * queued here runs here).
 */
function awaitImports(queue: JobQueue): JobQueue & { idle: (name: string) => Promise<void> } {
  const waiting = new Map<string, Set<string>>();
  const wakers = new Map<string, (() => void)[]>();
  const setOf = (name: string) => {
    const set = waiting.get(name) ?? new Set<string>();
    waiting.set(name, set);
    return set;
  };
  const ran = (name: string, id: string) => {
    const set = setOf(name);
    set.delete(id);
    if (set.size === 0) for (const wake of (wakers.get(name) ?? []).splice(0)) wake();
  };
  return {
    ...queue,
    async enqueue(name, data, options) {
      const field = awaited[name];
      if (field) setOf(name).add(String(data?.[field]));
      await queue.enqueue(name, data, options);
    },
    work: (name, handler, options) => {
      const field = awaited[name];
      return queue.work(
        name,
        field
          ? async (data, job) => {
              try {
                await handler(data, job);
              } finally {
                ran(name, String(data[field]));
              }
            }
          : handler,
        options,
      );
    },
    idle: (name) =>
      setOf(name).size === 0
        ? Promise.resolve()
        : new Promise<void>((wake) => {
            if (!wakers.has(name)) wakers.set(name, []);
            wakers.get(name)?.push(wake);
          }),
  };
}

export type TestResponse<T = unknown> = {
  status: number;
  headers: Headers;
  body: T;
  text: string;
};

type RequestOptions = {
  json?: unknown;
  /** A file as the body (`application/octet-stream` unless `headers` say otherwise). */
  raw?: Uint8Array;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** Override or drop (null) the Origin header a browser would send. */
  origin?: string | null;
};

/** A browser-like HTTP client: keeps cookies, sends Origin on mutating requests, never follows redirects. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly baseUrl: string;
  readonly origin: string;

  constructor(baseUrl: string, origin: string) {
    this.baseUrl = baseUrl;
    this.origin = origin;
  }

  async request<T = any>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (cookie) headers.cookie = cookie;
    const origin = options.origin === undefined ? this.origin : options.origin;
    if (method !== "GET" && method !== "HEAD" && origin !== null) headers.origin = origin;
    let body: string | Blob | undefined;
    if (options.raw !== undefined) {
      headers["content-type"] ??= "application/octet-stream";
      body = new Blob([new Uint8Array(options.raw)]);
    } else if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(options.form).toString();
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body, redirect: "manual" });
    this.storeCookies(res.headers);
    const text = await res.text();
    let parsed: unknown = text;
    if (res.headers.get("content-type")?.includes("application/json")) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  storeCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a),
      );
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get = <T = any>(path: string, options?: RequestOptions) => this.request<T>("GET", path, options);
  post = <T = any>(path: string, json?: unknown, options?: RequestOptions) =>
    this.request<T>("POST", path, { ...options, json: json ?? {} });
  patch = <T = any>(path: string, json?: unknown, options?: RequestOptions) =>
    this.request<T>("PATCH", path, { ...options, json: json ?? {} });
  put = <T = any>(path: string, json?: unknown, options?: RequestOptions) =>
    this.request<T>("PUT", path, { ...options, json: json ?? {} });
  delete = <T = any>(path: string, options?: RequestOptions) =>
    this.request<T>("DELETE", path, options);
}

/** Runs `work` against a fresh test app, closed afterwards whatever happens (check scripts). */
export async function withTestApp<T>(
  options: StartOptions,
  work: (app: TestApp) => Promise<T>,
): Promise<T> {
  const app = await startTestApp(options);
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

/**
 * For a test file that starts several apps with different settings: `start` keeps each, and
 * the returned `closeAll` (for `afterAll`) closes them.
 */
export function testApps() {
  const apps: TestApp[] = [];
  return {
    start: async (options: StartOptions) => {
      const app = await startTestApp(options);
      apps.push(app);
      return app;
    },
    closeAll: () => Promise.all(apps.map((app) => app.close())),
  };
}
