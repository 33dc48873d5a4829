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
import { insideTransaction, withWriteLock } from "./write-lock.ts";

export type { Database, DatabaseHandle, Queryable } from "./database.ts";

export type OpenOptions = {
  /**
   * Wraps the driver's clients (the readers' and the writer's) before anything else sees them
   * (tests: a disk that fills up).
   */
  wrapClient?: (client: Client) => Client;
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
 * Reads run on a pool of connections, writes on one connection of their own (write-lock.ts).
 * libSQL opens each with foreign keys on and the busy timeout given here, and WAL is a property
 * of the file. The writer is set to synchronous=NORMAL: under WAL a COMMIT then appends to the
 * WAL without waiting for the disk (the WAL is synced at checkpoints). A crash of the process
 * loses nothing committed; a power loss or a crash of the machine may undo the last commits,
 * never corrupting the file (decision 361).
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
  const wrap = options.wrapClient ?? ((client: Client) => client);
  const readers = createClient({ url, timeout: busyTimeoutMs });
  const writer = createClient({ url, timeout: busyTimeoutMs, concurrency: 1 });
  await writer.execute("PRAGMA synchronous = NORMAL");
  const writeHealth = createWriteHealth();
  const client = trackWrites(withWriteLock(wrap(readers), wrap(writer)), writeHealth);
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
      // The writer's: NORMAL (see openDatabase).
      ["synchronous", "1"],
    );
  }
  for (const [name, value] of expected) {
    const actual = (await pragma(client, name)).toLowerCase();
    if (actual !== value) {
      throw new Error(`SQLite pragma ${name} is ${actual}, expected ${value}`);
    }
  }
}
