/**
 * The AI writer (issue 31, decision 334): model calls and tokens per post by length, and the
 * product's own time from "Generate" to the finished result without model time — the test
 * server answers at once, so what is timed is the database, the SDK's loopback round trips,
 * research, linking and image storage — p50 and p95, against loopback peers: the OpenAI-compatible test
 * server (chat steps, images), two of the owner's pages on a loopback page server, and a blog of
 * published corpus posts for the internal links.
 *
 *   node scripts/bench/ai-writer.ts [posts=1000]      BENCH_WRITES=10 (per length)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { createAiGate } from "../../api/ai/gate.ts";
import { sanitizePostHtml } from "../../api/content/sanitize.ts";
import { openDatabase } from "../../api/db/client.ts";
import { aiGenerations, aiUsage } from "../../api/db/schema.ts";
import { featureImageFor } from "../../api/features/media/feature-image.ts";
import { createResearch } from "../../api/features/research/research.ts";
import { createWriter } from "../../api/features/writer/service.ts";
import { createLogger } from "../../api/logger.ts";
import { startOpenAiServer } from "../../api/test/openai-server.ts";
import { startPageServer } from "../../api/test/page-server.ts";
import { emptyProgress, type GenerationResult } from "../../contracts/generation.ts";
import { createFolderStorage } from "../../site-builder/storage/folder-storage.ts";
import { corpus, insertBenchBlog, percentile, seedPosts } from "./fixtures.ts";

const count = Number(process.argv[2] ?? 1000);
const writes = Number(process.env.BENCH_WRITES ?? 10);
const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-ai-writer-"));
const handle = await openDatabase(`file:${join(dir, "bench.db")}`);
const [ai, pages] = await Promise.all([startOpenAiServer(), startPageServer()]);
try {
  const { db } = handle;
  const { ownerId, blogId } = await insertBenchBlog(db);
  await seedPosts(db, blogId, ownerId, count, corpus(count));

  // The test server answers at once: the time measured is the product's own (its database
  // writes, the SDK's HTTP round trips on loopback, research, linking, image storage).
  const gate = createAiGate({
    db,
    settings: {
      apiKey: "sk-bench",
      baseUrl: ai.baseUrl,
      model: "test-model",
      imageModel: "gpt-image-1",
      maxRetries: 0,
    },
    limits: { ownerDailyTokens: 1e12, instanceDailyTokens: 1e12, ownerCallsPerMinute: 1e6 },
  });
  const storage = createFolderStorage(join(dir, "sites"));
  const contentEvents = { blogChanged: () => {} };
  const writer = createWriter({
    db,
    ai: gate,
    contentEvents,
    sanitize: sanitizePostHtml,
    blogDomain: "blogs.test",
    research: createResearch({ pages: { testLoopback: true } }),
    links: { db, blogDomain: "blogs.test" },
    featureImage: (input) => featureImageFor({ db, storage, contentEvents, ai: gate }, input),
    logger: createLogger("silent"),
  });

  console.log(
    `AI writer, SQLite, ${count.toLocaleString("en-US")} published posts, ${writes} posts per length, two owner pages each, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const ms = (value: number) => Math.round(value);
  for (const length of ["short", "medium", "long"] as const) {
    const overheads: number[] = [];
    const calls: number[] = [];
    const tokens: number[] = [];
    const words: number[] = [];
    for (let i = 0; i < writes; i++) {
      const [row] = await db
        .insert(aiGenerations)
        .values({
          ownerId,
          blogId,
          origin: "owner",
          input: {
            topic: `Bench topic ${length} ${i}`,
            tone: "professional",
            length,
            blogId,
            createDraft: true,
            sources: {
              urls: [pages.url("/articles/bokashi"), pages.url("/articles/worm-bins")],
              notes: [],
            },
          },
          status: "queued",
          progress: emptyProgress(),
        })
        .returning();
      const id = row?.id as string;
      const before = ai.state.requests.length;
      const start = performance.now();
      await writer.run(id, { id, retryCount: 0 });
      const total = performance.now() - start;
      const [done] = await db.select().from(aiGenerations).where(eq(aiGenerations.id, id));
      if (done?.status !== "succeeded")
        throw new Error(`generation ${done?.status}: ${done?.error}`);
      overheads.push(total);
      calls.push(ai.state.requests.length - before);
      const used = await db.select().from(aiUsage).where(eq(aiUsage.postId, id));
      tokens.push(used.reduce((sum, u) => sum + u.promptTokens + u.completionTokens, 0));
      words.push((done.result as GenerationResult).words);
    }
    const avg = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    console.log(
      `  ${length}: ${avg(calls).toFixed(1)} model calls (chat + image), ${Math.round(avg(tokens)).toLocaleString("en-US")} tokens as the test server counts them, ${Math.round(avg(words))} words; product overhead p50 ${ms(percentile(overheads, 50))} ms, p95 ${ms(percentile(overheads, 95))} ms`,
    );
    for (const p of [50, 95])
      console.log(
        JSON.stringify({
          target: `AI writer overhead without model time, ${length}, p${p}`,
          figure: ms(percentile(overheads, p)),
          unit: "ms",
        }),
      );
  }
} finally {
  await Promise.all([ai.close(), pages.close()]);
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
}
