/**
 * All Posts at scale (issue 16): a blog of 5,000 and one of 10,000 corpus posts, the real app
 * on 127.0.0.1. Measures the API, request to last byte (not the browser's render):
 * - first cards: `GET /api/blogs/{id}/posts?limit=30`, the call All Posts and the Dashboard
 *   make on opening (one page of cards and the blog's counts), 30 runs;
 * - search: every keystroke of typing a common word, a rare title number and a word no post
 *   holds, then clearing the box, as `?limit=30&q=…` (All Posts debounces, so this is the worst
 *   case: one request per key), 3 rounds.
 * Prints p50/p95 and the size of the search index.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { first } from "../../api/db/query.ts";
import { users } from "../../api/db/schema.ts";
import { corpus, percentile, seedPosts } from "./fixtures.ts";
import { benchApiWithOwner } from "./server.ts";

const sizes = (process.env.BENCH_SIZES ?? "5000,10000").split(",").map(Number);
const pageSize = 30;

const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-all-posts-"));
try {
  const { database, server, base, cookie } = await benchApiWithOwner(dir);
  const owner = await first(database.db.select({ id: users.id }).from(users));

  async function timed(path: string): Promise<{ ms: number; cards: number }> {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { cookie } });
    const body = (await res.json()) as { posts: unknown[] };
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return { ms, cards: body.posts.length };
  }
  const ms = (value: number) => value.toFixed(1);

  // The words typed: one in most posts, one title's number (in one or a few), and a miss.
  const sample = corpus(20);
  const rare = /\d{3,}/.exec(sample[7]?.title ?? "")?.[0] ?? "8421";
  const typed = ["pollinator", rare, "quixotic"];

  for (const size of sizes) {
    const created = await fetch(`${base}/api/blogs`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, cookie },
      body: JSON.stringify({ name: `Bench ${size}` }),
    });
    const blog = (await created.json()) as { id: string };
    const seeding = performance.now();
    await seedPosts(database.db, blog.id, owner?.id as string, size);
    const seededMs = performance.now() - seeding;
    const list = `/api/blogs/${blog.id}/posts?limit=${pageSize}`;

    // Seeding outlasts the server's keep-alive: the client's idle connection may be gone.
    await timed(list).catch(() => timed(list));
    for (let i = 0; i < 3; i++) await timed(list); // warm-up
    const first: number[] = [];
    for (let i = 0; i < 30; i++) first.push((await timed(list)).ms);

    const keystrokes: number[] = [];
    const found = new Map<string, number>();
    for (let round = 0; round < 3; round++) {
      for (const word of typed) {
        for (let n = 1; n <= word.length; n++) {
          const q = word.slice(0, n);
          const { ms: took, cards } = await timed(`${list}&q=${encodeURIComponent(q)}`);
          keystrokes.push(took);
          if (process.env.BENCH_VERBOSE) console.log(`    ${q}: ${ms(took)} ms, ${cards} cards`);
          if (n === word.length) found.set(word, cards);
        }
        keystrokes.push((await timed(list)).ms); // the box cleared
      }
    }

    console.log(
      `All Posts, ${size.toLocaleString("en-US")} corpus posts in one blog (seeded and indexed in ${Math.round(seededMs)} ms)`,
    );
    console.log(
      `  first cards (API, ?limit=${pageSize}, with counts)   30 runs: p50 ${ms(percentile(first, 50))} ms, p95 ${ms(percentile(first, 95))} ms`,
    );
    console.log(
      `  search, one request per keystroke  ${keystrokes.length} requests: p50 ${ms(percentile(keystrokes, 50))} ms, p95 ${ms(percentile(keystrokes, 95))} ms, max ${ms(Math.max(...keystrokes))} ms`,
    );
    console.log(
      `  cards on the first page for ${typed.map((w) => `"${w}" ${found.get(w)}`).join(", ")}`,
    );
  }

  const [pages] = await database.db.all<{ bytes: number | null }>(
    sql`select sum(pgsize) as bytes from dbstat where name like 'posts_fts%'`,
  );
  const [all] = await database.db.all<{ bytes: number | null }>(
    sql`select sum(pgsize) as bytes from dbstat`,
  );
  const mb = (bytes: number | null | undefined) => ((bytes ?? 0) / 1024 / 1024).toFixed(1);
  console.log(
    `  search index (posts_fts, ${sizes.reduce((sum, n) => sum + n, 0).toLocaleString("en-US")} posts): ${mb(pages?.bytes)} MB of a ${mb(all?.bytes)} MB database`,
  );

  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  database.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
