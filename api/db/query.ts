import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Queryable } from "./client.ts";

/**
 * Dialect-neutral forms of the SQLite-only query calls (`.get()`, `db.all(sql)`, `db.run(sql)`),
 * so the same service code runs on SQLite and on PostgreSQL (decision 180).
 */

/** The first row of a query, or undefined: `.get()` on both dialects. */
export async function first<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  return (await query)[0];
}

type RawDriver = {
  all?: (query: SQL) => Promise<unknown[]>;
  run?: (query: SQL) => Promise<unknown>;
  execute?: (query: SQL) => Promise<{ rows: unknown[] }>;
};

/** Whether `db` (or a transaction) talks to PostgreSQL. */
export function isPostgres(db: Queryable): boolean {
  return typeof (db as unknown as RawDriver).execute === "function";
}

/** Rows of a hand-written statement, as objects keyed by column name. */
export async function rawRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const driver = db as unknown as RawDriver;
  if (driver.execute) return (await driver.execute(query)).rows as T[];
  return (await (driver.all as NonNullable<RawDriver["all"]>).call(db, query)) as T[];
}

/** Runs a hand-written statement that returns no rows. */
export async function exec(db: Queryable, query: SQL): Promise<void> {
  const driver = db as unknown as RawDriver;
  if (driver.execute) await driver.execute(query);
  else await (driver.run as NonNullable<RawDriver["run"]>).call(db, query);
}

/**
 * `column LIKE pattern` ignoring case as SQLite's LIKE does (PostgreSQL's LIKE minds case, so
 * it gets ILIKE there); `pattern` escapes its wildcards with a backslash.
 */
export function containsPattern(db: Queryable, column: SQLWrapper, pattern: string): SQL {
  return isPostgres(db)
    ? sql`${column} ilike ${pattern} escape '\\'`
    : sql`${column} like ${pattern} escape '\\'`;
}
