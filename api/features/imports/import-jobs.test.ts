import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportJob } from "../../../contracts/imports.ts";
import { createFolderStorage } from "../../../site-builder/storage/folder-storage.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { first, rawRows } from "../../db/query.ts";
import { blogs, importJobs, posts, users } from "../../db/schema.ts";
import { createPgBossQueue } from "../../jobs/pg-boss-queue.ts";
import { createSqliteQueue } from "../../jobs/sqlite-queue.ts";
import { storageFromEnv } from "../../storage.ts";
import { saidBy, spawnWorker } from "../../test/child-worker.ts";
import { createPostgresTestDatabase, onPostgres } from "../../test/dialect.ts";
import { createBlog, createOwner } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { imageHold, manyPosts } from "../../test/import-fixtures.ts";
import { noContentEvents } from "../publishing/content-events.ts";
import { parseImportFile } from "./parse.ts";
import { createImportRunner } from "./runner.ts";
import { importFolder, startImport } from "./service.ts";

// Each import is a job of the job queue (decision 320), on SQLite and on PostgreSQL alike.
const dir = mkdtempSync(join(tmpdir(), "blogfleet-import-jobs-"));
const children: ChildProcess[] = [];
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

const upload = (owner: TestClient, blogId: string, file: Uint8Array) =>
  owner.request<ImportJob>("POST", `/api/blogs/${blogId}/imports`, { raw: file });

const titlesOf = async (db: Database, blogId: string) =>
  (await db.select().from(posts).where(eq(posts.blogId, blogId))).map((p) => p.title).sort();

/** The queue's own record of an import's jobs: pg-boss's table, or the SQLite queue's. */
async function queueJobsOf(db: Database, importId: string) {
  const rows = await rawRows<{ name: string; state: string; data: unknown }>(
    db,
    onPostgres
      ? sql`select name, state, data from pgboss.job where singleton_key = ${importId}`
      : sql`select name, state, data from job_queue where singleton_key = ${importId}`,
  );
  return rows.map(({ name, state, data }) => ({
    name,
    state,
    data: typeof data === "string" ? JSON.parse(data) : data,
  }));
}

/** A database of its own, as a server's (a SQLite file, or PostgreSQL), with a blog in it. */
async function databaseWithBlog(name: string) {
  const postgres = onPostgres ? await createPostgresTestDatabase() : undefined;
  const url = postgres?.url ?? `file:${join(dir, `${name}.db`)}`;
  const handle = await openDatabase(url);
  const [owner] = await handle.db
    .insert(users)
    .values({ email: `${name}@example.com` })
    .returning();
  const [blog] = await handle.db
    .insert(blogs)
    .values({ ownerId: owner?.id as string, name, slug: name })
    .returning();
  return {
    url,
    db: handle.db,
    ownerId: owner?.id as string,
    blogId: blog?.id as string,
    storage: createFolderStorage(join(dir, `${name}-storage`)),
    close: async () => {
      await handle.close();
      await postgres?.drop();
    },
  };
}

const importRow = (db: Database, id: string) =>
  first(db.select().from(importJobs).where(eq(importJobs.id, id)));

describe("an import as a job of the queue", () => {
  it("is queued by its upload as one job, named import and keyed by the import, and runs to done", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Queued");
    const started = await upload(owner, blog.id, manyPosts(3));
    expect(started.status, started.text).toBe(202);
    expect(started.body.status).toBe("queued");
    await app.imports.idle();
    const job = (await owner.get<ImportJob>(`/api/imports/${started.body.id}`)).body;
    expect(job).toMatchObject({ status: "succeeded", done: 3, total: 3 });
    expect(await titlesOf(app.db, blog.id)).toEqual(["Post 0", "Post 1", "Post 2"]);
    await expect
      .poll(() => queueJobsOf(app.db, started.body.id), { timeout: 5_000 })
      .toEqual([{ name: "import", state: "completed", data: { importId: started.body.id } }]);
  });

  it("cancelled while its job waits behind another import, it never runs", async () => {
    const held = imageHold("/p1.jpg");
    const fetchedFor = new Set<string>();
    const waitApp = await startTestApp({
      importImages: async (blogId, url) => {
        fetchedFor.add(blogId);
        await held.hold(url);
        return { error: "host not reachable" };
      },
    });
    try {
      const owner = await createOwner(waitApp);
      const running = await createBlog(owner, "Running");
      const waiting = await createBlog(owner, "Waiting");
      const first = await upload(owner, running.id, manyPosts(3));
      await held.reached;
      const second = await upload(owner, waiting.id, manyPosts(3));
      expect(second.status, second.text).toBe(202);
      // One import at a time in a process: the second waits for the first.
      expect((await owner.get<ImportJob>(`/api/imports/${second.body.id}`)).body.status).toBe(
        "queued",
      );
      const cancelled = await owner.post<ImportJob>(`/api/imports/${second.body.id}/cancel`);
      expect(cancelled.body.status).toBe("cancelled");
      held.release();
      await waitApp.imports.idle();
      expect((await owner.get<ImportJob>(`/api/imports/${first.body.id}`)).body).toMatchObject({
        status: "succeeded",
        done: 3,
      });
      expect((await owner.get<ImportJob>(`/api/imports/${second.body.id}`)).body).toMatchObject({
        status: "cancelled",
        done: 0,
        total: 0,
      });
      expect(await titlesOf(waitApp.db, waiting.id)).toEqual([]);
      expect([...fetchedFor]).toEqual([running.id]);
      expect(await storageFromEnv(waitApp.env).list(importFolder(waiting.id))).toEqual([]);
    } finally {
      await waitApp.close();
    }
  });

  it("stored but never queued (its process stopped in between), runs at a worker's start", async () => {
    const database = await databaseWithBlog("never-queued");
    const stored = await startImport(
      database.db,
      database.storage,
      database.ownerId,
      database.blogId,
      manyPosts(2),
      "posts.zip",
    );
    const queue = onPostgres
      ? await createPgBossQueue({ connectionString: database.url, pollingIntervalSeconds: 0.5 })
      : await createSqliteQueue({ db: database.db });
    const runner = createImportRunner({
      db: database.db,
      storage: database.storage,
      contentEvents: noContentEvents,
      parse: parseImportFile,
    });
    try {
      await runner.work(queue);
      await expect
        .poll(async () => (await importRow(database.db, stored.id))?.status, { timeout: 10_000 })
        .toBe("succeeded");
      expect(await titlesOf(database.db, database.blogId)).toEqual(["Post 0", "Post 1"]);
    } finally {
      await runner.stop();
      await queue.stop();
      await database.close();
    }
  });
});

function worker(env: Record<string, string>) {
  const child = spawnWorker(join(import.meta.dirname, "fixtures/import-worker.ts"), env);
  children.push(child);
  return child;
}

describe("a worker killed in the middle of an import (SIGKILL, a real child process)", () => {
  it(onPostgres
    ? "leaves its job to the next worker once its heartbeat lapses, which goes on after the last item written"
    : "leaves its job to the next start, which goes on after the last item written", async () => {
    const database = await databaseWithBlog("killed");
    try {
      const stored = await startImport(
        database.db,
        database.storage,
        database.ownerId,
        database.blogId,
        manyPosts(6),
        "posts.zip",
      );
      const log = join(dir, "killed.log");
      const env = {
        DATABASE_URL: database.url,
        STORAGE_DIR: join(dir, "killed-storage"),
        IMPORT_LOG: log,
      };
      const doomed = worker({ ...env, BLOCK_AT: "2", ENQUEUE: stored.id });
      await saidBy(doomed, "blocked at item 2");
      expect(await importRow(database.db, stored.id)).toMatchObject({
        status: "running",
        done: 2,
      });
      doomed.kill("SIGKILL");
      await once(doomed, "exit");

      const killedAt = Date.now();
      const next = worker(env);
      await expect
        .poll(async () => (await importRow(database.db, stored.id))?.status, {
          timeout: 45_000,
          interval: 100,
        })
        .toBe("succeeded");
      const tookMs = Date.now() - killedAt;
      // It may have ended already: nothing keeps an idle worker of this fixture alive.
      if (next.exitCode === null && next.signalCode === null) {
        const exited = once(next, "exit");
        next.kill("SIGTERM");
        await exited;
      }

      // Items 0 and 1 were written by the killed worker; item 2 again (it never was), then on.
      expect(readFileSync(log, "utf8").trim().split("\n")).toEqual([
        `item 0 ${doomed.pid}`,
        `item 1 ${doomed.pid}`,
        `item 2 ${doomed.pid}`,
        `item 2 ${next.pid}`,
        `item 3 ${next.pid}`,
        `item 4 ${next.pid}`,
        `item 5 ${next.pid}`,
      ]);
      expect(await titlesOf(database.db, database.blogId)).toEqual(
        [0, 1, 2, 3, 4, 5].map((i) => `Post ${i}`),
      );
      const ended = await importRow(database.db, stored.id);
      expect(ended).toMatchObject({ status: "succeeded", done: 6, total: 6 });
      expect((ended?.report as ImportJob["report"] | undefined)?.imported).toHaveLength(6);
      // SQLite: handed back at the next start. PostgreSQL: pg-boss's 10 s heartbeat floor,
      // the supervisor's second and a poll (decision 321).
      expect(tookMs).toBeLessThan(onPostgres ? 30_000 : 15_000);
    } finally {
      await database.close();
    }
  }, 60_000);
});
