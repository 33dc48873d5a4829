/**
 * SQLite group commit (decision 220): 20 concurrent writers each making 40 transactions shaped
 * like a post's status change (read the row, update it, insert a row), synchronous=FULL, with
 * group commit on (the server's setting) and off (`maxWriters: 1`), taking turns.
 *
 * Prints, per setting: acknowledged transactions per second, SQLite COMMITs made (one per
 * group), the main thread's CPU per transaction, and the p50/p99 wait of one transaction.
 * BENCH_QUICK=1 (or --quick): 10 writers × 20 transactions, one round.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@libsql/client";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../api/db/client.ts";
import { first } from "../../api/db/query.ts";
import { renderJobs, users } from "../../api/db/schema.ts";
import { defaultGroupCommit, type GroupCommitOptions } from "../../api/db/write-lock.ts";
import { median, percentile } from "./fixtures.ts";

const quick = process.env.BENCH_QUICK === "1" || process.argv.includes("--quick");
const writers = quick ? 10 : 20;
const perWriter = quick ? 20 : 40;
const rounds = quick ? 1 : 3;

async function run(label: string, groupCommit: GroupCommitOptions) {
  const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-gc-"));
  let commits = 0;
  const countCommits = (client: Client): Client =>
    new Proxy(client, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (property === "transaction") {
          return (...args: unknown[]) => {
            commits++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const handle = await openDatabase(`file:${join(dir, "db.sqlite")}`, {
    wrapClient: countCommits,
    groupCommit,
  });
  try {
    const ids: string[] = [];
    for (let i = 0; i < writers; i++) {
      const [row] = await handle.db
        .insert(users)
        .values({ email: `w${i}@example.com`, firstName: "0" })
        .returning({ id: users.id });
      ids.push(row?.id as string);
    }
    commits = 0;
    const waits: number[] = [];
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      ids.map(async (id, w) => {
        for (let i = 0; i < perWriter; i++) {
          const sent = performance.now();
          await handle.db.transaction(async (tx) => {
            const row = await first(tx.select().from(users).where(eq(users.id, id)));
            await tx
              .update(users)
              .set({ firstName: String(Number(row?.firstName) + 1) })
              .where(eq(users.id, id));
            await tx
              .insert(renderJobs)
              .values({
                blogId: `blog-${w}-${i}`,
                full: false,
                postIds: [],
                requestedAt: new Date(),
              })
              .catch(() => undefined);
          });
          waits.push(performance.now() - sent);
        }
      }),
    );
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const transactions = writers * perWriter;
    console.log(
      JSON.stringify({
        figure: `SQLite writes, ${writers} writers × ${perWriter} transactions, ${label}`,
        transactionsPerSecond: Math.round((transactions / wallMs) * 1000),
        sqliteCommits: commits,
        cpuMsPerTransaction: Number(((cpu.user + cpu.system) / 1000 / transactions).toFixed(2)),
        waitP50Ms: Number(median(waits).toFixed(1)),
        waitP99Ms: Number(percentile(waits, 99).toFixed(1)),
      }),
    );
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (let round = 0; round < rounds; round++) {
  await run("group commit off", { ...defaultGroupCommit, maxWriters: 1 });
  await run("group commit on", defaultGroupCommit);
}
