import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itSqliteOnly } from "../test/dialect.ts";
import { createBlog, createOwner, createPost } from "../test/factories.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { backupDatabase, databaseFile, integrityCheck, restoreDatabase } from "./backup.ts";
import { posts, renderJobs } from "./schema.ts";

let app: TestApp;
let dir: string;
const others: TestApp[] = [];
beforeAll(async () => {
  app = await startTestApp();
  dir = mkdtempSync(join(tmpdir(), "blogfleet-backup-"));
});
afterAll(async () => {
  await app.close();
  for (const other of others) await other.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("backup and restore", () => {
  itSqliteOnly(
    "takes a consistent backup under write load, and the app runs on the restored copy",
    async () => {
      const owner = await createOwner(app);
      const blog = await createBlog(owner, "Backed Up");
      const acknowledged: { id: string; at: number }[] = [];
      let writing = true;
      const writer = async (n: number) => {
        for (let i = 0; writing; i++) {
          const post = await createPost(owner, blog.id, { title: `Writer ${n} post ${i}` });
          acknowledged.push({ id: post.id, at: performance.now() });
        }
      };
      const writers = [writer(1), writer(2), writer(3)];
      while (acknowledged.length < 30) await new Promise((r) => setTimeout(r, 5));

      const startedAt = performance.now();
      const backup = await backupDatabase(app.env.DATABASE_URL, join(dir, "backups"));
      while (acknowledged.filter((a) => a.at > startedAt).length < 10) {
        await new Promise((r) => setTimeout(r, 5));
      }
      writing = false;
      await Promise.all(writers);

      expect(backup.file.endsWith(".db")).toBe(true);
      expect(readdirSync(join(dir, "backups")).some((f) => f.endsWith(".partial"))).toBe(false);
      expect(await integrityCheck(backup.file)).toBe("ok");

      // Restore into a database that already exists: it is kept aside, not deleted.
      const target = `file:${join(dir, "restored", "blogfleet.db")}`;
      const restoredApp0 = await startTestApp({ env: { DATABASE_URL: target } });
      await createOwner(restoredApp0, "before-restore@example.com");
      await restoredApp0.close();
      const restored = await restoreDatabase(target, backup.file);
      expect(restored.previous.length).toBeGreaterThan(0);
      for (const file of restored.previous) expect(existsSync(file)).toBe(true);

      const again = await startTestApp({ env: { DATABASE_URL: target } });
      others.push(again);
      const before = acknowledged.filter((a) => a.at < startedAt).map((a) => a.id);
      const kept = await again.db
        .select({ id: posts.id })
        .from(posts)
        .where(inArray(posts.id, before));
      // Every post acknowledged before the backup began is in it.
      expect(kept).toHaveLength(before.length);
      // Not posts made long after it: the snapshot is one moment, not a file copied as it changed.
      const all = await again.db.select({ id: posts.id }).from(posts);
      expect(all.length).toBeLessThan(acknowledged.length);
      // The next start rebuilds every public site from the restored content.
      expect(await again.db.select().from(renderJobs)).toEqual([
        expect.objectContaining({ blogId: blog.id, full: true }),
      ]);
      // The app works on it: sign up, create a blog and a post, read them back.
      const newcomer = await createOwner(again);
      const fresh = await createBlog(newcomer, "After Restore");
      await createPost(newcomer, fresh.id, { title: "First after restore" });
      const list = await newcomer.get<unknown[]>(`/api/blogs/${fresh.id}/posts`);
      expect(list.body).toHaveLength(1);
      expect(await integrityCheck(databaseFile(target))).toBe("ok");
    },
  );

  itSqliteOnly("refuses a damaged backup and changes nothing", async () => {
    const broken = join(dir, "broken.db");
    writeFileSync(
      broken,
      "not a database at all, just text that is long enough to read".repeat(100),
    );
    const target = `file:${join(dir, "untouched", "blogfleet.db")}`;
    await expect(restoreDatabase(target, broken)).rejects.toThrow();
    expect(existsSync(databaseFile(target))).toBe(false);
    await expect(restoreDatabase(target, join(dir, "missing.db"))).rejects.toThrow(
      /There is no backup/,
    );
  });

  itSqliteOnly("removes unfinished snapshots that earlier failed runs left behind", async () => {
    const folder = mkdtempSync(join(tmpdir(), "blogfleet-backup-partials-"));
    try {
      // What a run that found the backup disk full (or was killed) used to leave forever.
      const stale = join(folder, "test-2026-11-20T10-00-00Z.db.partial");
      writeFileSync(stale, "");
      const result = await backupDatabase(app.env.DATABASE_URL, folder);
      expect(result.removedPartials).toEqual([stale]);
      expect(readdirSync(folder)).toEqual([result.file.slice(folder.length + 1)]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("works on local file databases only, with a clear message", () => {
    expect(() => databaseFile("libsql://example.turso.io")).toThrow(/local file database/);
    const postgres = () => databaseFile("postgres://blogfleet:secret@db.example.com/blogfleet");
    expect(postgres).toThrow(/pg_dump/);
    expect(postgres).not.toThrow(/secret/);
  });
});
