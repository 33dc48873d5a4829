import { describe, it } from "vitest";
import { processDialect } from "../db/dialect.ts";

/** The API tests run on SQLite (default) or on PostgreSQL with TEST_DATABASE=postgres. */
export const onPostgres = processDialect === "postgres";

/**
 * Tests of SQLite-only machinery (the write lock, pragmas, VACUUM INTO backups, SQLITE_FULL,
 * the FTS5 table, query plans): skipped on PostgreSQL, where decision 181 says what replaces it.
 */
export const describeSqliteOnly = describe.skipIf(onPostgres);
export const itSqliteOnly = it.skipIf(onPostgres);
