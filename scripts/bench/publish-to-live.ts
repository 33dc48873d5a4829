/**
 * Publish → live: from the moment the publish request is sent to the moment the new post is
 * served on the blog's host, through the real API, render queue and serving path. 50 publishes
 * into a blog that already holds N posts (and has a live site), for each N given.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../api/app.ts";
import { TestClient } from "../../api/test/harness.ts";
import { homeCard } from "../../site-builder/theme/lib/cards.ts";
import { median, percentile, seedPosts } from "./fixtures.ts";
import { benchPublishing, listenOnLoopback } from "./server.ts";

// BENCH_QUICK=1: one 1,000-post blog, 20 publishes (a few seconds).
const quick = process.env.BENCH_QUICK === "1" || process.argv.includes("--quick");
const sizeArg = process.argv.slice(2).find((a) => !a.startsWith("--"));
const sizes = (sizeArg ?? (quick ? "1000" : "100,1000,10000")).split(",").map(Number);
const publishes = Number(process.env.BENCH_PUBLISHES ?? (quick ? 20 : 50));
// BENCH_CPU_PROF=<folder>: a CPU profile of the publishes alone (not the seeding and the first
// full render), one .cpuprofile per blog size.
const cpuProf = process.env.BENCH_CPU_PROF;

async function startProfile() {
  if (!cpuProf) return undefined;
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  await session.post("Profiler.start");
  return session;
}

async function stopProfile(session: Session | undefined, size: number) {
  if (!session || !cpuProf) return;
  const { profile } = await session.post("Profiler.stop");
  mkdirSync(cpuProf, { recursive: true });
  writeFileSync(
    join(cpuProf, `publish-${size}-${process.pid}.cpuprofile`),
    JSON.stringify(profile),
  );
  session.disconnect();
}

/**
 * CPU milliseconds of this process's children that have ended (Linux: cutime + cstime of
 * /proc/self/stat): the card process's, once it is closed. Undefined elsewhere.
 */
function endedChildrenCpuMs(): number | undefined {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
    const ticks = Number(execFileSync("getconf", ["CLK_TCK"]).toString());
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / ticks;
  } catch {
    return undefined;
  }
}

function get(port: number, host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

async function measure(size: number) {
  const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-publish-"));
  try {
    const { env, handle, logger, publishing, cards } = await benchPublishing(dir);
    const app = createApp({
      env,
      db: handle.db,
      logger,
      publishing,
      // As the server: the outbox row is written with the publish, then dispatched.
      contentEvents: publishing.contentEvents,
    });
    const { server, port, base } = await listenOnLoopback(app, publishing);
    const owner = new TestClient(base, base);
    await owner.post("/auth/sign-up", {
      email: "bench@example.com",
      password: "correct horse battery",
    });
    const blog = (await owner.post("/api/blogs", { name: `Bench ${size}` })).body as {
      id: string;
      slug: string;
    };
    const me = (await owner.get("/api/auth/user")).body as { id: string };
    await seedPosts(handle.db, blog.id, me.id, size);
    // The blog gets a subdomain and its first full render before the clock starts.
    const { blogs } = await import("../../api/db/schema.ts");
    const { eq } = await import("drizzle-orm");
    await handle.db.update(blogs).set({ subdomain: "bench" }).where(eq(blogs.id, blog.id));
    await publishing.queue.enqueue(blog.id, { full: true });
    await publishing.queue.onIdle();
    // Each publish draws its post's real card after its pages, in the card process as on the
    // server (BENCH_CARDS=placeholder leaves them out, to see what the card costs a publish).
    // One card before the clock starts the process, as a server drawing cards has it up.
    const realCards = process.env.BENCH_CARDS !== "placeholder";
    if (realCards) {
      cards.drawReal();
      const live = publishing.queue.liveSnapshot(blog.id);
      if (live) await cards.warm(homeCard(live));
    }
    const childrenCpuBefore = endedChildrenCpuMs();
    const host = "bench.blogs.test";

    // Two moments: the post's own page answers (the live route serves it at once, before any
    // render), and the rendered home page lists it (the static site has caught up).
    const postPage: number[] = [];
    const homePage: number[] = [];
    // The process's CPU time over the publishes (API, render, serving and this client): on a
    // loaded machine wall times swing, the work a publish costs does not.
    const profile = await startProfile();
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < publishes; i++) {
      const created = await owner.post("/api/posts", {
        blogId: blog.id,
        title: `Fresh post ${i}`,
        content: `<p>Fresh content ${i}</p>`,
      });
      const post = created.body as { id: string; slug: string };
      await owner.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
      const started = performance.now();
      const published = await owner.patch(`/api/posts/${post.id}/status`, { status: "published" });
      if (published.status !== 200)
        throw new Error(`publish failed: ${published.status} ${published.text}`);
      while ((await get(port, host, `/post/${post.slug}`)).status !== 200) {
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      postPage.push(performance.now() - started);
      while (!(await get(port, host, "/")).body.includes(`Fresh post ${i}<`)) {
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      homePage.push(performance.now() - started);
    }
    await publishing.queue.onIdle();
    const cpu = process.cpuUsage(cpuBefore);
    await stopProfile(profile, size);
    // The card process's CPU (its start included), counted once it has ended.
    await cards.close();
    const childrenCpuAfter = endedChildrenCpuMs();
    const cardCpuMs =
      childrenCpuBefore === undefined || childrenCpuAfter === undefined
        ? undefined
        : childrenCpuAfter - childrenCpuBefore;
    server.close();
    await publishing.queue.stop();
    handle.close();
    return {
      posts: size,
      publishes,
      postPageP50Ms: Math.round(median(postPage)),
      postPageP95Ms: Math.round(percentile(postPage, 95)),
      homePageP50Ms: Math.round(median(homePage)),
      homePageP95Ms: Math.round(percentile(homePage, 95)),
      cpuMsPerPublish: Math.round((cpu.user + cpu.system) / 1000 / publishes),
      // The card process's CPU per publish, its start included (0 with placeholder cards).
      ...(cardCpuMs === undefined
        ? {}
        : { cardProcessCpuMsPerPublish: realCards ? Math.round(cardCpuMs / publishes) : 0 }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const size of sizes) {
  console.log(JSON.stringify({ figure: "publish → live", ...(await measure(size)) }));
}
