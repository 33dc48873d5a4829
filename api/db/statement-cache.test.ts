import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import { describeSqliteOnly, onPostgres } from "../test/dialect.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";
import { first } from "./query.ts";
import { users } from "./schema.ts";
import { preparedStatementCounts } from "./statement-cache.ts";

let dir: string;
let handle: DatabaseHandle;
if (!onPostgres) {
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "blogfleet-statements-"));
    handle = await openDatabase(`file:${join(dir, "db.sqlite")}`);
  });
  afterEach(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

describeSqliteOnly("prepared statements", () => {
  it("are prepared once per connection and give each run its own answer", async () => {
    for (let i = 0; i < 5; i++) {
      await handle.db.insert(users).values({ id: `user-${i}`, email: `u${i}@example.com` });
    }
    const before = preparedStatementCounts();
    for (let i = 0; i < 5; i++) {
      const row = await first(
        handle.db
          .select()
          .from(users)
          .where(eq(users.id, `user-${i}`)),
      );
      expect(row?.email).toBe(`u${i}@example.com`);
    }
    const after = preparedStatementCounts();
    expect(after.prepared - before.prepared).toBeLessThanOrEqual(1);
    expect(after.reused - before.reused).toBeGreaterThanOrEqual(4);
  });

  it("stay usable after a run that failed, in and out of transactions", async () => {
    await handle.db.insert(users).values({ id: "taken", email: "a@example.com" });
    await expect(
      handle.db.insert(users).values({ id: "taken", email: "b@example.com" }),
    ).rejects.toThrow();
    await handle.db.transaction(async (tx) => {
      await expect(
        tx.insert(users).values({ id: "taken", email: "c@example.com" }),
      ).rejects.toThrow();
      await tx.insert(users).values({ id: "free", email: "d@example.com" });
    });
    const emails = (await handle.db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(emails.sort()).toEqual(["a@example.com", "d@example.com"]);
  });

  it("are prepared again after a schema change, with the table's new columns", async () => {
    await handle.client?.execute("create table shapes (id integer primary key)");
    await handle.client?.execute("insert into shapes (id) values (1)");
    const read = async () =>
      (await handle.db.all<Record<string, unknown>>(sql`select * from shapes`))[0];
    expect(await read()).toEqual({ id: 1 });
    await handle.client?.execute("alter table shapes add column name text default 'round'");
    expect(await read()).toEqual({ id: 1, name: "round" });
  });
});
