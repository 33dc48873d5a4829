/**
 * The dashboard's posts list for a blog with 10,000 posts (issue 4: under 100 ms on this
 * machine). A temp database, the real app on 127.0.0.1, a signed-up owner; the posts are
 * inserted in one transaction, then `GET /api/blogs/{id}/posts` is timed 50 times from request
 * to last byte, by a client on another thread. Prints p50/p95, the response size and the query plan of the list statement.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { excerptFromContent } from "../../api/content/excerpt.ts";
import { first } from "../../api/db/query.ts";
import { blogs, posts } from "../../api/db/schema.ts";
import { postSummariesStatement } from "../../api/features/posts/commands/list-posts.ts";
import { benchApiWithOwner } from "./server.ts";

const postCount = Number(process.env.BENCH_POSTS ?? 10_000);
const runs = 50;

const words =
  "trail summit ridge valley river forest meadow granite boots map compass weather layer water snack permit campsite sunrise switchback cairn".split(
    " ",
  );
/** Deterministic filler: about 1,000 words of paragraphs and headings per post (~7 KB of HTML). */
function body(seed: number): string {
  let n = seed;
  const word = () => {
    n = (n * 1_103_515_245 + 12_345) % 2_147_483_648;
    return words[n % words.length];
  };
  const paragraphs: string[] = [];
  for (let p = 0; p < 10; p++) {
    const sentence = Array.from({ length: 100 }, word).join(" ");
    paragraphs.push(
      p % 3 === 0 ? `<h2>${word()} ${word()}</h2><p>${sentence}.</p>` : `<p>${sentence}.</p>`,
    );
  }
  return paragraphs.join("\n");
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/**
 * The client runs on its own thread, as a browser is its own process: reading and parsing
 * 6 MB answers would otherwise land on the server's event loop and in its garbage collector.
 */
const client = `
const { parentPort, workerData } = require("node:worker_threads");
(async () => {
  const { url, cookie, count } = workerData;
  const times = [];
  let bytes = 0;
  let items = 0;
  for (let i = 0; i < count + 3; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    const buffer = await res.arrayBuffer();
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error("list answered " + res.status);
    if (i < 3) continue; // warm-up
    times.push(elapsed);
    bytes = buffer.byteLength;
    if (i === 3) items = JSON.parse(new TextDecoder().decode(buffer)).length;
  }
  parentPort.postMessage({ times, bytes, items });
})();
`;

async function timeRequests(url: string, cookie: string, count: number) {
  const { times, bytes, items } = await new Promise<{
    times: number[];
    bytes: number;
    items: number;
  }>((resolve, reject) => {
    const worker = new Worker(client, { eval: true, workerData: { url, cookie, count } });
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), bytes, items };
}

const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-posts-"));
try {
  const { database, server, base, cookie } = await benchApiWithOwner(dir);
  const created = await fetch(`${base}/api/blogs`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie },
    body: JSON.stringify({ name: "Bench blog" }),
  });
  const blog = (await created.json()) as { id: string };
  const owner = await first(database.db.select({ ownerId: blogs.ownerId }).from(blogs));

  const seeding = performance.now();
  const start = Date.now() - postCount * 60_000;
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < postCount; i += 500) {
      const batch = Array.from({ length: Math.min(500, postCount - i) }, (_, j) => {
        const n = i + j;
        const content = body(n);
        const createdAt = new Date(start + n * 60_000);
        return {
          blogId: blog.id,
          authorId: owner?.ownerId ?? null,
          title: `Post number ${n}: a walk along the ridge`,
          content,
          excerpt: excerptFromContent(content),
          status: (["draft", "under_review", "published"] as const)[n % 3],
          slug: `post-number-${n}`,
          keywords: ["hiking", "trails"],
          publishedAt: n % 3 === 2 ? createdAt : null,
          createdAt,
          updatedAt: createdAt,
        };
      });
      await tx.insert(posts).values(batch);
    }
  });
  const seededMs = performance.now() - seeding;

  const plan = await database.db.all<{ detail: string }>(
    sql`EXPLAIN QUERY PLAN ${postSummariesStatement(database.db, blog.id)}`,
  );

  const summaries = await timeRequests(`${base}/api/blogs/${blog.id}/posts`, cookie, runs);
  const full = await timeRequests(`${base}/api/blogs/${blog.id}/posts?include=content`, cookie, 10);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
  const ms = (value: number) => value.toFixed(1);
  console.log(
    `posts list, ${summaries.items} posts in one blog (seeded in ${Math.round(seededMs)} ms)`,
  );
  console.log(
    `  GET /api/blogs/:id/posts                  ${runs} runs: p50 ${ms(summaries.p50)} ms, p95 ${ms(summaries.p95)} ms, ${mb(summaries.bytes)} MB`,
  );
  console.log(
    `  GET /api/blogs/:id/posts?include=content  10 runs: p50 ${ms(full.p50)} ms, p95 ${ms(full.p95)} ms, ${mb(full.bytes)} MB`,
  );
  console.log(`  query plan: ${plan.map((row) => row.detail).join("; ")}`);

  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  database.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
