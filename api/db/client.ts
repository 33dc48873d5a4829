import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Client } from "@libsql/client";
// The local-file client and its drizzle driver only: the package's main entries also load its
// WebSocket and HTTP clients (`ws`, hrana), ~20 ms of CPU at every start (decision 244).
import { createClient } from "@libsql/client/sqlite3";
import { migrate } from "drizzle-orm/libsql/migrator";
import { drizzle } from "drizzle-orm/libsql/sqlite3";
import type { DatabaseHandle } from "./database.ts";
import { isPostgresUrl, processDialect } from "./dialect.ts";
import * as schema from "./schema.ts";
import { reusePreparedStatements } from "./statement-cache.ts";
import { createWriteHealth, trackWrites } from "./write-health.ts";
import {
  defaultGroupCommit,
  type GroupCommitOptions,
  insideTransaction,
  withWriteLock,
} from "./write-lock.ts";

export type { Database, DatabaseHandle, Queryable } from "./database.ts";

export type OpenOptions = {
  /** Wraps the driver's client before anything else sees it (tests: a disk that fills up). */
  wrapClient?: (client: Client) => Client;
  /** How concurrent SQLite writers share a COMMIT (decision 220); `{ maxWriters: 1 }` turns it off. */
  groupCommit?: GroupCommitOptions;
};

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), "migrations");

/** The folder of a local `file:` database URL, created if missing. */
function ensureDatabaseFolder(url: string): void {
  if (!url.startsWith("file:")) return;
  const path = url.slice("file:".length).split("?")[0] ?? "";
  if (path === "" || path === ":memory:") return;
  mkdirSync(dirname(resolve(path)), { recursive: true });
}

const busyTimeoutMs = 5000;

/**
 * Opens the database, asserts the pragmas the design relies on and applies migrations.
 * The client keeps a pool of connections; libSQL opens each with foreign keys on,
 * synchronous FULL and the busy timeout given here, and WAL is a property of the file,
 * so the assertion holds for every connection, not only the first.
 */
export async function openDatabase(
  url: string,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  const postgres = isPostgresUrl(url);
  if (postgres !== (processDialect === "postgres")) {
    // The tables are chosen once per process by DATABASE_URL (decision 180); a database of the
    // other kind would get SQL for tables it does not have.
    throw new Error(
      `This process runs on ${processDialect === "postgres" ? "PostgreSQL" : "SQLite"} (from DATABASE_URL) and cannot open ${url.replace(/\/\/[^@/]*@/, "//…@")}: one database kind per process.`,
    );
  }
  // PostgreSQL's driver and drizzle's modules for it load only for a PostgreSQL URL: a SQLite
  // process (a render among them) is spared ~30 ms of CPU at start (decision 206).
  if (postgres) return (await import("./pg/client.ts")).openPostgres(url);
  ensureDatabaseFolder(url);
  reusePreparedStatements();
  const driver = createClient({ url, timeout: busyTimeoutMs });
  const writeHealth = createWriteHealth();
  const client = trackWrites(
    withWriteLock(
      options.wrapClient ? options.wrapClient(driver) : driver,
      options.groupCommit ?? defaultGroupCommit,
    ),
    writeHealth,
  );
  const local = url.startsWith("file:");
  if (local) await client.execute("PRAGMA journal_mode = WAL");
  await assertPragmas(client, local);
  const db = drizzle(client, { schema });
  // A transaction's callback runs marked as holding the write lock, so a stray write on `db`
  // inside it fails loudly instead of waiting for its own transaction forever.
  const transaction = db.transaction.bind(db);
  db.transaction = ((callback, config) =>
    transaction((tx) => insideTransaction(() => callback(tx)), config)) as typeof db.transaction;
  await migrate(db, { migrationsFolder });
  return { db, client, writeHealth, close: async () => client.close() };
}

async function pragma(client: Client, name: string): Promise<string> {
  const result = await client.execute(`PRAGMA ${name}`);
  const row = result.rows[0];
  return row ? String(Object.values(row)[0]) : "";
}

async function assertPragmas(client: Client, local: boolean): Promise<void> {
  const expected: [string, string][] = [["foreign_keys", "1"]];
  if (local) {
    expected.push(
      ["journal_mode", "wal"],
      ["busy_timeout", String(busyTimeoutMs)],
      // FULL: a commit the API acknowledged survives power loss, at a small write cost.
      ["synchronous", "2"],
    );
  }
  for (const [name, value] of expected) {
    const actual = (await pragma(client, name)).toLowerCase();
    if (actual !== value) {
      throw new Error(`SQLite pragma ${name} is ${actual}, expected ${value}`);
    }
  }
}
