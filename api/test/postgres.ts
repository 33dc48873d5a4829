import { randomBytes } from "node:crypto";
import { join } from "node:path";
import pg from "pg";
import { type DatabaseHandle, type OpenOptions, openDatabase } from "../db/client.ts";
import { processDialect } from "../db/dialect.ts";

/**
 * A fresh, empty PostgreSQL database for one test app: created through the server's `test`
 * database (TEST_POSTGRES_URL), named with TEST_DATABASE_PREFIX, dropped by `drop()`.
 * Collation C sorts text by code point, as SQLite does.
 */
export async function createTestPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const admin = new URL(process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test");
  const name = `${process.env.TEST_DATABASE_PREFIX ?? "blogfleet_test_"}${randomBytes(6).toString("hex")}`;
  await adminQuery(
    admin,
    `create database "${name}" template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C'`,
  );
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(admin, `drop database if exists "${name}" with (force)`),
  };
}

async function adminQuery(admin: URL, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for a test that opens one itself: a SQLite file in `dir`, or a new
 * PostgreSQL database when the tests run on PostgreSQL; `close()` also drops the latter.
 */
export async function openTestDatabase(
  dir: string,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  if (processDialect !== "postgres") return openDatabase(`file:${join(dir, "db.sqlite")}`, options);
  const database = await createTestPostgresDatabase();
  const handle = await openDatabase(database.url, options);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}
