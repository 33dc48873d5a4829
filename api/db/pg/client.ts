import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Database, DatabaseHandle } from "../database.ts";
import { createWriteHealth } from "../write-health.ts";
import * as schema from "./schema.ts";

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * Counts and sums arrive as int8 and numeric, which node-postgres hands over as strings (they
 * may exceed 2^53). Every such value here is a count, a sum of counts or bytes, or a time in
 * milliseconds, far below that: numbers, as SQLite gives them. Set on node-postgres's shared
 * registry because drizzle's driver passes its own per-query parsers, which fall back to it.
 */
function parseBigNumbersAsNumbers(): void {
  pg.types.setTypeParser(pg.types.builtins.INT8, Number);
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);
}

/** Any fixed number: all processes that migrate the same database take this one lock. */
const migrationLock = 4_021_180;

/**
 * Serialization failures and deadlocks: the transaction is retried from the start, after a
 * random pause that grows with each attempt, so a burst on one row (twenty changes to one
 * blog's render job at once) spreads out instead of colliding again.
 */
const retryable = new Set(["40001", "40P01"]);
const attempts = 25;
const pauseMs = (attempt: number) => Math.random() * Math.min(250, 2 ** attempt);

/**
 * Opens a pool on PostgreSQL and applies its migrations (decision 180). Transactions run
 * SERIALIZABLE and are retried on a serialization failure: SQLite, with one writer at a time,
 * gives every read-then-write transaction that guarantee, and the services rely on it.
 */
export async function openPostgres(url: string): Promise<DatabaseHandle> {
  parseBigNumbersAsNumbers();
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that the server drops must not end the process.
  pool.on("error", () => {});
  const migrator = await pool.connect();
  try {
    await migrator.query("select pg_advisory_lock($1)", [migrationLock]);
    try {
      await migrate(drizzle(migrator), { migrationsFolder });
    } finally {
      await migrator.query("select pg_advisory_unlock($1)", [migrationLock]);
    }
  } finally {
    migrator.release();
  }
  const driver = drizzle(pool, { schema });
  const transaction = driver.transaction.bind(driver);
  driver.transaction = (async (callback, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(callback, { isolationLevel: "serializable", ...config });
      } catch (error) {
        const code = (error as { code?: string; cause?: { code?: string } }).code;
        const causeCode = (error as { cause?: { code?: string } }).cause?.code;
        if (attempt >= attempts || !retryable.has(code ?? causeCode ?? "")) throw error;
        await new Promise((done) => setTimeout(done, pauseMs(attempt)));
      }
    }
  }) as typeof driver.transaction;
  return {
    // Typed as the SQLite database: the services are written once against its query builder,
    // which PostgreSQL's mirrors for every call they make (decision 180).
    db: driver as unknown as Database,
    client: null,
    writeHealth: createWriteHealth(),
    close: () => pool.end(),
  };
}
