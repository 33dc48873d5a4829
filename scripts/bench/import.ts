/**
 * Issue 19: the two WordPress fixtures imported into a fresh blog, each on its own temp
 * database: items in the file, posts written (published), categories, redirects, images
 * reported missing, and the time to parse and check the file and to run the whole import
 * (the parse again, on the import's worker thread, then each item its own transaction through the posts service and the outbox; the render
 * queue is not running, so rendering is not counted). Three runs per file.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { and, count, eq } from "drizzle-orm";
import { openDatabase } from "../../api/db/client.ts";
import { first } from "../../api/db/query.ts";
import { blogRedirects, blogs, categories, posts, users } from "../../api/db/schema.ts";
import { parseImportFile } from "../../api/features/imports/parse.ts";
import { createImportRunner } from "../../api/features/imports/runner.ts";
import { startImport } from "../../api/features/imports/service.ts";
import { noContentEvents } from "../../api/features/publishing/content-events.ts";
import { createFolderStorage } from "../../site-builder/storage/folder-storage.ts";

const files = ["themeunittestdata.wordpress.xml", "64-block-test-data.xml"];
const fixtures = resolve("../shared/fixtures/wordpress");

for (const name of files) {
  const file = readFileSync(join(fixtures, name));
  for (let run = 1; run <= 3; run++) {
    const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-import-"));
    const database = await openDatabase(`file:${join(dir, "bench.db")}`);
    const { db } = database;
    try {
      const [owner] = await db.insert(users).values({ email: "bench@example.com" }).returning();
      const [blog] = await db
        .insert(blogs)
        .values({ ownerId: owner?.id as string, name: "Bench", slug: "bench" })
        .returning();
      const blogId = blog?.id as string;
      const parseStart = performance.now();
      const source = await parseImportFile(file);
      const parseMs = performance.now() - parseStart;
      const start = performance.now();
      const storage = createFolderStorage(join(dir, "storage"));
      const job = await startImport(db, storage, owner?.id as string, blogId, file, name);
      const runner = createImportRunner({ db, storage, contentEvents: noContentEvents });
      // The import's job, run here at once (no queue: its wait is not the import's cost).
      await runner.run(job.id);
      await runner.stop();
      const totalMs = performance.now() - start;
      const [all, published, cats, redirects] = await Promise.all([
        db.select({ n: count() }).from(posts).where(eq(posts.blogId, blogId)),
        db
          .select({ n: count() })
          .from(posts)
          .where(and(eq(posts.blogId, blogId), eq(posts.status, "published"))),
        db.select({ n: count() }).from(categories).where(eq(categories.blogId, blogId)),
        db.select({ n: count() }).from(blogRedirects).where(eq(blogRedirects.blogId, blogId)),
      ]);
      const { importJobs } = await import("../../api/db/schema.ts");
      const done = await first(db.select().from(importJobs).where(eq(importJobs.id, job.id)));
      const report = done?.report as { imagesMissing: unknown[]; skipped: unknown[] };
      console.log(
        `import ${name} run ${run}: ${source.items.length} items, ${all[0]?.n} posts (${published[0]?.n} published), ` +
          `${report.skipped.length} skipped, ${cats[0]?.n} categories, ${redirects[0]?.n} redirects, ` +
          `${report.imagesMissing.length} images missing; parse ${parseMs.toFixed(0)} ms, ` +
          `whole import ${totalMs.toFixed(0)} ms (${done?.status})`,
      );
    } finally {
      database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
