/**
 * Event-loop stalls (issue 13, finding 3): the longest time the server's event loop was blocked
 * (perf_hooks.monitorEventLoopDelay, 10 ms resolution) while one owner
 *  - publishes a 396 kB post on a blog with 1,500 auto-insert affiliate links (the links are
 *    written to the database directly: the API now stops at maxAffiliateLinksPerBlog), and
 *  - checks the originality of a 471 kB text against 60 saved posts of 471 kB.
 * During both, another client's requests keep going; the worst answer time is printed too.
 * A stall over `limitMs` fails the figure (before the fix: 1.2–1.9 s and 1.6–2.0 s).
 *
 *   npm run check:security -- stalls
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { affiliateLinks } from "../../../api/db/schema.ts";
import { createBlog, createOwner, createPost } from "../../../api/test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../../api/test/harness.ts";
import type { Figure, SecurityCheck } from "./report.ts";

const limitMs = 250;
const vocabulary =
  "trail hill tempo pace stride cadence shoe mile recovery breath heart effort climb descent rest fuel water sleep coach plan week race finish start easy hard long short steady rhythm garden compost soil seed water light shade mulch prune harvest bloom root leaf stem branch".split(
    " ",
  );

/** About `chars` characters of paragraphs of random words (a fixed seed per call). */
function article(chars: number, seed: number): string {
  let state = seed;
  const word = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return vocabulary[state % vocabulary.length] as string;
  };
  const paragraphs: string[] = [];
  let length = 0;
  while (length < chars) {
    const p = `<p>${Array.from({ length: 60 }, word).join(" ")}.</p>`;
    paragraphs.push(p);
    length += p.length;
  }
  return paragraphs.join("");
}

/** Runs `work` with the loop-delay monitor on and another client asking every 20 ms. */
async function measure(app: TestApp, probe: TestClient, work: () => Promise<unknown>) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  let running = true;
  let worstAnswerMs = 0;
  const prober = (async () => {
    while (running) {
      const started = performance.now();
      await probe.get("/api/health");
      worstAnswerMs = Math.max(worstAnswerMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  histogram.enable();
  const started = performance.now();
  await work();
  const tookMs = performance.now() - started;
  histogram.disable();
  running = false;
  await prober;
  void app;
  return { stallMs: histogram.max / 1e6, worstAnswerMs, tookMs };
}

const line = (m: { stallMs: number; worstAnswerMs: number; tookMs: number }) =>
  `longest event-loop stall ${Math.round(m.stallMs)} ms (limit ${limitMs}), other client's slowest answer ${Math.round(m.worstAnswerMs)} ms, operation took ${Math.round(m.tookMs)} ms`;

export const stallCheck: SecurityCheck = {
  name: "stalls",
  async run() {
    const figures: Figure[] = [];
    const app = await startTestApp({ publishing: true, env: { BLOG_DOMAIN: "blogs.test" } });
    try {
      const owner = await createOwner(app);
      const probe = await createOwner(app);
      const publishing = app.publishing;
      if (!publishing) throw new Error("publishing is off");

      // 1. Publish render: 1,500 keywords × a 396 kB post.
      const blog = await createBlog(owner, "Stall Garden");
      await publishing.queue.onIdle();
      const links = Array.from({ length: 1500 }, (_, i) => ({
        blogId: blog.id,
        keyword: i % 100 === 0 ? `${vocabulary[i % vocabulary.length]} brand${i}` : `brand${i} kit`,
        url: "https://shop.example.com/item",
      }));
      for (let i = 0; i < links.length; i += 250)
        await app.db.insert(affiliateLinks).values(links.slice(i, i + 250));
      const post = await createPost(owner, blog.id, {
        title: "A very long post",
        content: article(396_000, 11),
      });
      await owner.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
      await publishing.queue.onIdle();
      const render = await measure(app, probe, async () => {
        const res = await owner.patch(`/api/posts/${post.id}/status`, { status: "published" });
        if (res.status !== 200) throw new Error(`publish answered ${res.status}`);
        await publishing.queue.onIdle();
      });
      const site = await owner.get<{ state: string }>(`/api/blogs/${blog.id}/site`);
      figures.push({
        name: "stall: publish render, 1,500 links × 396 kB post",
        text: `${line(render)}, site ${site.body.state}`,
        ok: render.stallMs < limitMs && site.body.state === "live",
      });

      // 2. Originality: a 471 kB text against 60 saved posts of 471 kB.
      const big = await createBlog(owner, "Stall Originality");
      for (let i = 0; i < 60; i++) {
        await createPost(owner, big.id, { title: `Long ${i}`, content: article(471_000, 100 + i) });
      }
      const check = await measure(app, probe, async () => {
        const res = await owner.post<{ comparedPosts: number }>("/api/posts/originality", {
          content: article(471_000, 130),
        });
        if (res.status !== 200) throw new Error(`originality answered ${res.status}: ${res.text}`);
        if (res.body.comparedPosts < 60) throw new Error(`compared ${res.body.comparedPosts}`);
      });
      figures.push({
        name: "stall: originality check, 471 kB × 60 posts of 471 kB",
        text: line(check),
        ok: check.stallMs < limitMs,
      });
    } finally {
      await app.close();
    }
    return figures;
  },
};
