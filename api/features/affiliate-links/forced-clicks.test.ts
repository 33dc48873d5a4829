import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBlog, createOwner } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { rawGet } from "../../test/raw-http.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ publishing: true, env: { BLOG_DOMAIN: "blogs.test" } });
});
afterAll(() => app.close());

const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

const visit = async (path: string, host: string, headers: Record<string, string>) => {
  const reply = await rawGet(app.baseUrl, path, { host, "user-agent": browser, ...headers });
  return { status: reply.status, location: reply.headers.location };
};

describe("forced affiliate clicks (issue 13, finding 7)", () => {
  it("counts and redirects top-level navigations only", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain: "forced" });
    const link = (
      await owner.post("/api/affiliate-links", {
        blogId: blog.id,
        keyword: "rain barrel",
        url: "https://shop.example.com/barrel",
      })
    ).body;
    const go = `/go/${link.id}`;
    const host = "forced.blogs.test";
    const embedded = [
      { "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image", "sec-fetch-site": "cross-site" },
      { "sec-fetch-mode": "no-cors", "sec-fetch-dest": "script", "sec-fetch-site": "cross-site" },
      { "sec-fetch-mode": "navigate", "sec-fetch-dest": "iframe", "sec-fetch-site": "cross-site" },
      { "sec-fetch-mode": "cors", "sec-fetch-dest": "empty", "sec-fetch-site": "cross-site" },
      { "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image", "sec-fetch-site": "same-origin" },
    ];
    for (const headers of embedded) {
      const res = await visit(go, host, headers);
      expect(res.status).toBe(404);
      expect(res.location).toBeUndefined();
    }
    const clicked = await visit(go, host, {
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "document",
      "sec-fetch-site": "cross-site",
    });
    expect(clicked.status).toBe(302);
    expect(clicked.location).toBe("https://shop.example.com/barrel");
    // Without Fetch Metadata the bot rules decide, as before: a browser counts.
    expect((await visit(go, host, {})).status).toBe(302);
    const stats = (await owner.get(`/api/affiliate-links/${link.id}/clicks`)).body;
    expect(stats.total).toBe(2);
    expect(stats.unique).toBe(1);
  });
});
