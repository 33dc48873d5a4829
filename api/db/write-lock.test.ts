import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import { describeSqliteOnly, onPostgres } from "../test/dialect.ts";
import { openDatabase } from "./client.ts";
import { first } from "./query.ts";
import { users } from "./schema.ts";

let dir: string;
let handle: Awaited<ReturnType<typeof openDatabase>>;
if (!onPostgres) {
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "blogfleet-lock-"));
    handle = await openDatabase(`file:${join(dir, "db.sqlite")}`);
  });
  afterEach(() => {
    handle.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

describeSqliteOnly("write lock", () => {
  it("lets concurrent read-then-write transactions and plain writes all commit, none lost", async () => {
    const [user] = await handle.db
      .insert(users)
      .values({ email: "counter@example.com", firstName: "0" })
      .returning();
    const id = user?.id as string;
    const started = Date.now();
    const increments = Array.from({ length: 25 }, () =>
      handle.db.transaction(async (tx) => {
        const row = await first(tx.select().from(users).where(eq(users.id, id)));
        await new Promise((resolve) => setTimeout(resolve, 1));
        await tx
          .update(users)
          .set({ firstName: String(Number(row?.firstName) + 1) })
          .where(eq(users.id, id));
      }),
    );
    const inserts = Array.from({ length: 25 }, (_, i) =>
      handle.db.insert(users).values({ email: `u${i}@example.com` }),
    );
    await Promise.all([...increments, ...inserts]);
    const after = await first(handle.db.select().from(users).where(eq(users.id, id)));
    expect(after?.firstName).toBe("25");
    const count = await handle.db.get<{ n: number }>(sql`select count(*) as n from users`);
    expect(count.n).toBe(26);
    // Without the lock each conflict waits out the 5 s busy timeout and then fails.
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it("releases the lock when a transaction rolls back", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(users).values({ email: "rolled@example.com" });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    await handle.db.insert(users).values({ email: "after@example.com" });
    const emails = (await handle.db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(emails).toEqual(["after@example.com"]);
  });
});

describeSqliteOnly("a write on db inside a transaction", () => {
  it("fails at once instead of waiting for itself", async () => {
    const started = Date.now();
    const error = await handle.db
      .transaction(async (tx) => {
        await tx.insert(users).values({ email: "inside@example.com" });
        await handle.db.insert(users).values({ email: "outside@example.com" });
      })
      .then(
        () => undefined,
        (e: Error & { cause?: Error }) => e,
      );
    // drizzle wraps it as "Failed query: …" with ours as the cause.
    expect(error?.cause?.message).toBe(
      "A write on the database was made inside a transaction; run it on the transaction (tx) instead.",
    );
    expect(Date.now() - started).toBeLessThan(2000);
    // The transaction rolled back and the lock is free again.
    await handle.db.insert(users).values({ email: "later@example.com" });
    const emails = (await handle.db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(emails).toEqual(["later@example.com"]);
  });
});
