import { createHash } from "node:crypto";
import { request } from "node:http";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { BlogAnalytics, FleetAnalytics } from "../../../contracts/analytics.ts";
import { beaconScript } from "../../../site-builder/theme/lib/beacon.ts";
import { analyticsDaily, analyticsSalts, blogs, excludedHits, pageHits } from "../../db/schema.ts";
import { testAppForFile } from "../../test/app-per-file.ts";
import {
  createBlog,
  createCategory,
  createPost,
  createPublishedPost,
} from "../../test/factories.ts";
import type { TestClient } from "../../test/harness.ts";
import { createAnalytics, type HitRequest, otherNotFound } from "./ingest.ts";
import { hitLimits } from "./limits.ts";

let now = new Date("2030-05-10T10:00:00.000Z");
const { app, newOwner } = testAppForFile({
  publishing: true,
  clock: () => now,
  // Readers' addresses come in X-Forwarded-For from this loopback "proxy" (decision 064).
  env: { BLOG_DOMAIN: "blogs.test", TRUST_PROXY: "true" },
});

const chrome =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

type Reply = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};
const send = (
  method: string,
  path: string,
  host: string,
  headers: Record<string, string>,
  body?: string,
) =>
  new Promise<Reply>((resolve, reject) => {
    const url = new URL(app().baseUrl);
    const req = request(
      { hostname: url.hostname, port: url.port, path, method, headers: { host, ...headers } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => {
          text += c;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });

/** A view as the beacon reports it. */
const hit = (host: string, ua: string, beacon: Record<string, unknown>, headers = {}) =>
  send(
    "POST",
    "/_hit",
    host,
    {
      "user-agent": ua,
      "content-type": "text/plain;charset=UTF-8",
      "sec-fetch-site": "same-origin",
      ...headers,
    },
    JSON.stringify(beacon),
  );

async function blogWithHost(owner: TestClient, subdomain: string) {
  const blog = await createBlog(owner);
  expect((await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain })).status).toBe(200);
  return { blog, host: `${subdomain}.blogs.test` };
}

const report = async (owner: TestClient, blogId: string, range = "30d") => {
  const res = await owner.get<BlogAnalytics>(`/api/blogs/${blogId}/analytics?range=${range}`);
  expect(res.status).toBe(200);
  return res.body;
};

describe("counting page views (issue 18)", () => {
  it("pages carry the beacon, allowed by hash and by nothing else", async () => {
    const owner = await newOwner();
    const { blog, host } = await blogWithHost(owner, "beacon");
    const post = await createPublishedPost(owner, blog.id, {
      title: "Rain barrels",
      slug: "rain-barrels",
    });
    const page = await send("GET", "/post/rain-barrels", host, { "user-agent": chrome });
    expect(page.status).toBe(200);
    const hash = createHash("sha256").update(beaconScript).digest("base64");
    expect(page.headers["content-security-policy"]).toContain(`script-src 'sha256-${hash}'`);
    expect(page.headers["content-security-policy"]).not.toContain("unsafe-inline'; script");
    const scripts = [
      ...page.body.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
    ];
    expect(scripts.map((s) => s[1])).toEqual([beaconScript]);
    expect(page.body).toContain(`data-post="${post.id}"`);
    expect(page.body).toMatch(
      /<noscript><img class="hit" src="\.\.\/_hit\.gif\?p=%2Fpost%2Frain-barrels&amp;s=200&amp;i=/,
    );
    // The privacy page is linked from the footer and says what is kept.
    expect(page.body).toContain('href="../privacy"');
    const privacy = await send("GET", "/privacy", host, { "user-agent": chrome });
    expect(privacy.status).toBe(200);
    expect(privacy.body).toContain("without cookies");
    expect(privacy.body).toContain("48 hours");
  });

  it("counts readers, names referrers, and leaves bots and prefetches out", async () => {
    const owner = await newOwner();
    const { blog, host } = await blogWithHost(owner, "counted");
    const post = await createPublishedPost(owner, blog.id, { title: "Compost", slug: "compost" });
    const view = { p: "/post/compost", s: 200, i: post.id };
    expect(
      (await hit(host, chrome, { ...view, r: "https://www.google.com/search?q=x" })).status,
    ).toBe(204);
    expect((await hit(host, chrome, { p: "/", r: `http://${host}/post/compost` })).status).toBe(
      204,
    );
    expect(
      (
        await hit(host, iphone, {
          ...view,
          r: "https://chatgpt.com/",
          q: "?utm_source=News&utm_medium=email&utm_campaign=spring",
        })
      ).status,
    ).toBe(204);
    expect((await hit(host, googlebot, view)).status).toBe(204);
    expect((await hit(host, chrome, view, { "sec-purpose": "prefetch" })).status).toBe(204);
    expect((await hit(host, chrome, { p: "/nothing-here", s: 404 })).status).toBe(204);
    // A reader met a missing page before: the fast path keeps its 404 page, never for the image.
    expect((await send("GET", "/nothing-here", host, { "user-agent": chrome })).status).toBe(404);
    expect((await send("GET", "/nothing-here", host, { "user-agent": chrome })).status).toBe(404);
    // The no-script image counts too (path from its query).
    const gif = await send("GET", `/_hit.gif?p=%2Fpost%2Fcompost&s=200&i=${post.id}`, host, {
      "user-agent":
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
      "sec-fetch-site": "same-origin",
    });
    expect(gif.status).toBe(200);
    // A not-found page's image names no path: the Referer does (same origin).
    const missing = await send("GET", "/_hit.gif?s=404", host, {
      "user-agent": chrome,
      "sec-fetch-site": "same-origin",
      referer: `http://${host}/gone-missing`,
    });
    expect(missing.status).toBe(200);
    expect(gif.headers["content-type"]).toBe("image/gif");
    expect(gif.headers["cache-control"]).toBe("no-store");

    const r = await report(owner, blog.id);
    expect(r.totals).toEqual({ views: 4, visitors: 3, excluded: 2, notFound: 2 });
    expect(r.series.at(-1)).toEqual({ period: "2030-05-10", views: 4, visitors: 3 });
    expect(r.topPosts).toEqual([
      { key: post.id, label: "Compost", views: 3, visitors: 3, clicks: 0, ctr: 0 },
    ]);
    expect(r.referrers.map((x) => [x.kind, x.label, x.views])).toEqual([
      ["ai", "ChatGPT", 1],
      ["search", "Google", 1],
    ]);
    expect(r.campaigns).toEqual([
      expect.objectContaining({ source: "news", medium: "email", campaign: "spring", views: 1 }),
    ]);
    expect(Object.fromEntries(r.devices.map((d) => [d.label, d.views]))).toEqual({
      desktop: 3,
      mobile: 1,
    });
    expect(Object.fromEntries(r.browsers.map((d) => [d.label, d.views]))).toEqual({
      Chrome: 2,
      Safari: 1,
      Firefox: 1,
    });
    // The move from the post to the home page is not an entry.
    expect(r.entryPages).toEqual([expect.objectContaining({ label: "/post/compost", views: 3 })]);
    expect(r.notFoundPages.map((p) => [p.label, p.views])).toEqual([
      ["/gone-missing", 1],
      ["/nothing-here", 1],
    ]);
    expect(Object.fromEntries(r.excluded.map((e) => [e.reason, e.hits]))).toEqual({
      bot: 1,
      prefetch: 1,
    });
    expect(r.last24h).toEqual({ views: 4, visitors: 3 });
    // No address is stored anywhere.
    const rows = await app().db.select().from(pageHits).where(eq(pageHits.blogId, blog.id));
    expect(JSON.stringify(rows)).not.toContain("127.0.0.1");
  });

  it("refuses bad beacons and hits from other sites, counting nothing", async () => {
    const owner = await newOwner();
    const { blog, host } = await blogWithHost(owner, "refused");
    const bad = await hit(host, chrome, { p: "no-slash", s: 500, i: "x y" });
    expect(bad.status).toBe(400);
    expect(
      JSON.parse(bad.body)
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(["i", "p", "s"]);
    expect((await hit(host, chrome, { p: "/" }, { "sec-fetch-site": "cross-site" })).status).toBe(
      403,
    );
    expect((await send("POST", "/_hit", host, { "user-agent": chrome }, "not json")).status).toBe(
      400,
    );
    // Under /blog/{slug}/ on the app's host, a JSON body is read as well (this client's user
    // agent is an HTTP library's: excluded as a bot).
    const viaApp = await app().client().post(`/blog/${blog.slug}/_hit`, { p: "/", s: 404 });
    expect(viaApp.status).toBe(204);
    const r = await report(owner, blog.id);
    expect(r.totals.views).toBe(0);
    expect(r.excluded).toEqual([{ reason: "bot", hits: 1 }]);
  });

  it("honours Sec-GPC and DNT once the owner turns it on", async () => {
    const owner = await newOwner();
    const { blog, host } = await blogWithHost(owner, "dnt");
    await hit(host, chrome, { p: "/" }, { "sec-gpc": "1" });
    const on = await owner.patch(`/api/blogs/${blog.id}/analytics/settings`, {
      honorDoNotTrack: true,
    });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      enabled: true,
      honorDoNotTrack: true,
      rawHitRetentionDays: 30,
    });
    await hit(host, iphone, { p: "/" }, { "sec-gpc": "1" });
    await hit(host, iphone, { p: "/" }, { dnt: "1" });
    const r = await report(owner, blog.id);
    expect(r.totals.views).toBe(1);
    expect(r.excluded).toEqual([{ reason: "do-not-track", hits: 2 }]);
    // The privacy page states the rule once the render the change queued has run.
    await app().publishing?.queue.onIdle();
    const privacy = await send("GET", "/privacy", host, { "user-agent": chrome });
    expect(privacy.body).toContain("your visits are not counted at all");
    // Switched off: pages lose the beacon and hits count nothing.
    await owner.patch(`/api/blogs/${blog.id}/analytics/settings`, { enabled: false });
    await app().publishing?.queue.onIdle();
    expect((await send("GET", "/", host, { "user-agent": chrome })).body).not.toContain("_hit");
    await hit(host, chrome, { p: "/" });
    expect((await report(owner, blog.id)).totals.views).toBe(1);
    // And on again: the beacon is back.
    await owner.patch(`/api/blogs/${blog.id}/analytics/settings`, { enabled: true });
    await app().publishing?.queue.onIdle();
    expect((await send("GET", "/", host, { "user-agent": chrome })).body).toContain("_hit");
    const invalid = await owner.patch(`/api/blogs/${blog.id}/analytics/settings`, {
      enabled: "yes",
    });
    expect(invalid.status).toBe(400);
    const stranger = await newOwner();
    expect((await stranger.get(`/api/blogs/${blog.id}/analytics`)).status).toBe(404);
    expect(
      (await stranger.patch(`/api/blogs/${blog.id}/analytics/settings`, { enabled: true })).status,
    ).toBe(404);
  });

  it("rotates the salt daily, deletes past salts and drops raw hits after the retention", async () => {
    const email = `salty-${Date.now()}@example.com`;
    let owner = await newOwner(email);
    const { blog, host } = await blogWithHost(owner, "salty");
    const analytics = app().publishing?.analytics;
    if (!analytics) throw new Error("publishing expected");
    now = new Date("2030-06-01T12:00:00.000Z");
    await hit(host, chrome, { p: "/" });
    await analytics.flush();
    const [first] = await app().db.select().from(pageHits).where(eq(pageHits.blogId, blog.id));
    now = new Date("2030-06-02T00:30:00.000Z");
    await hit(host, chrome, { p: "/" });
    await analytics.flush();
    const visitors = (
      await app().db.select().from(pageHits).where(eq(pageHits.blogId, blog.id))
    ).map((h) => h.visitor);
    // Same reader, same address: another day, another hash.
    expect(visitors).toHaveLength(2);
    expect(visitors[1]).not.toBe(first?.visitor);
    await analytics.cleanUp();
    const salts = await app()
      .db.select()
      .from(analyticsSalts)
      .where(eq(analyticsSalts.blogId, blog.id));
    expect(salts.map((s) => s.day)).toEqual(["2030-06-02"]);

    now = new Date("2030-07-02T01:00:00.000Z");
    // A month later the session has expired: sign in again.
    owner = app().client();
    expect(
      (await owner.post("/auth/sign-in", { email, password: "correct horse battery" })).status,
    ).toBe(200);
    const before = await report(owner, blog.id, "90d");
    expect(before.totals.views).toBe(2);
    await analytics.cleanUp();
    const left = await app().db.select().from(pageHits).where(eq(pageHits.blogId, blog.id));
    // 2030-06-01 is past the 30 days; 2030-06-02 is not yet.
    expect(left.map((h) => h.day)).toEqual(["2030-06-02"]);
    // Reports read the rollups, which stay.
    expect((await report(owner, blog.id, "90d")).totals.views).toBe(2);
    expect(
      (await app().db.select().from(analyticsSalts).where(eq(analyticsSalts.blogId, blog.id)))
        .length,
    ).toBe(0);
    now = new Date("2030-05-10T10:00:00.000Z");
  });

  it("loses no hit of a burst: every one is written in batches", async () => {
    const owner = await newOwner();
    const { blog, host } = await blogWithHost(owner, "burst");
    // Readers as they come (decision 311): 300 of them, each on an address of their own, on
    // the blog's pages.
    const pages = ["/", "/privacy"];
    for (const slug of ["burst-one", "burst-two", "burst-three"]) {
      await createPublishedPost(owner, blog.id, { slug });
      pages.push(`/post/${slug}`);
    }
    await Promise.all(
      Array.from({ length: 1500 }, (_, i) =>
        hit(
          host,
          `${chrome} r${i % 300}`,
          { p: pages[i % pages.length] },
          { "x-forwarded-for": `10.1.${(i % 300) >> 8}.${(i % 300) & 255}` },
        ),
      ),
    );
    const r = await report(owner, blog.id);
    expect(r.totals.views).toBe(1500);
    expect(r.totals.visitors).toBe(300);
    expect(r.topPages.reduce((s, p) => s + p.views, 0)).toBe(1500);
  });

  it("keeps the hits of a failed write, dropping only those of a blog deleted meanwhile", async () => {
    const owner = await newOwner();
    const gone = await blogWithHost(owner, "gone-soon");
    const kept = await blogWithHost(owner, "kept");
    await hit(gone.host, chrome, { p: "/" });
    await hit(gone.host, googlebot, { p: "/" });
    await hit(kept.host, chrome, { p: "/" });
    await hit(kept.host, googlebot, { p: "/" });
    // Deleted while its hits wait in memory: their write fails its foreign key.
    await app().db.delete(blogs).where(eq(blogs.id, gone.blog.id));
    const r = await report(owner, kept.blog.id);
    expect(r.totals.views).toBe(1);
    expect(r.excluded).toEqual([{ reason: "bot", hits: 1 }]);
  });

  it("shows the fleet: views, visitors, clicks and posts published per blog", async () => {
    const owner = await newOwner();
    const a = await blogWithHost(owner, "fleet-a");
    const b = await blogWithHost(owner, "fleet-b");
    await createPublishedPost(owner, a.blog.id);
    await hit(a.host, chrome, { p: "/" });
    await hit(a.host, iphone, { p: "/" });
    await hit(b.host, chrome, { p: "/" });
    const res = await owner.get<FleetAnalytics>("/api/analytics/fleet?range=7d");
    expect(res.status).toBe(200);
    expect(
      res.body.blogs.map((x) => [x.name, x.views, x.visitors, x.clicks, x.postsPublished]),
    ).toEqual([
      [a.blog.name, 2, 2, 0, 1],
      [b.blog.name, 1, 1, 0, 0],
    ]);
    expect((await owner.get("/api/analytics/fleet?range=2y")).status).toBe(400);
  });
});

/** Every one of `items`, at most 50 at a time. */
async function inBatches<T>(items: T[], work: (item: T, i: number) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += 50) {
    await Promise.all(items.slice(i, i + 50).map((item, j) => work(item, i + j)));
  }
}

const from = (address: string) => ({ "x-forwarded-for": address });
const excludedOf = (r: BlogAnalytics) =>
  Object.fromEntries(r.excluded.map((e) => [e.reason, e.hits]));

describe("analytics you can trust (issue 29, finding 5)", () => {
  it("counts views only of pages the blog serves, and 404s only of paths it does not", async () => {
    const owner = await newOwner();
    const { blog, host } = await blogWithHost(owner, "served");
    const soil = await createCategory(owner, blog.id, { name: "Soil", slug: "soil" });
    const post = await createPublishedPost(owner, blog.id, {
      slug: "compost",
      categoryId: soil.id,
    });
    const draft = await createPost(owner, blog.id, { slug: "not-yet" });
    const author = (await app().publishing?.indexes.get(blog.id))?.author;
    // Readers on each kind of page the blog serves (the browser sends its address bar's path).
    const views = [
      { p: "/", s: 200 },
      { p: "/post/compost", s: 200, i: post.id },
      { p: "/post/compost/", s: 200, i: post.id },
      { p: "/category/soil", s: 200 },
      { p: "/privacy", s: 200 },
      { p: `/author/${author}`, s: 200 },
      { p: "/nothing-here", s: 404 },
      { p: "/<img src=x onerror=alert(1)>", s: 404 },
      { p: `/post/${"é".repeat(300)}`, s: 404 },
    ];
    // Views of what no reader can see there, and 404s of pages that are there.
    const forged = [
      { p: "/post/this-page-does-not-exist-FORGED" },
      { p: "/<img src=x onerror=alert(1)>" },
      { p: `/post/${draft.slug}` },
      { p: "/category/clay" },
      { p: "/page/2" },
      { p: "/rss.xml" },
      { p: "/post/compost?x=1#y", s: 404 },
      { p: "/", s: 404 },
      { p: "/privacy/", s: 404 },
    ];
    for (const [i, beacon] of [...views, ...forged].entries()) {
      const res = await hit(host, chrome, beacon, from(`192.0.2.${i + 1}`));
      // Stored or not, the beacon gets the same answer.
      expect(res.status).toBe(204);
      expect(res.body).toBe("");
    }
    // The no-script image of a made-up path is dropped too (and answers its pixel).
    const gif = await send("GET", "/_hit.gif?p=%2Fpost%2Fmade-up&s=200", host, {
      "user-agent": chrome,
      "sec-fetch-site": "same-origin",
      ...from("192.0.2.99"),
    });
    expect(gif.status).toBe(200);
    expect(gif.headers["content-type"]).toBe("image/gif");

    const r = await report(owner, blog.id);
    expect(r.totals).toMatchObject({ views: 6, notFound: 3 });
    expect(r.topPages.map((p) => [p.label, p.views]).sort()).toEqual(
      [
        ["/", 1],
        [`/author/${author}`, 1],
        ["/category/soil", 1],
        ["/post/compost", 2],
        ["/privacy", 1],
      ].sort(),
    );
    expect(excludedOf(r)).toEqual({ "unknown-path": 7, "served-path": 3 });
    // A not-found path is kept as the address bar shows it, and at most 256 characters long.
    const notFound = r.notFoundPages.map((p) => p.label);
    expect(notFound).toContain("/nothing-here");
    expect(notFound).toContain("/%3Cimg%20src=x%20onerror=alert(1)%3E");
    const long = notFound.find((label) => label.startsWith("/post/%C3%A9"));
    expect(long?.length).toBeLessThanOrEqual(256);
    expect(long?.length).toBeGreaterThan(240);
    expect(long).toMatch(/^\/post\/(%C3%A9)+(%C3)?$/);
    const rows = await app().db.select().from(pageHits).where(eq(pageHits.blogId, blog.id));
    expect(rows).toHaveLength(9);
    expect(rows.filter((h) => /FORGED|made-up|not-yet|clay|rss|</.test(h.path))).toEqual([]);
  });

  it("keeps a post's id only on that post's page", async () => {
    const owner = await newOwner();
    const { blog, host } = await blogWithHost(owner, "post-ids");
    const mulch = await createPublishedPost(owner, blog.id, { title: "Mulch", slug: "mulch" });
    const seeds = await createPublishedPost(owner, blog.id, { title: "Seeds", slug: "seeds" });
    const elsewhere = await blogWithHost(owner, "post-ids-elsewhere");
    const theirs = await createPublishedPost(owner, elsewhere.blog.id, { slug: "mulch" });
    const draft = await createPost(owner, blog.id);
    const reports = [
      { p: "/post/mulch", i: mulch.id },
      { p: "/post/seeds", i: seeds.id },
      { p: "/post/mulch", i: seeds.id },
      { p: "/", i: mulch.id },
      { p: "/post/mulch", i: theirs.id },
      { p: "/post/mulch", i: draft.id },
      { p: "/post/mulch", i: "no-such-post" },
    ];
    for (const [i, beacon] of reports.entries()) {
      expect((await hit(host, iphone, beacon, from(`198.51.100.${i + 1}`))).status).toBe(204);
    }
    const r = await report(owner, blog.id);
    expect(r.totals.views).toBe(2);
    expect(r.topPosts.map((p) => [p.label, p.views]).sort()).toEqual([
      ["Mulch", 1],
      ["Seeds", 1],
    ]);
    expect(excludedOf(r)).toEqual({ "unknown-post": 5 });
  });

  it("stores at most 30 hits a minute from one address, whatever user agents it sends", async () => {
    const owner = await newOwner();
    const { blog, host } = await blogWithHost(owner, "flooded");
    const limit = hitLimits.perAddressPerMinute;
    // 500 reports from one address, each with a user agent of its own (as in the finding).
    await inBatches(Array.from({ length: 500 }), (_, i) =>
      hit(host, `${chrome} flood/${i}`, { p: "/" }, from("203.0.113.9")),
    );
    // An IPv6 sender gets one limit for its /56, not one per address it can pick.
    await inBatches(Array.from({ length: 100 }), (_, i) =>
      hit(host, chrome, { p: "/" }, from(`2001:db8:0:ab${i % 10}::${i.toString(16)}`)),
    );
    // Meanwhile, readers on other addresses are counted as ever.
    for (let i = 0; i < 5; i++) {
      expect((await hit(host, iphone, { p: "/" }, from(`203.0.113.${20 + i}`))).status).toBe(204);
    }
    let r = await report(owner, blog.id);
    expect(r.totals).toMatchObject({ views: 2 * limit + 5, visitors: 2 * limit + 5 });
    expect(excludedOf(r)).toEqual({ "address-limit": 500 - limit + 100 - limit });
    // The same address on another blog has a limit of its own.
    const other = await blogWithHost(owner, "flooded-other");
    await hit(other.host, chrome, { p: "/" }, from("203.0.113.9"));
    expect((await report(owner, other.blog.id)).totals.views).toBe(1);
    // A minute later the address is counted again.
    const before = now;
    now = new Date(now.getTime() + 60_000);
    try {
      await hit(host, chrome, { p: "/" }, from("203.0.113.9"));
      r = await report(owner, blog.id);
      expect(r.totals.views).toBe(2 * limit + 6);
    } finally {
      now = before;
    }
  });

  it("stores at most 3,000 hits a minute for one blog, however many addresses send them", async () => {
    const owner = await newOwner();
    const { blog, host } = await blogWithHost(owner, "ceiling");
    const ceiling = hitLimits.perBlogPerMinute;
    const sent = ceiling + 100;
    // Forged paths first: dropped, they use none of the blog's minute.
    await inBatches(Array.from({ length: 50 }), (_, i) =>
      hit(host, chrome, { p: `/forged-${i}` }, from(`10.2.255.${i}`)),
    );
    // 25 hits from each address: under its own limit, so only the blog's holds them back.
    await inBatches(Array.from({ length: sent }), (_, i) => {
      const reader = Math.floor(i / 25);
      return hit(
        host,
        `${chrome} r${reader}`,
        { p: "/" },
        from(`10.2.${reader >> 8}.${reader & 255}`),
      );
    });
    const r = await report(owner, blog.id);
    expect(r.totals.views).toBe(ceiling);
    expect(excludedOf(r)).toEqual({ "unknown-path": 50, "blog-limit": 100 });
    const before = now;
    now = new Date(now.getTime() + 60_000);
    try {
      await hit(host, chrome, { p: "/" }, from("10.3.0.1"));
      expect((await report(owner, blog.id)).totals.views).toBe(ceiling + 1);
    } finally {
      now = before;
    }
  });

  it("stores at most the day's cap of raw hits per blog, counted from the table after a restart", async () => {
    const owner = await newOwner();
    const { blog } = await blogWithHost(owner, "capped");
    const limits = { ...hitLimits, rawHitsPerBlogPerDay: 10 };
    const reader = (i: number): HitRequest => ({
      blogId: blog.id,
      host: "capped.blogs.test",
      address: `192.0.2.${i}`,
      headers: { "user-agent": chrome },
      beacon: { path: i % 2 ? "/" : "/missing", status: i % 2 ? 200 : 404 },
    });
    const first = createAnalytics({ db: app().db, clock: () => now, limits });
    for (let i = 1; i <= 8; i++) expect(await first.record(reader(i))).toBe("counted");
    await first.rollUp();
    // Another process (or this one after a restart) knows nothing of those 8 in memory.
    const second = createAnalytics({ db: app().db, clock: () => now, limits });
    const outcomes = [];
    for (let i = 9; i <= 13; i++) outcomes.push(await second.record(reader(i)));
    expect(outcomes).toEqual(["counted", "counted", "excluded", "excluded", "excluded"]);
    await second.rollUp();
    const stored = await app().db.select().from(pageHits).where(eq(pageHits.blogId, blog.id));
    expect(stored).toHaveLength(10);
    const r = await report(owner, blog.id);
    expect(r.totals).toMatchObject({ views: 5, notFound: 5 });
    expect(excludedOf(r)).toEqual({ "daily-cap": 3 });
    // The next day has a cap of its own.
    const nextDay = createAnalytics({
      db: app().db,
      clock: () => new Date(now.getTime() + 86_400_000),
      limits,
    });
    expect(await nextDay.record(reader(14))).toBe("counted");
    await nextDay.flush();
  });

  it("keeps the 500 most viewed not-found paths, referrers and campaigns of a blog-day", async () => {
    const owner = await newOwner();
    const { blog } = await blogWithHost(owner, "open-values");
    const analytics = createAnalytics({ db: app().db, clock: () => now });
    const reader = (i: number, beacon: HitRequest["beacon"]): HitRequest => ({
      blogId: blog.id,
      host: "open-values.blogs.test",
      address: `10.4.${i >> 8}.${i & 255}`,
      headers: { "user-agent": chrome },
      beacon,
    });
    for (let i = 0; i < 600; i++) {
      await analytics.record(reader(i, { path: `/missing-${i}`, status: 404 }));
      await analytics.record(
        reader(i, {
          path: "/",
          status: 200,
          referrer: `https://site-${i}.example/`,
          search: `?utm_source=s${i}`,
        }),
      );
    }
    // The most viewed of each, seen a second time by another reader.
    await analytics.record(reader(1000, { path: "/missing-599", status: 404 }));
    await analytics.record(
      reader(1000, {
        path: "/",
        status: 200,
        referrer: "https://site-599.example/",
        search: "?utm_source=s599",
      }),
    );
    await analytics.rollUp();
    const daily = await app()
      .db.select()
      .from(analyticsDaily)
      .where(eq(analyticsDaily.blogId, blog.id));
    const count = (dimension: string) => daily.filter((d) => d.dimension === dimension).length;
    // The not-found paths past the 500 are one row, so the count of 404s stays whole.
    expect([count("notfound"), count("referrer"), count("utm")]).toEqual([501, 500, 500]);
    expect(daily.find((d) => d.value === otherNotFound)).toMatchObject({ views: 100 });
    const top = (dimension: string) =>
      daily
        .filter((d) => d.dimension === dimension && d.value !== otherNotFound)
        .sort((a, b) => b.views - a.views)[0];
    expect(top("notfound")).toMatchObject({ value: "/missing-599", views: 2 });
    expect(top("referrer")).toMatchObject({ value: "site:site-599.example", views: 2 });
    expect(top("utm")?.views).toBe(2);
    // The totals still count every view and every 404.
    const r = await report(owner, blog.id);
    expect(r.totals).toMatchObject({ views: 601, notFound: 601 });
    expect(r.notFoundPages[0]).toMatchObject({ label: otherNotFound, views: 100 });
    expect(r.notFoundPages[1]).toMatchObject({ label: "/missing-599", views: 2 });
    const excluded = await app()
      .db.select()
      .from(excludedHits)
      .where(eq(excludedHits.blogId, blog.id));
    expect(excluded).toEqual([]);
  });
});
