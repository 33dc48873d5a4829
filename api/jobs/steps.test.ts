import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { saidBy, spawnWorker } from "../test/child-worker.ts";
import { onPostgres } from "../test/dialect.ts";
import { createTestPostgresDatabase } from "./test-postgres.ts";

// A multi-step job whose process is killed between steps (SIGKILL, a real child process) is
// finished by the next process without running its finished steps again (decision 321).
const dir = mkdtempSync(join(tmpdir(), "blogfleet-steps-"));
const children: ChildProcess[] = [];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  for (const drop of drops) await drop();
  rmSync(dir, { recursive: true, force: true });
});

function worker(env: Record<string, string>) {
  const child = spawnWorker(join(import.meta.dirname, "fixtures/steps-worker.ts"), env);
  children.push(child);
  return child;
}

async function killBetweenSteps(url: string, log: string) {
  const doomed = worker({ DATABASE_URL: url, STEPS_LOG: log, BLOCK_AT: "2", ENQUEUE: "tomatoes" });
  await saidBy(doomed, "blocked at step-2");
  doomed.kill("SIGKILL");
  await once(doomed, "exit");

  const killedAt = Date.now();
  const next = worker({ DATABASE_URL: url, STEPS_LOG: log });
  await saidBy(next, "finished");
  const tookMs = Date.now() - killedAt;
  next.kill("SIGTERM");
  const lines = readFileSync(log, "utf8").trim().split("\n");
  const pidOf = (line: string | undefined) => line?.split(" ")[1];
  return { lines, pidOf, doomed: String(doomed.pid), next: String(next.pid), tookMs };
}

/**
 * The steps the job's processes ran, in order, on either queue: step 1 once, in the killed
 * process; step 2 again (it never finished), then step 3.
 */
const stepsRun = ["step-1", "step-2", "step-2", "step-3", "done"];

describe("a multi-step job killed between steps", () => {
  it.skipIf(onPostgres)(
    "on SQLite, goes on at the next start from the step it was in",
    async () => {
      const { lines, pidOf, doomed, next, tookMs } = await killBetweenSteps(
        `file:${join(dir, "steps.db")}`,
        join(dir, "sqlite.log"),
      );
      expect(lines.map((line) => line.split(" ")[0])).toEqual(stepsRun);
      expect([pidOf(lines[0]), pidOf(lines[1]), pidOf(lines[2]), pidOf(lines[3])]).toEqual([
        doomed,
        doomed,
        next,
        next,
      ]);
      expect(lines[4]).toBe("done brief of tomatoes > outline > post");
      // Handed back at the start, not after a timeout (the process start is most of it).
      expect(tookMs).toBeLessThan(15_000);
    },
    30_000,
  );

  it.runIf(onPostgres)(
    "on PostgreSQL, is taken by another worker once its heartbeat lapses and goes on",
    async () => {
      const database = await createTestPostgresDatabase("steps_");
      drops.push(() => database.drop());
      const { lines, pidOf, doomed, next } = await killBetweenSteps(
        database.url,
        join(dir, "postgres.log"),
      );
      expect(lines.map((line) => line.split(" ")[0])).toEqual(stepsRun);
      expect([pidOf(lines[0]), pidOf(lines[2])]).toEqual([doomed, next]);
      expect(lines[4]).toBe("done brief of tomatoes > outline > post");
    },
    60_000,
  );
});
