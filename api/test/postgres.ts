import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A fresh PostgreSQL database for one test app: created through the server's `test` database
 * (TEST_POSTGRES_URL), named with TEST_DATABASE_PREFIX, dropped by `drop()`. A copy of
 * `template` (a migrated database, see tests/setup/postgres-template.ts) when given, otherwise
 * empty with collation C, which sorts text by code point as SQLite does.
 */
export async function createTestPostgresDatabase(
  options: { template?: string | undefined; suffix?: string } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const admin = new URL(process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test");
  const name = `${process.env.TEST_DATABASE_PREFIX ?? "blogfleet_test_"}${options.suffix ?? ""}${randomBytes(6).toString("hex")}`;
  await adminQuery(
    admin,
    options.template
      ? `create database "${name}" template "${options.template}"`
      : `create database "${name}" template template0 encoding 'UTF8' lc_collate 'C'`,
  );
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    name,
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
