import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { rawRows } from "../db/query.ts";
import { describeSqliteOnly } from "../test/dialect.ts";
import type { JobData, JobQueue } from "./queue.ts";
import { createSqliteQueue } from "./sqlite-queue.ts";

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds (a job runs on the queue's own turn), at most two seconds. */
async function until(check: () => boolean | Promise<boolean>) {
  for (const deadline = Date.now() + 2000; !(await check()); await tick(10))
    if (Date.now() > deadline) throw new Error("timed out waiting");
}

const opened: { handle: DatabaseHandle; dir: string }[] = [];
const queues: JobQueue[] = [];
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  for (const { handle, dir } of opened.splice(0)) {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A database file of its own; `reopen` opens the same file again (a restarted process). */
async function database() {
  const dir = mkdtempSync(join(tmpdir(), "blogfleet-queue-"));
  const url = `file:${join(dir, "queue.db")}`;
  const open = async () => {
    const handle = await openDatabase(url);
    opened.push({ handle, dir });
    return handle;
  };
  return { first: await open(), reopen: open };
}

async function queueOn(handle: DatabaseHandle, options: { retryDelaySeconds?: number } = {}) {
  const queue = await createSqliteQueue({ db: handle.db, retryDelaySeconds: 0.05, ...options });
  queues.push(queue);
  return queue;
}

const states = (handle: DatabaseHandle) =>
  rawRows<{ name: string; state: string; retry_count: number; output: string | null }>(
    handle.db,
    sql`select name, state, retry_count, output from job_queue order by created_at`,
  );

// The PostgreSQL set-up runs pg-boss instead (pg-boss-queue.test.ts).
describeSqliteOnly("the SQLite job queue", () => {
  it("coalesces jobs with one key: one waits and one runs at a time", async () => {
    const { first } = await database();
    const queue = await queueOn(first);
    const runs: JobData[] = [];
    let release: () => void = () => {};
    await queue.work(
      "render",
      async (data) => {
        runs.push(data);
        if (data.n === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      { concurrency: 4 },
    );
    await queue.enqueue("render", { n: 1 }, { key: "blog-a" });
    await until(() => runs.length === 1);
    // While the first runs, three more changes of the same blog make one more run, not three.
    await queue.enqueue("render", { n: 2 }, { key: "blog-a" });
    await queue.enqueue("render", { n: 3 }, { key: "blog-a" });
    // Another blog does not wait for it.
    await queue.enqueue("render", { n: 4 }, { key: "blog-b" });
    await until(() => runs.length === 2);
    expect(runs).toEqual([{ n: 1 }, { n: 4 }]);
    release();
    await until(() => runs.length === 3);
    await tick();
    expect(runs).toEqual([{ n: 1 }, { n: 4 }, { n: 2 }]);
  });

  it("keeps jobs enqueued before a worker is there, and honours startAfter", async () => {
    const { first } = await database();
    const queue = await queueOn(first);
    const runs: string[] = [];
    await queue.enqueue("import", { id: "early" }, { key: "early" });
    await queue.enqueue(
      "import",
      { id: "later" },
      { key: "later", startAfter: new Date(Date.now() + 150) },
    );
    await queue.work("import", async (data) => {
      runs.push(String(data.id));
    });
    await until(() => runs.length === 1);
    expect(runs).toEqual(["early"]);
    await until(() => runs.length === 2);
    expect(runs).toEqual(["early", "later"]);
  });

  it("brings a waiting job of the key forward when asked to, and only then", async () => {
    const { first } = await database();
    const queue = await queueOn(first);
    const runs: { data: JobData; at: number }[] = [];
    await queue.work("render", async (data) => {
      runs.push({ data, at: Date.now() });
    });
    // A retry waits for its back-off.
    await queue.enqueue(
      "render",
      { try: "retry" },
      { key: "blog-a", startAfter: new Date(Date.now() + 60_000) },
    );
    // The sweep asks again: the retry keeps its time.
    await queue.enqueue("render", { try: "sweep" }, { key: "blog-a" });
    await tick(150);
    expect(runs).toEqual([]);
    // A new change does not wait behind it: the waiting job runs now, once, with its data.
    const changedAt = Date.now();
    await queue.enqueue("render", { try: "change" }, { key: "blog-a", bringForward: true });
    await until(() => runs.length === 1);
    expect(runs[0]?.data).toEqual({ try: "retry" });
    expect((runs[0]?.at ?? 0) - changedAt).toBeLessThan(1000);
    // A later time never pushes a waiting job back.
    await queue.enqueue(
      "render",
      { try: "soon" },
      { key: "blog-b", startAfter: new Date(Date.now() + 200) },
    );
    await queue.enqueue(
      "render",
      { try: "later" },
      { key: "blog-b", startAfter: new Date(Date.now() + 60_000), bringForward: true },
    );
    await until(() => runs.length === 2);
    expect(runs[1]?.data).toEqual({ try: "soon" });
    await tick(150);
    expect(runs).toHaveLength(2);
    expect((await states(first)).map((row) => row.state)).toEqual(["completed", "completed"]);
  });

  it("keeps waiting jobs across a restart", async () => {
    const { first, reopen } = await database();
    const before = await queueOn(first);
    await before.enqueue("weekly", { owner: "a" }, { startAfter: new Date(Date.now() + 100) });
    await before.stop();
    queues.splice(queues.indexOf(before), 1);

    const again = await reopen();
    const after = await queueOn(again);
    const runs: JobData[] = [];
    await after.work("weekly", async (data) => {
      runs.push(data);
    });
    await until(() => runs.length === 1);
    expect(runs).toEqual([{ owner: "a" }]);
    await until(async () => (await states(again))[0]?.state === "completed");
  });

  it("hands a job left running by a process that died back at once, as a try", async () => {
    const { first, reopen } = await database();
    // Never stopped: its process "dies" with the job running.
    const dying = await createSqliteQueue({ db: first.db });
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    await dying.work("generate", async () => {
      started();
      await new Promise(() => {}); // the process dies in here
    });
    await dying.enqueue("generate", { post: "p1" });
    await running;
    // The process is gone without stopping its queue: its row says 'active'.
    expect((await states(first))[0]?.state).toBe("active");

    const again = await reopen();
    const queue = await queueOn(again, { retryDelaySeconds: 0 });
    const runs: JobData[] = [];
    const handedBackAt = Date.now();
    await queue.work("generate", async (data) => {
      runs.push(data);
    });
    await until(() => runs.length === 1);
    expect(Date.now() - handedBackAt).toBeLessThan(1000);
    expect(runs).toEqual([{ post: "p1" }]);
    await until(async () => (await states(again))[0]?.state === "completed");
    expect((await states(again))[0]?.retry_count).toBe(1);
  });

  it("tries a failed job again with back-off, then keeps it as failed with its error", async () => {
    const { first } = await database();
    const queue = await createSqliteQueue({ db: first.db, retryLimit: 2, retryDelaySeconds: 0.05 });
    queues.push(queue);
    const tries: number[] = [];
    await queue.work("send", async () => {
      tries.push(Date.now());
      throw new Error("SMTP server said no");
    });
    await queue.enqueue("send", { to: "a@example.com" });
    await until(async () => (await states(first))[0]?.state === "failed");
    expect(tries).toHaveLength(3);
    // Back-off: the second wait is about twice the first.
    const [a, b, c] = tries as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(45);
    expect(c - b).toBeGreaterThanOrEqual(95);
    const [row] = await states(first);
    expect(row).toMatchObject({ state: "failed", retry_count: 3 });
    expect(JSON.parse(row?.output ?? "{}")).toEqual({ error: "SMTP server said no" });
  });

  it("makes one job per period of a schedule, and none after stop", async () => {
    const { first } = await database();
    const queue = await queueOn(first);
    let runs = 0;
    await queue.work("cleanup", async () => {
      runs++;
    });
    await queue.schedule("cleanup", 0.1);
    await until(() => runs >= 3);
    await queue.stop();
    const stoppedAt = runs;
    await tick(250);
    expect(runs).toBe(stoppedAt);
  });
});
