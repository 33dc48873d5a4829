/**
 * Internal link suggestions (issue 31 figures, decision 331): the time `suggestInternalLinks`
 * takes for a draft, on a blog of 10,000 published corpus posts, p50 and p95 over N drafts,
 * ranked by full-text search alone and with embeddings from a loopback OpenAI-compatible
 * server (its hashed-word vectors: the protocol round trip, not a model's time).
 *
 *   node scripts/bench/internal-links.ts [posts=10000]        # SQLite
 *   TEST_DATABASE=postgres node scripts/bench/internal-links.ts [posts]
 *   BENCH_DRAFTS=30 (drafts timed per ranking, after 3 warm-up runs)
 *
 * The drafts are further posts of the shared corpus (`sharedBenchDir`): six H2
 * sections of about 170 words from the corpus's 25-word vocabulary, so every one of the
 * blog's titles shares words with every section (the index's worst case: each search matches
 * all 10,000 posts). Each draft is about 1,000 words, so 3 links may go in.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../api/db/client.ts";
import { processDialect } from "../../api/db/dialect.ts";
import { exec } from "../../api/db/query.ts";
import { blogs, users } from "../../api/db/schema.ts";
import { createEmbeddings } from "../../api/features/internal-links/embeddings.ts";
import {
  type InternalLinkDeps,
  suggestInternalLinks,
} from "../../api/features/internal-links/service.ts";
import { startOpenAiServer } from "../../api/test/openai-server.ts";
import { createTestPostgresDatabase } from "../../api/test/postgres.ts";
import { corpus, percentile, seedPosts } from "./fixtures.ts";

const count = Number(process.argv[2] ?? 10_000);
const drafts = Number(process.env.BENCH_DRAFTS ?? 30);
const warmUp = 3;

const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-internal-links-"));
const postgres = processDialect === "postgres" ? await createTestPostgresDatabase() : undefined;
const handle = await openDatabase(postgres?.url ?? `file:${join(dir, "bench.db")}`);
const ai = await startOpenAiServer();
try {
  const { db } = handle;
  const [owner] = await db.insert(users).values({ email: "bench@example.com" }).returning();
  const [blog] = await db
    .insert(blogs)
    .values({ ownerId: owner?.id as string, name: "Bench", slug: "bench", subdomain: "bench" })
    .returning();
  const blogId = blog?.id as string;
  const items = corpus(count + warmUp + drafts);
  const seeding = performance.now();
  await seedPosts(db, blogId, owner?.id as string, count, items.slice(0, count));
  const seededMs = performance.now() - seeding;
  // Statistics as autovacuum would have them a minute after a bulk load.
  if (processDialect === "postgres") await exec(db, sql`analyze`);
  const texts = items.slice(count).map((p) => p.contentHtml);

  async function measure(deps: InternalLinkDeps) {
    const times: number[] = [];
    let links = 0;
    let rankedBy = "";
    for (const [i, html] of texts.entries()) {
      const started = performance.now();
      const answer = await suggestInternalLinks(deps, blogId, { html });
      const ms = performance.now() - started;
      if (i < warmUp) continue;
      times.push(ms);
      links += answer.suggestions.length;
      rankedBy = answer.rankedBy;
    }
    return { times, links, rankedBy };
  }

  const fullText = await measure({ db, blogDomain: "blogs.test" });
  const embeddings = createEmbeddings({
    apiKey: "bench",
    baseUrl: ai.baseUrl,
    model: "bench-embedding",
  });
  const before = ai.state.requests.length;
  const embedded = await measure({ db, blogDomain: "blogs.test", embeddings });
  const embeddingCalls = ai.state.requests.length - before;
  if (embedded.rankedBy !== "embeddings") throw new Error("the loopback embeddings were not used");

  const ms = (value: number) => Math.round(value * 10) / 10;
  const size = count.toLocaleString("en-US");
  console.log(
    `internal link suggestions, ${processDialect}, ${size} published corpus posts (seeded in ${(seededMs / 1000).toFixed(1)} s), ${drafts} drafts of ~1,000 words, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  for (const [name, run] of [
    ["full-text only", fullText],
    ["with loopback embeddings", embedded],
  ] as const) {
    console.log(
      `  ${name}: p50 ${ms(percentile(run.times, 50))} ms, p95 ${ms(percentile(run.times, 95))} ms, max ${ms(Math.max(...run.times))} ms; ${(run.links / drafts).toFixed(1)} links per draft`,
    );
  }
  console.log(
    `  embeddings requests: ${embeddingCalls} for ${warmUp + drafts} drafts (one per draft)`,
  );
  // Target lines (scripts/bench.ts): the budget of decision 331, 500 ms p95 for a click on
  // 'Suggest internal links' (a button with a spinner) at 10,000 posts.
  for (const [label, run] of [
    ["full-text", fullText],
    ["embeddings (loopback)", embedded],
  ] as const) {
    for (const p of [50, 95]) {
      console.log(
        JSON.stringify({
          target: `internal link suggestions, ${size} posts, ${label}, p${p}${processDialect === "postgres" ? " (PostgreSQL)" : ""}`,
          figure: ms(percentile(run.times, p)),
          unit: "ms",
          anchor: 500,
          anchorLabel: "limit, decision 331",
        }),
      );
    }
  }
} finally {
  await ai.close();
  await handle.close();
  await postgres?.drop();
  rmSync(dir, { recursive: true, force: true });
}
