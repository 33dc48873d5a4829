import { createHash } from "node:crypto";
import { request } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogAnalytics, FleetAnalytics } from "../../../contracts/analytics.ts";
import { beaconScript } from "../../../site-builder/theme/lib/beacon.ts";
import { analyticsSalts, blogs, pageHits } from "../../db/schema.ts";
import { createBlog, createOwner, createPublishedPost } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";

let app: TestApp;
let now = new Date("2030-05-10T10:00:00.000Z");
beforeAll(async () => {
  app = await startTestApp({
    publishing: true,
    clock: () => now,
    env: { BLOG_DOMAIN: "blogs.test" },
  });
});
afterAll(() => app.close());

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
    const url = new URL(app.baseUrl);
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
    const owner = await createOwner(app);
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
    const owner = await createOwner(app);
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
    const rows = await app.db.select().from(pageHits).where(eq(pageHits.blogId, blog.id));
    expect(JSON.stringify(rows)).not.toContain("127.0.0.1");
  });

  it("refuses bad beacons and hits from other sites, counting nothing", async () => {
    const owner = await createOwner(app);
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
    const viaApp = await app.client().post(`/blog/${blog.slug}/_hit`, { p: "/", s: 404 });
    expect(viaApp.status).toBe(204);
    const r = await report(owner, blog.id);
    expect(r.totals.views).toBe(0);
    expect(r.excluded).toEqual([{ reason: "bot", hits: 1 }]);
  });

  it("honours Sec-GPC and DNT once the owner turns it on", async () => {
    const owner = await createOwner(app);
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
    await app.publishing?.queue.onIdle();
    const privacy = await send("GET", "/privacy", host, { "user-agent": chrome });
    expect(privacy.body).toContain("your visits are not counted at all");
    // Switched off: pages lose the beacon and hits count nothing.
    await owner.patch(`/api/blogs/${blog.id}/analytics/settings`, { enabled: false });
    await app.publishing?.queue.onIdle();
    expect((await send("GET", "/", host, { "user-agent": chrome })).body).not.toContain("_hit");
    await hit(host, chrome, { p: "/" });
    expect((await report(owner, blog.id)).totals.views).toBe(1);
    // And on again: the beacon is back.
    await owner.patch(`/api/blogs/${blog.id}/analytics/settings`, { enabled: true });
    await app.publishing?.queue.onIdle();
    expect((await send("GET", "/", host, { "user-agent": chrome })).body).toContain("_hit");
    const invalid = await owner.patch(`/api/blogs/${blog.id}/analytics/settings`, {
      enabled: "yes",
    });
    expect(invalid.status).toBe(400);
    const stranger = await createOwner(app);
    expect((await stranger.get(`/api/blogs/${blog.id}/analytics`)).status).toBe(404);
    expect(
      (await stranger.patch(`/api/blogs/${blog.id}/analytics/settings`, { enabled: true })).status,
    ).toBe(404);
  });

  it("rotates the salt daily, deletes past salts and drops raw hits after the retention", async () => {
    const email = `salty-${Date.now()}@example.com`;
    let owner = await createOwner(app, email);
    const { blog, host } = await blogWithHost(owner, "salty");
    const analytics = app.publishing?.analytics;
    if (!analytics) throw new Error("publishing expected");
    now = new Date("2030-06-01T12:00:00.000Z");
    await hit(host, chrome, { p: "/" });
    await analytics.flush();
    const [first] = await app.db.select().from(pageHits).where(eq(pageHits.blogId, blog.id));
    now = new Date("2030-06-02T00:30:00.000Z");
    await hit(host, chrome, { p: "/" });
    await analytics.flush();
    const visitors = (await app.db.select().from(pageHits).where(eq(pageHits.blogId, blog.id))).map(
      (h) => h.visitor,
    );
    // Same reader, same address: another day, another hash.
    expect(visitors).toHaveLength(2);
    expect(visitors[1]).not.toBe(first?.visitor);
    await analytics.cleanUp();
    const salts = await app.db
      .select()
      .from(analyticsSalts)
      .where(eq(analyticsSalts.blogId, blog.id));
    expect(salts.map((s) => s.day)).toEqual(["2030-06-02"]);

    now = new Date("2030-07-02T01:00:00.000Z");
    // A month later the session has expired: sign in again.
    owner = app.client();
    expect(
      (await owner.post("/auth/sign-in", { email, password: "correct horse battery" })).status,
    ).toBe(200);
    const before = await report(owner, blog.id, "90d");
    expect(before.totals.views).toBe(2);
    await analytics.cleanUp();
    const left = await app.db.select().from(pageHits).where(eq(pageHits.blogId, blog.id));
    // 2030-06-01 is past the 30 days; 2030-06-02 is not yet.
    expect(left.map((h) => h.day)).toEqual(["2030-06-02"]);
    // Reports read the rollups, which stay.
    expect((await report(owner, blog.id, "90d")).totals.views).toBe(2);
    expect(
      (await app.db.select().from(analyticsSalts).where(eq(analyticsSalts.blogId, blog.id))).length,
    ).toBe(0);
    now = new Date("2030-05-10T10:00:00.000Z");
  });

  it("loses no hit of a burst: every one is written in batches", async () => {
    const owner = await createOwner(app);
    const { blog, host } = await blogWithHost(owner, "burst");
    await Promise.all(
      Array.from({ length: 1500 }, (_, i) =>
        hit(host, `${chrome} r${i % 300}`, { p: `/p${i % 7}` }),
      ),
    );
    const r = await report(owner, blog.id);
    expect(r.totals.views).toBe(1500);
    expect(r.totals.visitors).toBe(300);
    expect(r.topPages.reduce((s, p) => s + p.views, 0)).toBe(1500);
  });

  it("keeps the hits of a failed write, dropping only those of a blog deleted meanwhile", async () => {
    const owner = await createOwner(app);
    const gone = await blogWithHost(owner, "gone-soon");
    const kept = await blogWithHost(owner, "kept");
    await hit(gone.host, chrome, { p: "/" });
    await hit(gone.host, googlebot, { p: "/" });
    await hit(kept.host, chrome, { p: "/" });
    await hit(kept.host, googlebot, { p: "/" });
    // Deleted while its hits wait in memory: their write fails its foreign key.
    await app.db.delete(blogs).where(eq(blogs.id, gone.blog.id));
    const r = await report(owner, kept.blog.id);
    expect(r.totals.views).toBe(1);
    expect(r.excluded).toEqual([{ reason: "bot", hits: 1 }]);
  });

  it("shows the fleet: views, visitors, clicks and posts published per blog", async () => {
    const owner = await createOwner(app);
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
