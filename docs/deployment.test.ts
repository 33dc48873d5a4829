import { existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogs } from "../api/db/schema.ts";
import { createBlog, createOwner, createPost } from "../api/test/factories.ts";
import { startTestApp, type TestApp } from "../api/test/harness.ts";

/** The deployment guide's claims about the file layout, checked against a real render. */
const guide = readFileSync(new URL("./deployment.md", import.meta.url), "utf8");

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ publishing: true, env: { BLOG_DOMAIN: "blogs.example.net" } });
});
afterAll(() => app.close());

describe("deployment guide", () => {
  it("serves hosts from sites-output/hosts/{host} with path, path.html, path/index.html", () => {
    expect(guide).toContain("root /srv/blogfleet/sites-output/hosts/{host}");
    expect(guide).toContain("try_files {path} {path}.html {path}/index.html");
    expect(guide).toContain("root /srv/blogfleet/sites-output/hosts/$host;");
    expect(guide).toContain("try_files $uri $uri.html $uri/index.html @app;");
    expect(guide).toContain("ask http://127.0.0.1:3000/api/tls/allowed");
    expect(guide).toContain('header @hashed Cache-Control "public, max-age=31536000, immutable"');
    expect(guide).toContain("location ~ ^/(fonts|og)/ {");
  });

  it("matches the folders a render produces", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Deployed");
    await app.db
      .update(blogs)
      .set({ subdomain: "deployed", customDomain: "www.deployed.example", domainVerified: true })
      .where(eq(blogs.id, blog.id));
    const post = await createPost(owner, blog.id, { title: "Hello" });
    await owner.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
    await owner.patch(`/api/posts/${post.id}/status`, { status: "published" });
    await app.publishing?.queue.onIdle();
    for (const host of ["deployed.blogs.example.net", "www.deployed.example"]) {
      const root = join(app.env.SITES_DIR, "hosts", host);
      expect(realpathSync(root)).toBe(
        realpathSync(join(app.env.SITES_DIR, "blogs", blog.id, "current")),
      );
      // The guide's rule: /           → index.html, /post/{slug} → post/{slug}.html, …
      for (const file of [
        "index.html",
        `post/${post.slug}.html`,
        // No public name: the author page is named after the blog (decision 056).
        "author/deployed.html",
        "rss.xml",
        "sitemap.xml",
        "robots.txt",
        "404.html",
      ]) {
        expect(existsSync(join(root, file)), `${host}/${file}`).toBe(true);
      }
      // fonts/{face}.{hash}.woff2 and og/{hash}.png, as the guide names them.
      const fonts = readdirSync(join(root, "fonts"));
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) expect(font).toMatch(/^[a-z0-9-]+\.[0-9a-f]{10}\.woff2$/);
      const cards = readdirSync(join(root, "og"));
      expect(cards.length).toBe(2);
      for (const card of cards) expect(card).toMatch(/^[0-9a-f]{16}\.png$/);
    }
  });
});
