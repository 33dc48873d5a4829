import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Blog } from "../contracts/blogs.ts";
import type { Post } from "../contracts/posts.ts";
import {
  startTestS3Server,
  type TestS3Server,
  testS3Credentials,
} from "../site-builder/storage/s3-test-server.ts";
import { aiGateOptions, createAiGate } from "./ai/gate.ts";
import { createApp, withFastPath } from "./app.ts";
import type { Bus } from "./bus/bus.ts";
import { createPgBus } from "./bus/pg-bus.ts";
import { sanitizePostHtml } from "./content/sanitize.ts";
import { openDatabase } from "./db/client.ts";
import { parseEnv } from "./env.ts";
import { createPublishing, type Publishing } from "./features/publishing/publishing.ts";
import { queuedImports, renderRequests, startJobs } from "./jobs/jobs.ts";
import { createPgBossQueue } from "./jobs/pg-boss-queue.ts";
import type { JobQueue } from "./jobs/queue.ts";
import { createLogger } from "./logger.ts";
import { createWorkerApp } from "./scale-out.ts";
import { onPostgres } from "./test/dialect.ts";
import { TestClient } from "./test/harness.ts";
import { createTestPostgresDatabase } from "./test/postgres.ts";
import { rawGet } from "./test/raw-http.ts";
import { createCpuPool } from "./workers/run.ts";

// Three processes as api/server.ts composes them in a PostgreSQL set-up (two web, one worker),
// here in one test process: each with its own database connections, caches, render queue, job
// queue connection and bus, all on one real PostgreSQL database (content, queue and bus, as in
// production). Runs with the PostgreSQL API tests (TEST_DATABASE=postgres, `npm run
// test:api:pg`): a process on SQLite has no PostgreSQL tables, and web/worker roles need
// PostgreSQL. `npm run check:scale` runs the same set-up as real processes behind nginx.
let dir: string;
let sharedDatabase: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
type Process = { baseUrl: string; publishing: Publishing; close: () => Promise<void> };
let processes: Process[] = [];
let s3: TestS3Server;
let storageEnv: Record<string, string> = {};

async function startProcess(role: "web" | "worker"): Promise<Process> {
  const env = parseEnv({
    ...storageEnv,
    NODE_ENV: "test",
    DATABASE_URL: sharedDatabase.url,
    SITES_DIR: join(dir, "sites"),
    LOG_LEVEL: "silent",
    REGISTRATION: "open",
    SIGN_UPS_PER_ADDRESS: "1000",
    BLOG_DOMAIN: "blogs.test",
  });
  const logger = createLogger("silent");
  const database = await openDatabase(env.DATABASE_URL);
  const cpu = createCpuPool({ size: 1 });
  const queue: JobQueue = await createPgBossQueue({
    connectionString: sharedDatabase.url,
    instanceName: role,
    pollingIntervalSeconds: 0.5,
  });
  const bus: Bus = await createPgBus({ connectionString: sharedDatabase.url });
  const publishing = await createPublishing({
    db: database.db,
    env,
    sanitize: sanitizePostHtml,
    logger,
    cpu,
    bus,
    // As the server wires them.
    ...renderRequests(queue, logger),
  });
  const ai = createAiGate({ db: database.db, ...aiGateOptions(env), sanitize: sanitizePostHtml });
  const app =
    role === "worker"
      ? createWorkerApp({ db: database.db })
      : createApp({
          env,
          db: database.db,
          logger,
          publishing,
          contentEvents: publishing.contentEvents,
          aiGate: ai,
          cpu,
          writeHealth: database.writeHealth,
          imports: queuedImports(queue, logger),
        });
  const jobs =
    role === "worker"
      ? await startJobs(
          {
            db: database.db,
            ai,
            publishing,
            contentEvents: publishing.contentEvents,
            cpu,
            logger,
            queue,
          },
          ["renders"],
        )
      : undefined;
  const server: Server = createServer(role === "worker" ? app : withFastPath(app, publishing));
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const process: Process = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    publishing,
    close: async () => {
      await jobs?.stop();
      await queue.stop();
      await bus.close();
      await publishing.queue.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await cpu.close();
      await database.close();
    },
  };
  processes.push(process);
  return process;
}

const until = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number) => {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

const saved = { ...process.env };
beforeAll(async () => {
  s3 = await startTestS3Server();
  process.env.AWS_ACCESS_KEY_ID = testS3Credentials.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = testS3Credentials.secretAccessKey;
});
afterAll(async () => {
  await s3?.close();
  process.env = saved;
});
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "blogfleet-scale-"));
  sharedDatabase = await createTestPostgresDatabase();
});
afterEach(async () => {
  for (const started of processes) await started.close();
  processes = [];
  await sharedDatabase?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(onPostgres)("two web processes and a worker on PostgreSQL", () => {
  it("render on the worker, and serve a change made through one web process from the other", async () => {
    await publishThroughOneReadThroughAnother("local folder");
  }, 90_000);

  it("do the same with sites on object storage", async () => {
    storageEnv = {
      STORAGE_URL: `s3://${s3.bucket}/scale`,
      AWS_ENDPOINT_URL: s3.endpoint,
      AWS_REGION: "us-east-1",
    };
    try {
      await publishThroughOneReadThroughAnother("object storage");
    } finally {
      storageEnv = {};
    }
  }, 90_000);
});

/** Publish and edit through the first web process; the worker renders; the second serves. */
async function publishThroughOneReadThroughAnother(storage: string) {
  const first = await startProcess("web");
  const second = await startProcess("web");
  const worker = await startProcess("worker");
  expect((await fetch(`${worker.baseUrl}/healthz`)).status).toBe(200);
  expect((await fetch(`${worker.baseUrl}/api/blogs`)).status).toBe(404);

  const owner = new TestClient(first.baseUrl, first.baseUrl);
  expect(
    (
      await owner.post("/auth/sign-up", {
        email: "scale@example.com",
        password: "correct horse battery",
      })
    ).status,
  ).toBe(201);
  const blog = (await owner.post<Blog>("/api/blogs", { name: "Scale Blog" })).body;
  expect((await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain: "scale" })).status).toBe(
    200,
  );
  const post = (
    await owner.post<Post>("/api/posts", {
      blogId: blog.id,
      title: "First title",
      content: "<p>x</p>",
    })
  ).body;
  for (const status of ["under_review", "published"])
    expect((await owner.patch(`/api/posts/${post.id}/status`, { status })).status).toBe(200);

  // The worker renders it (the web processes never run a render).
  const file = `post/${post.slug}.html`;
  await until(
    () => worker.publishing.output.readLiveFile(blog.id, file),
    (stored) => stored?.body.toString("utf8").includes("First title") === true,
    30_000,
  );
  expect(first.publishing.queue.stateOf(blog.id)).toBe("idle");
  expect(second.publishing.queue.liveSnapshot(blog.id)).toBeUndefined();

  // The second web process serves it on the blog's host, and keeps it in memory.
  const host = "scale.blogs.test";
  const read = async () => (await rawGet(second.baseUrl, `/post/${post.slug}`, { host })).body;
  expect(await read()).toContain("First title");
  expect(await read()).toContain("First title");
  expect(second.publishing.hostMap.lookup(host)).toBe(blog.id);

  // An edit through the first: the worker re-renders, and the second serves the new title.
  const edited = Date.now();
  expect((await owner.patch(`/api/posts/${post.id}`, { title: "Second title" })).status).toBe(200);
  await until(read, (html) => html.includes("Second title"), 30_000);
  const servedAfterMs = Date.now() - edited;
  const renderedAfterMs =
    ((await worker.publishing.output.readLiveFile(blog.id, file))?.modified.getTime() ?? 0) -
    edited;
  console.info(
    `${storage}: edit through web 1 served by web 2 after ${servedAfterMs} ms (the worker's render ended after ${renderedAfterMs} ms)`,
  );
  // Within a second of the worker's render, the other web process serves the new page (S3
  // gives the time of writing in whole seconds).
  expect(servedAfterMs - renderedAfterMs).toBeLessThan(storage === "local folder" ? 1000 : 2000);
  expect(await read()).not.toContain("First title");
}
