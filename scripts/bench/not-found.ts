/**
 * Issue 13 finding 2: what an unknown address costs on a blog with 1,500 published posts,
 * beside a cached page in the same run, and what 12 anonymous clients requesting random
 * addresses do to a signed-in API call. Everything on 127.0.0.1, bounded in count.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { createApp } from "../../api/app.ts";
import { first } from "../../api/db/query.ts";
import { blogs, users } from "../../api/db/schema.ts";
import { TestClient } from "../../api/test/harness.ts";
import { median, percentile, seedPosts } from "./fixtures.ts";
import { benchPublishing, listenOnLoopback } from "./server.ts";

const postCount = 1500;
const samples = Number(process.env.BENCH_NOT_FOUND_SAMPLES ?? 400);
const clients = 12;
const apiCalls = 60;

const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-404-"));
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One GET with a Host header; resolves with its status and the milliseconds it took. */
function timedGet(port: number, path: string, host: string) {
  return new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const req = request({ host: "127.0.0.1", port, path, agent, headers: { host } }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const round = (ms: number) => Number(ms.toFixed(2));
const summary = (times: number[]) => ({
  meanMs: round(times.reduce((a, b) => a + b, 0) / times.length),
  p50Ms: round(median(times)),
  p95Ms: round(percentile(times, 95)),
});

try {
  const { env, handle, logger, publishing } = await benchPublishing(dir);
  const app = createApp({ env, db: handle.db, logger, publishing });
  const { server, port, base } = await listenOnLoopback(app, publishing);

  // The owner signs up as a person would; their blog holds the corpus.
  const owner = new TestClient(base, base);
  const signUp = await owner.post("/auth/sign-up", {
    email: "bench-owner@example.com",
    password: "correct horse battery",
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);
  const user = await first(handle.db.select().from(users));
  const [blog] = await handle.db
    .insert(blogs)
    .values({ ownerId: user?.id as string, name: "Garden", slug: "garden", subdomain: "garden" })
    .returning();
  const blogId = blog?.id as string;
  await seedPosts(handle.db, blogId, user?.id as string, postCount);
  await publishing.queue.enqueue(blogId, { full: true });
  await publishing.queue.onIdle();
  const host = "garden.blogs.test";
  const slug = (await publishing.loadSnapshot(blogId))?.site.posts[0]?.slug as string;
  const built = await first(handle.db.select().from(blogs).where(eq(blogs.id, blogId)));
  if (!built) throw new Error("blog missing");

  // Warm both paths once (first read from disk, first not-found render), then alternate them.
  await timedGet(port, `/post/${slug}`, host);
  await timedGet(port, "/warm-up-miss", host);
  const cached: number[] = [];
  const unknown: number[] = [];
  let wrong = 0;
  for (let i = 0; i < samples; i++) {
    const hit = await timedGet(port, `/post/${slug}`, host);
    const paths = [
      `/random-${i}`,
      `/post/no-such-post-${i}`,
      `/category/none-${i}`,
      `/page/${9000 + i}`,
    ];
    const miss = await timedGet(port, paths[i % paths.length] as string, host);
    if (hit.status !== 200 || miss.status !== 404) wrong++;
    cached.push(hit.ms);
    unknown.push(miss.ms);
  }
  const hit = summary(cached);
  const miss = summary(unknown);
  console.log(
    JSON.stringify({
      figure: `unknown path vs cached page, ${postCount}-post blog (ms per request, sequential)`,
      samples,
      cachedPage: hit,
      unknownPath: miss,
      unknownOverCachedP50: Number((miss.p50Ms / hit.p50Ms).toFixed(2)),
      wrongStatuses: wrong,
    }),
  );

  // A signed-in API call alone, then while 12 clients request random addresses.
  const apiLatency = async () => {
    const times: number[] = [];
    for (let i = 0; i < apiCalls; i++) {
      const started = performance.now();
      const res = await owner.get("/api/blogs");
      if (res.status !== 200) throw new Error(`API call failed: ${res.status}`);
      times.push(performance.now() - started);
    }
    return summary(times);
  };
  const quiet = await apiLatency();
  let stop = false;
  let flooded = 0;
  const flood = Array.from({ length: clients }, async (_, c) => {
    // Bounded: each client stops after the API calls finish or 20,000 requests.
    for (let i = 0; !stop && i < 20_000; i++) {
      await timedGet(port, `/r${c}-${i}/${Math.random().toString(36).slice(2)}`, host);
      flooded++;
    }
  });
  const loaded = await apiLatency();
  stop = true;
  await Promise.all(flood);
  console.log(
    JSON.stringify({
      figure: `signed-in API call (GET /api/blogs), alone and while ${clients} clients request random paths`,
      calls: apiCalls,
      alone: quiet,
      underRandomPaths: loaded,
      randomPathRequests: flooded,
    }),
  );

  agent.destroy();
  server.close();
  await publishing.queue.stop();
  handle.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
