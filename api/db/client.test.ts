import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import { describeSqliteOnly } from "../test/dialect.ts";
import { openDatabase } from "./client.ts";
import { blogs, categories, posts, users } from "./schema.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "blogfleet-db-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describeSqliteOnly("database", () => {
  it("creates its folder, migrates, and runs with the asserted pragmas", async () => {
    const handle = await openDatabase(`file:${join(dir, "nested", "folder", "app.db")}`);
    try {
      const pragma = async (name: string) =>
        Object.values((await handle.client?.execute(`PRAGMA ${name}`))?.rows[0] ?? {})[0];
      expect(await pragma("journal_mode")).toBe("wal");
      expect(await pragma("foreign_keys")).toBe(1);
      expect(await pragma("busy_timeout")).toBe(5000);
      expect(await pragma("synchronous")).toBe(2);
      const tables = await handle.db.all<{ name: string }>(
        sql`select name from sqlite_master where type = 'table'`,
      );
      expect(tables.map((t) => t.name)).toEqual(
        expect.arrayContaining(["users", "blogs", "posts", "render_jobs"]),
      );
    } finally {
      handle.close();
    }
  });

  it("applies migrations once: a second open changes nothing", async () => {
    const url = `file:${join(dir, "app.db")}`;
    const first = await openDatabase(url);
    await first.db.insert(users).values({ email: "kept@example.com" });
    first.close();
    const second = await openDatabase(url);
    expect((await second.db.select().from(users)).map((u) => u.email)).toEqual([
      "kept@example.com",
    ]);
    second.close();
  });

  it("removes a blog's rows with it, and keeps posts of a deleted category", async () => {
    const handle = await openDatabase(`file:${join(dir, "app.db")}`);
    try {
      const [owner] = await handle.db.insert(users).values({ email: "o@example.com" }).returning();
      const [blog] = await handle.db
        .insert(blogs)
        .values({ ownerId: owner?.id as string, name: "B", slug: "b" })
        .returning();
      const blogId = blog?.id as string;
      const [category] = await handle.db
        .insert(categories)
        .values({ blogId, name: "C", slug: "c" })
        .returning();
      await handle.db
        .insert(posts)
        .values({ blogId, title: "P", slug: "p", categoryId: category?.id });
      await handle.db.delete(categories).where(eq(categories.id, category?.id as string));
      expect((await handle.db.select().from(posts))[0]?.categoryId).toBeNull();
      await handle.db.delete(blogs).where(eq(blogs.id, blogId));
      expect(await handle.db.select().from(posts)).toEqual([]);
      expect(await handle.db.select().from(categories)).toEqual([]);
      // Ids are opaque and random.
      expect(blogId).toMatch(/^[0-9a-z]{20}$/);
    } finally {
      handle.close();
    }
  });
});
