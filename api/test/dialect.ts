import { join } from "node:path";
import { describe, inject, it } from "vitest";
import { type DatabaseHandle, type OpenOptions, openDatabase } from "../db/client.ts";
import { processDialect } from "../db/dialect.ts";
import { createTestPostgresDatabase } from "./postgres.ts";

/** The API tests run on SQLite (default) or on PostgreSQL with TEST_DATABASE=postgres. */
export const onPostgres = processDialect === "postgres";

/**
 * Tests of SQLite-only machinery (the write lock, pragmas, VACUUM INTO backups, SQLITE_FULL,
 * the FTS5 table, query plans): skipped on PostgreSQL, where decision 181 says what replaces it.
 */
export const describeSqliteOnly = describe.skipIf(onPostgres);
export const itSqliteOnly = it.skipIf(onPostgres);

/**
 * A fresh PostgreSQL database for one test, a copy of the migrated template that the tests'
 * global setup made (tests/setup/postgres-template.ts).
 */
export function createPostgresTestDatabase() {
  return createTestPostgresDatabase({ template: inject("postgresTemplate") });
}

/**
 * A fresh database for a test that opens one itself: a SQLite file in `dir`, or a new
 * PostgreSQL database when the tests run on PostgreSQL; `close()` also drops the latter.
 */
export async function openTestDatabase(
  dir: string,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  if (!onPostgres) return openDatabase(`file:${join(dir, "db.sqlite")}`, options);
  const database = await createPostgresTestDatabase();
  const handle = await openDatabase(database.url, options);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}
