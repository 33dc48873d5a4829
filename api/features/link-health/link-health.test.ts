import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FleetLinkList, LinkReplacement } from "../../../contracts/link-health.ts";
import { blogs, linkChecks } from "../../db/schema.ts";
import {
  createBlog,
  createMember,
  createOwner,
  createPost,
  createPublishedPost,
} from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { type MerchantServer, startMerchantServer } from "../../test/merchant-server.ts";
import { rawGet } from "../../test/raw-http.ts";
import { defaultLinkCheckOptions } from "./check-link.ts";
import { runLinkHealth } from "./runner.ts";

let app: TestApp;
let merchant: MerchantServer;
let silent: MerchantServer;
beforeAll(async () => {
  app = await startTestApp({ publishing: true, env: { BLOG_DOMAIN: "blogs.test" } });
  merchant = await startMerchantServer();
  silent = await startMerchantServer();
});
afterAll(async () => {
  await merchant.close();
  await silent.close();
  await app.close();
});

const run = (overrides: { timeoutMs?: number; hostIntervalMs?: number } = {}) =>
  runLinkHealth({
    db: app.db,
    clock: () => new Date(),
    check: {
      ...defaultLinkCheckOptions,
      timeoutMs: overrides.timeoutMs ?? 1500,
      testLoopback: true,
      // Every name is the merchant server (the addresses' validation takes names, not IPs).
      resolveHost: async () => [{ address: "127.0.0.1", family: 4 }],
    },
    hostIntervalMs: overrides.hostIntervalMs ?? 0,
  });

async function blogAt(owner: TestClient, subdomain: string) {
  const blog = await createBlog(owner, `Blog ${subdomain}`);
  await app.db.update(blogs).set({ subdomain }).where(eq(blogs.id, blog.id));
  return blog;
}

/** The merchant server under a shop's name. */
const shop = (path: string) => merchant.url(path).replace("127.0.0.1", "shop.merchant.test");

const checkOf = async (url: string) =>
  (await app.db.select().from(linkChecks).where(eq(linkChecks.url, url)))[0];

const page = async (subdomain: string, slug: string) =>
  (await rawGet(app.baseUrl, `/post/${slug}`, { host: `${subdomain}.blogs.test` })).body;

describe("the link health job", () => {
  it("reads links from posts, checks each politely, and a silent host holds up only its own", async () => {
    const owner = await createOwner(app);
    const blog = await blogAt(owner, "job-check");
    const links = ["/ok", "/moved", "/gone-404", "/gone-410", "/head-refused"].map(merchant.url);
    await createPost(owner, blog.id, {
      title: "Links",
      content: `<p>${links.map((url, i) => `<a href="${url}">Shop ${i}</a>`).join(" ")} <a href="${silent.url("/hang")}">Slow shop</a> <a href="https://job-check.blogs.test/post/x">Own</a></p>`,
    });
    const started = Date.now();
    await run({ timeoutMs: 3000, hostIntervalMs: 200 });

    expect((await checkOf(merchant.url("/ok")))?.status).toBe("ok");
    expect(await checkOf(merchant.url("/moved"))).toMatchObject({
      status: "redirected",
      finalUrl: merchant.url("/ok"),
      redirects: [merchant.url("/moved-2"), merchant.url("/ok")],
    });
    expect(await checkOf(merchant.url("/gone-404"))).toMatchObject({
      status: "broken",
      httpStatus: 404,
      lastWorkedAt: null,
    });
    expect((await checkOf(merchant.url("/gone-410")))?.httpStatus).toBe(410);
    expect((await checkOf(merchant.url("/hang")))?.status).toBeUndefined();
    expect((await checkOf(silent.url("/hang")))?.status).toBe("unreachable");
    // The blog's own address is not an outbound link.
    expect(await checkOf("https://job-check.blogs.test/post/x")).toBeUndefined();

    // Every merchant link was checked before the silent host's time limit ran out.
    for (const url of links) {
      const checked = (await checkOf(url))?.lastCheckedAt?.getTime() ?? Infinity;
      expect(checked - started, url).toBeLessThan(3000);
    }
    // One request at a time per host, each its interval after the one before (measured on
    // arrival, so a first connection's set-up time is allowed for).
    const times = merchant.hits.map((hit) => hit.at);
    expect(times.length).toBeGreaterThanOrEqual(links.length + 3);
    for (let i = 1; i < times.length; i++)
      expect((times[i] as number) - (times[0] as number)).toBeGreaterThanOrEqual(i * 200 - 100);

    // Nothing is due again at once: a second run asks nobody.
    const hits = merchant.hits.length;
    expect((await run()).checked).toBe(0);
    expect(merchant.hits.length).toBe(hits);
  });
});

describe("replace everywhere", () => {
  it("swaps a dead affiliate URL on three blogs in one action and undoes it in one", async () => {
    const owner = await createOwner(app);
    const dead = shop("/gone-410?ref=fleet&tag=a");
    const live = shop("/ok?ref=fleet");
    const names = ["fleet-one", "fleet-two", "fleet-three"];
    const blogsMade = [];
    const postsMade = [];
    for (const name of names) {
      const blog = await blogAt(owner, name);
      blogsMade.push(blog);
      const content = `<p>Buy the <a href="${dead.replace("&", "&amp;")}#deal">compost bin</a> at ${name}.</p>`;
      postsMade.push(await createPublishedPost(owner, blog.id, { title: `Bins ${name}`, content }));
    }
    const link = await owner.post<{ id: string }>("/api/affiliate-links", {
      blogId: blogsMade[0]?.id,
      keyword: "compost bin",
      url: dead,
    });
    // Someone else's blog with the same link, and a blog A only edits: neither is A's to change.
    const other = await createOwner(app);
    const othersBlog = await blogAt(other, "fleet-other");
    const othersPost = await createPost(other, othersBlog.id, {
      content: `<p><a href="${dead.replace("&", "&amp;")}">bin</a></p>`,
    });
    const editor = await createMember(app, othersBlog.id, "editor");
    await run();
    await app.publishing?.queue.onIdle();

    const before = await Promise.all(
      postsMade.map(
        async (post) => (await owner.get<{ content: string }>(`/api/posts/${post.id}`)).body,
      ),
    );
    const fleet = await owner.get<FleetLinkList>("/api/link-health");
    expect(fleet.status).toBe(200);
    const entry = fleet.body.links.find((l) => l.url === dead);
    expect(entry).toMatchObject({ status: "broken", httpStatus: 410 });
    expect(entry?.posts.map((p) => p.blogName).sort()).toEqual(
      names.map((n) => `Blog ${n}`).sort(),
    );
    expect(entry?.affiliateLinks).toEqual([
      expect.objectContaining({ id: link.body.id, keyword: "compost bin" }),
    ]);
    const list = await owner.get<{ id: string; health: { status: string } | null }[]>(
      `/api/blogs/${blogsMade[0]?.id}/affiliate-links`,
    );
    expect(list.body[0]?.health).toMatchObject({ status: "broken", httpStatus: 410 });
    // Other owners and members of A's blogs see none of it.
    expect((await editor.get<FleetLinkList>("/api/link-health")).body.links).toEqual([]);
    const othersView = (await other.get<FleetLinkList>("/api/link-health")).body.links;
    expect(othersView.find((l) => l.url === dead)?.posts.map((p) => p.id)).toEqual([othersPost.id]);

    const replaced = await owner.post<LinkReplacement>("/api/link-health/replacements", {
      from: dead,
      to: live,
    });
    expect(replaced.status).toBe(201);
    expect(replaced.body.postIds.sort()).toEqual(postsMade.map((p) => p.id).sort());
    expect(replaced.body.affiliateLinkIds).toEqual([link.body.id]);
    await app.publishing?.queue.onIdle();
    for (const [i, post] of postsMade.entries()) {
      const now = (await owner.get<{ content: string }>(`/api/posts/${post.id}`)).body.content;
      expect(now).toBe(before[i]?.content.replace(dead.replace("&", "&amp;"), live));
      const revisions = await owner.get<unknown[]>(`/api/posts/${post.id}/revisions`);
      expect(revisions.body.length).toBeGreaterThanOrEqual(2);
      const html = await page(names[i] as string, post.slug);
      expect(html).toContain(`${live}#deal`);
      expect(html).not.toContain("gone-410");
    }
    expect(
      (await other.get<{ content: string }>(`/api/posts/${othersPost.id}`)).body.content,
    ).toContain("gone-410");
    expect(
      (await owner.get<{ url: string }[]>(`/api/blogs/${blogsMade[0]?.id}/affiliate-links`)).body[0]
        ?.url,
    ).toBe(live);

    // Another owner cannot undo it; the owner undoes it once, exactly.
    expect(
      (await other.post(`/api/link-health/replacements/${replaced.body.id}/undo`)).status,
    ).toBe(404);
    const undone = await owner.post<LinkReplacement>(
      `/api/link-health/replacements/${replaced.body.id}/undo`,
    );
    expect(undone.status).toBe(200);
    expect(undone.body.skipped).toEqual({ postIds: [], affiliateLinkIds: [] });
    await app.publishing?.queue.onIdle();
    for (const [i, post] of postsMade.entries()) {
      const now = (await owner.get<{ content: string }>(`/api/posts/${post.id}`)).body.content;
      expect(now).toBe(before[i]?.content);
      expect(await page(names[i] as string, post.slug)).toContain("gone-410");
    }
    expect(
      (await owner.get<{ url: string }[]>(`/api/blogs/${blogsMade[0]?.id}/affiliate-links`)).body[0]
        ?.url,
    ).toBe(dead);
    const again = await owner.post(`/api/link-health/replacements/${replaced.body.id}/undo`);
    expect(again.status).toBe(409);
    const history = await owner.get<LinkReplacement[]>("/api/link-health/replacements");
    expect(history.body[0]).toMatchObject({ id: replaced.body.id, from: dead, to: live });
    expect(history.body[0]?.undoneAt).not.toBeNull();
  });

  it("leaves a post changed since the replacement as it is, and says so", async () => {
    const owner = await createOwner(app);
    const blog = await blogAt(owner, "fleet-edited");
    const dead = shop("/gone-404");
    const post = await createPost(owner, blog.id, { content: `<p><a href="${dead}">x</a></p>` });
    const replaced = await owner.post<LinkReplacement>("/api/link-health/replacements", {
      from: dead,
      to: shop("/ok"),
    });
    expect(replaced.body.postIds).toEqual([post.id]);
    await owner.patch(`/api/posts/${post.id}`, { content: "<p>Rewritten by hand.</p>" });
    const undone = await owner.post<LinkReplacement>(
      `/api/link-health/replacements/${replaced.body.id}/undo`,
    );
    expect(undone.body.skipped.postIds).toEqual([post.id]);
    expect(undone.body.postIds).toEqual([]);
    expect((await owner.get<{ content: string }>(`/api/posts/${post.id}`)).body.content).toBe(
      "<p>Rewritten by hand.</p>",
    );
  });

  it("answers 400 listing every problem", async () => {
    const owner = await createOwner(app);
    const res = await owner.post<{ issues: { path: string }[] }>("/api/link-health/replacements", {
      from: "javascript:alert(1)",
      to: "not a url",
    });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((issue) => issue.path).sort()).toEqual(["from", "to"]);
    const same = await owner.post("/api/link-health/replacements", {
      from: "https://shop.example.com/a",
      to: "https://shop.example.com/a",
    });
    expect(same.status).toBe(400);
  });
});
