import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { onPostgres } from "../../test/dialect.ts";
import { createTestPostgresDatabase } from "../../test/postgres.ts";
import { type DatabaseHandle, openDatabase } from "../client.ts";
import { first, rawRows } from "../query.ts";
import { appSettings } from "../schema.ts";

const journal = JSON.parse(
  readFileSync(new URL("./migrations/meta/_journal.json", import.meta.url), "utf8"),
) as { entries: unknown[] };

const opened: DatabaseHandle[] = [];
const dropped: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const handle of opened.splice(0)) await handle.close();
  for (const drop of dropped.splice(0)) await drop();
});

async function freshDatabase() {
  const database = await createTestPostgresDatabase();
  dropped.push(database.drop);
  return database.url;
}

// Runs with TEST_DATABASE=postgres (npm run test:api:pg); a SQLite process opens no PostgreSQL.
describe.skipIf(!onPostgres)("PostgreSQL database (decision 180)", () => {
  it("migrates a fresh database once, even when several processes start at the same time", async () => {
    const url = await freshDatabase();
    const handles = await Promise.all([openDatabase(url), openDatabase(url), openDatabase(url)]);
    opened.push(...handles);
    const [db] = handles.map((h) => h.db);
    if (!db) throw new Error("no handle");
    const applied = await rawRows<{ n: number }>(
      db,
      sql`select count(*) as n from drizzle.__drizzle_migrations`,
    );
    expect(applied[0]?.n).toBe(journal.entries.length);
    const indexes = await rawRows<{ name: string }>(
      db,
      sql`select indexname as name from pg_indexes where tablename = 'posts' order by indexname`,
    );
    expect(indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(["posts_content_search_idx", "posts_title_search_idx"]),
    );
  });

  it("runs concurrent read-then-write transactions as if one after another, none lost", async () => {
    const url = await freshDatabase();
    const handle = await openDatabase(url);
    opened.push(handle);
    const { db } = handle;
    await db.insert(appSettings).values({ key: "counter", value: "0" });
    // Each reads the counter and writes it plus one: without SERIALIZABLE and a retry, two
    // that read the same value would both write the same next one.
    await Promise.all(
      Array.from({ length: 6 }, () =>
        db.transaction(async (tx) => {
          const row = await first(
            tx.select().from(appSettings).where(eq(appSettings.key, "counter")),
          );
          await new Promise((done) => setTimeout(done, 5));
          await tx
            .update(appSettings)
            .set({ value: String(Number(row?.value) + 1) })
            .where(eq(appSettings.key, "counter"));
        }),
      ),
    );
    const row = await first(db.select().from(appSettings).where(eq(appSettings.key, "counter")));
    expect(row?.value).toBe("6");
  });

  it("hands counts and sums back as numbers, as SQLite does", async () => {
    const url = await freshDatabase();
    const handle = await openDatabase(url);
    opened.push(handle);
    const [row] = await rawRows<{ n: unknown; total: unknown }>(
      handle.db,
      sql`select count(*) as n, sum(x) as total from (values (1::bigint), (2::bigint)) as t(x)`,
    );
    expect(row).toEqual({ n: 2, total: 3 });
  });
});
