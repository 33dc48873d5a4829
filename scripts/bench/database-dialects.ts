/**
 * The posts list and All Posts search on this process's database (decision 180): a SQLite file
 * by default, a fresh PostgreSQL database with TEST_DATABASE=postgres (TEST_POSTGRES_URL names
 * the server's `test` database; the bench database is dropped at the end). Run it once per
 * dialect on the same machine and compare:
 *
 *   node scripts/bench/database-dialects.ts [posts]
 *   TEST_DATABASE=postgres node scripts/bench/database-dialects.ts [posts]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../api/db/client.ts";
import { processDialect } from "../../api/db/dialect.ts";
import { exec } from "../../api/db/query.ts";
import { posts } from "../../api/db/schema.ts";
import { listPostPage } from "../../api/features/posts/commands/list-post-page.ts";
import { listPosts } from "../../api/features/posts/commands/list-posts.ts";
import { createTestPostgresDatabase } from "../../api/test/postgres.ts";
import { insertBenchBlog, seedPosts } from "./fixtures.ts";

const count = Number(process.argv[2] ?? 10_000);
const rounds = 15;

async function median(work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

const dir = mkdtempSync(join(tmpdir(), "blogfleet-dialects-"));
const postgres = processDialect === "postgres" ? await createTestPostgresDatabase() : undefined;
const handle = await openDatabase(postgres?.url ?? `file:${join(dir, "bench.db")}`);
try {
  const { db } = handle;
  const { ownerId, blogId } = await insertBenchBlog(db);
  const seeding = performance.now();
  await seedPosts(db, blogId, ownerId, count);
  const seeded = performance.now() - seeding;
  // Statistics as autovacuum would have them a minute after a bulk load (PostgreSQL plans by
  // them; right after the load it knows nothing of the new rows).
  if (processDialect === "postgres") await exec(db, sql`analyze`);
  // A rare search: one post's title, upper-cased (both databases ignore case).
  const [sample] = await db
    .select({ title: posts.title })
    .from(posts)
    .orderBy(posts.slug)
    .limit(1)
    .offset(Math.floor(count / 2));
  const rare = (sample?.title ?? "").toUpperCase();
  const figures = {
    "whole list (summaries)": await median(() => listPosts(db, ownerId, blogId)),
    "first page of 20": await median(() => listPostPage(db, ownerId, blogId, { limit: 20 })),
    "search 'tomato', page of 20": await median(() =>
      listPostPage(db, ownerId, blogId, { limit: 20, q: "tomato" }),
    ),
    "search a title, page of 20": await median(() =>
      listPostPage(db, ownerId, blogId, { limit: 20, q: rare }),
    ),
    "search 'zqxj' (no match)": await median(() =>
      listPostPage(db, ownerId, blogId, { limit: 20, q: "zqxj" }),
    ),
  };
  console.log(
    `${processDialect}, ${count} posts (seeded in ${(seeded / 1000).toFixed(1)} s), load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  for (const [name, ms] of Object.entries(figures)) console.log(`  ${name}: ${ms.toFixed(1)} ms`);
  // The same answers on both: the number of posts each search finds (up to 10,000).
  for (const q of ["tomato", rare, "zqxj"]) {
    const found = await listPostPage(db, ownerId, blogId, { limit: 10_000, q });
    console.log(`  '${q}' finds ${found.posts.length} posts`);
  }
} finally {
  await handle.close();
  await postgres?.drop();
  rmSync(dir, { recursive: true, force: true });
}
