import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgBossQueue } from "./pg-boss-queue.ts";
import type { JobData, JobQueue } from "./queue.ts";
import { createTestPostgresDatabase } from "./test-postgres.ts";

// Several processes sharing one PostgreSQL (decision 191): each queue below is what one
// process holds; the doomed worker is a real child process killed with SIGKILL.
let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
const queues: JobQueue[] = [];
const children: ChildProcess[] = [];
const open = async (instanceName: string) => {
  const queue = await createPgBossQueue({
    connectionString: database.url,
    instanceName,
    heartbeatSeconds: 10,
    superviseIntervalSeconds: 1,
    pollingIntervalSeconds: 0.5,
  });
  queues.push(queue);
  return queue;
};

beforeAll(async () => {
  database = await createTestPostgresDatabase();
});
afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await Promise.all(queues.map((queue) => queue.stop()));
  await database?.drop();
});

/** Resolves with the first line of the child's output that `match` accepts. */
const lineFrom = (child: ChildProcess, match: (line: string) => boolean) =>
  new Promise<string>((resolve, reject) => {
    let buffered = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      const found = lines.find(match);
      if (found) resolve(found);
    });
    child.once("exit", (code) => reject(new Error(`worker exited (${code}) before "${match}"`)));
  });

const until = async (check: () => Promise<boolean> | boolean, timeoutMs: number) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not done within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe("the pg-boss job queue across processes", () => {
  it("hands a job whose process was killed mid-job to another process, which finishes it", async () => {
    const child = spawn(process.execPath, [join(import.meta.dirname, "fixtures/queue-worker.ts")], {
      env: { ...process.env, QUEUE_DATABASE_URL: database.url },
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(child);
    await lineFrom(child, (line) => line === "ready");
    const survivor = await open("survivor");
    const started = lineFrom(child, (line) => line.startsWith("started"));
    await survivor.enqueue("render", { blogId: "blog-1" }, { key: "blog-1" });
    expect(await started).toBe('started {"blogId":"blog-1"}');
    child.kill("SIGKILL");
    await once(child, "exit");

    const done: JobData[] = [];
    const killedAt = Date.now();
    await survivor.work("render", async (data) => {
      done.push(data);
    });
    // Found once its heartbeat is 10 s stale (pg-boss's floor), then retried here.
    await until(() => done.length > 0, 40_000);
    expect(done).toEqual([{ blogId: "blog-1" }]);
    expect(Date.now() - killedAt).toBeGreaterThan(5_000);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        "select state, retry_count from pgboss.job where name = 'render'",
      );
      await until(async () => {
        const again = await client.query("select state from pgboss.job where name = 'render'");
        return again.rows.every((row) => row.state === "completed");
      }, 5_000);
      expect(rows).toHaveLength(1);
    } finally {
      await client.end();
    }
  }, 60_000);

  it("runs a keyed job once however many processes enqueue it while it waits", async () => {
    const [first, second] = [await open("web-1"), await open("web-2")];
    const runs: JobData[] = [];
    // Both "processes" ask for the same blog's render before any worker takes it.
    await Promise.all([
      first.enqueue("publish-due", { from: "first" }, { key: "due" }),
      second.enqueue("publish-due", { from: "second" }, { key: "due" }),
      first.enqueue("publish-due", { from: "first again" }, { key: "due" }),
    ]);
    const handler = async (data: JobData) => {
      runs.push(data);
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    await first.work("publish-due", handler);
    await second.work("publish-due", handler);
    await until(() => runs.length > 0, 10_000);
    // Long enough for any double to have been taken by the other process.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(runs).toHaveLength(1);
  }, 30_000);

  it("brings a waiting job of the key forward when asked to, and only then", async () => {
    const [web, worker] = [await open("web-3"), await open("worker-3")];
    const runs: { data: JobData; at: number }[] = [];
    await worker.work("render-forward", async (data) => {
      runs.push({ data, at: Date.now() });
    });
    // A retry waits for its back-off; the sweep asks again: the retry keeps its time.
    await worker.enqueue(
      "render-forward",
      { try: "retry" },
      { key: "blog-a", startAfter: new Date(Date.now() + 60_000) },
    );
    await web.enqueue("render-forward", { try: "sweep" }, { key: "blog-a" });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(runs).toEqual([]);
    // A new change (from another process) does not wait behind it: it runs now, once.
    const changedAt = Date.now();
    await web.enqueue("render-forward", { try: "change" }, { key: "blog-a", bringForward: true });
    await until(() => runs.length === 1, 10_000);
    expect(runs[0]?.data).toEqual({ try: "retry" });
    expect((runs[0]?.at ?? 0) - changedAt).toBeLessThan(3_000);
    // A later time never pushes a waiting job back.
    await web.enqueue(
      "render-forward",
      { try: "soon" },
      { key: "blog-b", startAfter: new Date(Date.now() + 1_000) },
    );
    await web.enqueue(
      "render-forward",
      { try: "later" },
      { key: "blog-b", startAfter: new Date(Date.now() + 60_000), bringForward: true },
    );
    await until(() => runs.length === 2, 10_000);
    expect(runs[1]?.data).toEqual({ try: "soon" });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(runs).toHaveLength(2);
  }, 30_000);

  it("runs a schedule kept by two processes once per period", async () => {
    const [first, second] = [await open("worker-1"), await open("worker-2")];
    const runs: number[] = [];
    const handler = async () => {
      runs.push(Date.now());
    };
    for (const queue of [first, second]) {
      await queue.work("tick", handler);
      await queue.schedule("tick", 2);
    }
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 9_000));
    // One run per 2-second period (the first at once), not one per process and period.
    const periods = Math.ceil((Date.now() - started) / 2000) + 1;
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(periods);
  }, 30_000);
});
