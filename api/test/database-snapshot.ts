import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { isPostgres, rawRows } from "../db/query.ts";

/* The database's rows before and after a run, to tell that refused requests changed nothing. */

/** Tables that change by merely using the app (sign-in state), not by anything an owner owns. */
const ignoredTables = new Set(["sessions", "oidc_login_flows", "__drizzle_migrations"]);

/** Every row of every table the owners' data lives in, in rowid order. */
export async function snapshotDatabase(db: Database): Promise<Record<string, unknown[]>> {
  if (isPostgres(db)) return snapshotPostgres(db);
  const tables = await db.all<{ name: string; sql: string | null }>(
    sql`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
  );
  // Full-text indexes (posts_fts and its shadow tables) are derived from the tables snapshotted.
  const virtual = tables
    .filter((t) => /^create virtual table/i.test(t.sql ?? ""))
    .map((t) => t.name);
  const derived = (name: string) => virtual.some((v) => name === v || name.startsWith(`${v}_`));
  const result: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    if (ignoredTables.has(name) || derived(name)) continue;
    result[name] = await db.all(sql.raw(`select * from "${name}" order by rowid`));
  }
  return result;
}

/** The same on PostgreSQL (no rowid there: `changedRows` compares rows in any order). */
async function snapshotPostgres(db: Database): Promise<Record<string, unknown[]>> {
  const tables = await rawRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const result: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    if (ignoredTables.has(name)) continue;
    result[name] = await rawRows<unknown>(db, sql.raw(`select * from "${name}"`));
  }
  return result;
}

/** Rows added, removed or changed between two snapshots, per table (unchanged tables left out). */
export function changedRows(
  before: Record<string, unknown[]>,
  after: Record<string, unknown[]>,
): Record<string, number> {
  const changed: Record<string, number> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const counts = new Map<string, number>();
    for (const row of before[table] ?? []) {
      const key = JSON.stringify(row);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const row of after[table] ?? []) {
      const key = JSON.stringify(row);
      counts.set(key, (counts.get(key) ?? 0) - 1);
    }
    // A changed row is one gone and one new: count it once.
    let gone = 0;
    let added = 0;
    for (const count of counts.values()) {
      if (count > 0) gone += count;
      else added -= count;
    }
    if (gone + added > 0) changed[table] = Math.max(gone, added);
  }
  return changed;
}
