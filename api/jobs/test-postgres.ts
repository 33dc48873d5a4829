import { randomBytes } from "node:crypto";
import pg from "pg";

/** The PostgreSQL of the development and CI machines (trust auth on loopback). */
export const testPostgresAdminUrl =
  process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * A fresh database for one test file (`sq_` and random letters), dropped again by `drop`: tests
 * of what several processes share run against a real PostgreSQL, never a mock of it.
 */
export async function createTestPostgresDatabase(prefix = "sq_") {
  const name = `${prefix}${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testPostgresAdminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(testPostgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: testPostgresAdminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
