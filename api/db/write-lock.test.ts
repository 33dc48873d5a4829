import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
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

  it("lets reads run, on committed data only, while a transaction is open", async () => {
    let letGo!: () => void;
    const held = new Promise<void>((done) => {
      letGo = done;
    });
    let inserted!: () => void;
    const insertDone = new Promise<void>((done) => {
      inserted = done;
    });
    const writing = handle.db.transaction(async (tx) => {
      await tx.insert(users).values({ email: "pending@example.com" });
      inserted();
      await held;
    });
    await insertDone;
    expect(await handle.db.select().from(users)).toEqual([]);
    letGo();
    await writing;
    expect((await handle.db.select().from(users)).map((u) => u.email)).toEqual([
      "pending@example.com",
    ]);
  });

  it("keeps, when the process is killed, every acknowledged write", async () => {
    // A child process: one write acknowledged, then a transaction still running when the
    // process is killed (synchronous=NORMAL: a COMMIT is in the WAL before it is acknowledged).
    const database = join(dir, "crash.sqlite");
    const script = join(dir, "crash.ts");
    writeFileSync(
      script,
      `
import { openDatabase } from ${JSON.stringify(resolve("api/db/client.ts"))};
import { users } from ${JSON.stringify(resolve("api/db/schema.ts"))};
const { db } = await openDatabase(${JSON.stringify(`file:${database}`)});
await db.insert(users).values({ email: "acknowledged@example.com" });
console.log("acknowledged acknowledged@example.com");
db.transaction(async (tx) => {
  await tx.insert(users).values({ email: "running@example.com" });
  console.log("ready");
  await new Promise(() => {});
}).then(() => console.log("acknowledged running@example.com"));
`,
    );
    const child = spawn(process.execPath, [script], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, DATABASE_URL: `file:${database}` },
    });
    let output = "";
    await new Promise<void>((done, fail) => {
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("ready")) {
          child.kill("SIGKILL");
          done();
        }
      });
      child.once("exit", () => fail(new Error(`the child ended early: ${output}`)));
    });
    await new Promise((done) => child.once("exit", done));
    const acknowledged = [...output.matchAll(/^acknowledged (.+)$/gm)].map((m) => m[1]);
    expect(acknowledged).toEqual(["acknowledged@example.com"]);
    const after = await openDatabase(`file:${database}`);
    try {
      const stored = (await after.db.select({ email: users.email }).from(users)).map(
        (u) => u.email,
      );
      expect(stored).toEqual(["acknowledged@example.com"]);
    } finally {
      await after.close();
    }
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
