/**
 * Forged and flooded page views (issue 29, finding 5; decision 311), against the real app on
 * 127.0.0.1, each part on a blog of its own:
 *  1. one address sends 500 `POST /_hit` for the blog's home page, each with another user agent
 *     (before the fix: all 500 stored, 500 visitors);
 *  2. page views of made-up paths, `/<img src=x onerror=alert(1)>` and
 *     `/post/this-page-does-not-exist-FORGED` among them, and 404s of pages the blog serves
 *     (before: every one stored as reported);
 *  3. 200 addresses (X-Forwarded-For from a trusted proxy on loopback) send 20 each, each under
 *     its own limit: the blog's ceiling per minute holds;
 *  4. readers, each on an address of their own, read the blog's pages: every view is stored.
 * The app's clock stands still, so each part runs within one minute's windows whatever the
 * machine's speed (the limits are per minute, decision 311).
 *
 *   npm run check:security -- analytics
 */
import { request } from "node:http";
import { and, eq, sql } from "drizzle-orm";
import { pageHits } from "../../../api/db/schema.ts";
import { hitLimits } from "../../../api/features/analytics/limits.ts";
import { createBlog, createOwner, createPublishedPost } from "../../../api/test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../../api/test/harness.ts";
import { type Figure, inParallel, type SecurityCheck } from "./report.ts";

const browser = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Safari/537.36`;

/** One beacon report, as a page sends it, from `address` when given (else 127.0.0.1). */
function sendHit(
  app: TestApp,
  host: string,
  userAgent: string,
  beacon: Record<string, unknown>,
  address?: string,
): Promise<number> {
  const { hostname, port } = new URL(app.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname,
        port,
        path: "/_hit",
        method: "POST",
        headers: {
          host,
          "user-agent": userAgent,
          "content-type": "text/plain;charset=UTF-8",
          "sec-fetch-site": "same-origin",
          ...(address ? { "x-forwarded-for": address } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(beacon));
  });
}

async function blogWithHost(owner: TestClient, subdomain: string) {
  const blog = await createBlog(owner, `Counted ${subdomain}`);
  const res = await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain });
  if (res.status !== 200) throw new Error(`subdomain answered ${res.status}: ${res.text}`);
  return { blog, host: `${subdomain}.blogs.test` };
}

/** Raw hits stored for the blog (after writing what waits in memory), and their visitors. */
async function storedOf(app: TestApp, blogId: string, status = 200) {
  await app.publishing?.analytics.flush();
  const [row] = await app.db
    .select({ hits: sql<number>`count(*)`, visitors: sql<number>`count(distinct visitor)` })
    .from(pageHits)
    .where(and(eq(pageHits.blogId, blogId), eq(pageHits.status, status)));
  return { hits: Number(row?.hits ?? 0), visitors: Number(row?.visitors ?? 0) };
}

export const analyticsCheck: SecurityCheck = {
  name: "analytics",
  async run() {
    const figures: Figure[] = [];
    const minute = new Date();
    const app = await startTestApp({
      publishing: true,
      clock: () => minute,
      env: { BLOG_DOMAIN: "blogs.test", TRUST_PROXY: "true" },
    });
    try {
      const owner = await createOwner(app);
      const perAddress = hitLimits.perAddressPerMinute;

      // 1. One address, 500 user agents.
      const flooded = await blogWithHost(owner, "flooded");
      const floodAnswers = await inParallel(Array.from({ length: 500 }), 50, (_, i) =>
        sendHit(app, flooded.host, browser(i), { p: "/" }),
      );
      const flood = await storedOf(app, flooded.blog.id);
      figures.push({
        name: "view flood from one address, 500 user agents",
        text: `sent 500 (answered 204: ${floodAnswers.filter((s) => s === 204).length}), stored ${flood.hits}, visitors counted ${flood.visitors} (limit ${perAddress} per minute per address and blog)`,
        ok: flood.hits <= perAddress && flood.visitors <= perAddress,
      });

      // 2. Made-up paths as views, and 404s of pages that are there.
      const forgedBlog = await blogWithHost(owner, "forged");
      const post = await createPublishedPost(owner, forgedBlog.blog.id, { slug: "real-post" });
      const forged = [
        { p: "/<img src=x onerror=alert(1)>" },
        { p: "/post/this-page-does-not-exist-FORGED" },
        { p: "/post/real-post", i: "not-this-posts-id" },
        { p: "/", i: post.id },
        { p: "/category/none" },
        { p: "/post/real-post", s: 404 },
        { p: "/", s: 404 },
      ];
      for (const beacon of forged) await sendHit(app, forgedBlog.host, browser(1), beacon);
      // A reader who really met the missing address: its 404 is kept, escaped as a browser would.
      await sendHit(app, forgedBlog.host, browser(2), {
        p: "/<img src=x onerror=alert(1)>",
        s: 404,
      });
      const forgedViews = await storedOf(app, forgedBlog.blog.id);
      const forged404 = await app.db
        .select({ path: pageHits.path })
        .from(pageHits)
        .where(and(eq(pageHits.blogId, forgedBlog.blog.id), eq(pageHits.status, 404)));
      const markup = (
        await app.db
          .select({ path: pageHits.path })
          .from(pageHits)
          .where(sql`${pageHits.path} like '%<%'`)
      ).length;
      const servedAs404 = forged404.filter((h) => h.path === "/" || h.path === "/post/real-post");
      figures.push({
        name: "forged page views",
        text: `sent ${forged.length} (made-up paths, another post's id, 404s of served pages), stored as views ${forgedViews.hits}, 404s of served pages stored ${servedAs404.length}, stored paths holding '<' ${markup}`,
        ok: forgedViews.hits === 0 && servedAs404.length === 0 && markup === 0,
        details: forged404.map((h) => `stored 404: ${h.path}`),
      });

      // 3. Many addresses, each under its own limit.
      const viral = await blogWithHost(owner, "many-addresses");
      const perEach = Math.min(20, perAddress);
      const addresses = Math.ceil((hitLimits.perBlogPerMinute + 1000) / perEach);
      const sent = addresses * perEach;
      await inParallel(Array.from({ length: sent }), 50, (_, i) => {
        const reader = Math.floor(i / perEach);
        return sendHit(
          app,
          viral.host,
          browser(reader),
          { p: "/" },
          `10.9.${reader >> 8}.${reader & 255}`,
        );
      });
      const many = await storedOf(app, viral.blog.id);
      figures.push({
        name: "view flood from many addresses",
        text: `sent ${sent} from ${addresses} addresses (${perEach} each), stored ${many.hits} (ceiling ${hitLimits.perBlogPerMinute} per minute per blog)`,
        ok: many.hits <= hitLimits.perBlogPerMinute,
      });

      // 4. Readers, each on an address of their own.
      const read = await blogWithHost(owner, "read");
      const readPost = await createPublishedPost(owner, read.blog.id, { slug: "worth-reading" });
      const views = Array.from({ length: 40 }, (_, i) =>
        i % 2 ? { p: "/" } : { p: "/post/worth-reading", i: readPost.id },
      );
      await inParallel(views, 10, (beacon, i) =>
        sendHit(app, read.host, browser(i), beacon, `192.0.2.${i + 1}`),
      );
      const readers = await storedOf(app, read.blog.id);
      figures.push({
        name: "readers still counted",
        text: `sent ${views.length} views from ${views.length} addresses, stored ${readers.hits}, visitors ${readers.visitors}`,
        ok: readers.hits === views.length && readers.visitors === views.length,
      });
    } finally {
      await app.close();
    }
    return figures;
  },
};
