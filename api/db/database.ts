import type { Client, ResultSet } from "@libsql/client";
import type { drizzle } from "drizzle-orm/libsql/sqlite3";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import type * as schema from "./schema.ts";
import type { WriteHealth } from "./write-health.ts";

/*
 * The types of an open database, shared by the SQLite opener (`client.ts`) and the PostgreSQL
 * one (`pg/client.ts`). Types only: importing this module loads no driver.
 */

export type Database = ReturnType<typeof drizzle<typeof schema>>;
/**
 * The database or an open transaction (`db.transaction(async (tx) => ...)`): helpers that a
 * read-then-write calls inside its transaction take this. Inside a transaction, every query
 * must go through `tx`: a write on `db` would wait for the write lock the transaction holds.
 */
export type Queryable = BaseSQLiteDatabase<"async", ResultSet, typeof schema>;
export type DatabaseHandle = {
  db: Database;
  /** The libSQL client on SQLite; null on PostgreSQL (its pool stays inside `db`). */
  client: Client | null;
  /** Whether database writes currently fail for a reason of storage (disk full, I/O). */
  writeHealth: WriteHealth;
  close: () => Promise<void>;
};
