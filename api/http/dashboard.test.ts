import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwner, createPost } from "../test/factories.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { rawGet } from "../test/raw-http.ts";
import { dashboardShell, screenChunks } from "./dashboard.ts";

describe("the dashboard's page", () => {
  it("carries the server's blog domain, escaped", () => {
    const shell = dashboardShell("<html><head><title>x</title></head></html>", {
      BLOG_DOMAIN: 'Blogs.Example.com"><script>',
    });
    expect(shell).toContain(
      '<head>\n    <meta name="blogfleet:blog-domain" content="Blogs.Example.com&quot;&gt;&lt;script&gt;" />',
    );
    expect(shell).not.toContain("<script>");
  });

  it("says it is on the app's own host, so the app never asks whether this is a blog's", () => {
    const shell = dashboardShell("<html><head><title>x</title></head></html>", {
      BLOG_DOMAIN: "blogs.example.com",
    });
    expect(shell).toContain('<meta name="blogfleet:host" content="app" />');
  });
});

/** A build as Vite writes it: entry, the layout, two screens, shared chunks, one manifest. */
const manifest = {
  "index.html": { file: "assets/index-a1.js", isEntry: true, imports: ["_react-b2.js"] },
  "_react-b2.js": { file: "assets/react-b2.js" },
  "_button-c3.js": { file: "assets/button-c3.js", imports: ["_react-b2.js"] },
  "src/app/layouts/dashboard-layout.tsx": {
    file: "assets/dashboard-layout-d4.js",
    imports: ["_button-c3.js", "_react-b2.js"],
  },
  "src/features/posts/components/posts-page.tsx": {
    file: "assets/posts-page-e5.js",
    imports: ["_card-f6.js", "_button-c3.js"],
  },
  "_card-f6.js": { file: "assets/card-f6.js" },
  "src/features/dashboard/components/dashboard-page.tsx": {
    file: "assets/dashboard-page-g7.js",
    imports: ["_card-f6.js"],
  },
};
const script = "export const answer = 42;\n".repeat(200);

describe("screenChunks", () => {
  it("lists a screen's chunks and what they import, without those the entry loads", () => {
    expect(
      screenChunks(manifest, [
        "src/app/layouts/dashboard-layout.tsx",
        "src/features/posts/components/posts-page.tsx",
      ]).sort(),
    ).toEqual([
      "/assets/button-c3.js",
      "/assets/card-f6.js",
      "/assets/dashboard-layout-d4.js",
      "/assets/posts-page-e5.js",
    ]);
    expect(screenChunks(manifest, ["src/features/nothing/components/nothing-page.tsx"])).toEqual(
      [],
    );
  });
});

describe("serving the built dashboard", () => {
  let app: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "blogfleet-dashboard-"));
    mkdirSync(join(dir, "assets"));
    mkdirSync(join(dir, ".vite"));
    writeFileSync(
      join(dir, "index.html"),
      '<!doctype html><html><head><script type="module" src="/assets/index-a1.js"></script></head><body></body></html>',
    );
    writeFileSync(join(dir, ".vite", "manifest.json"), JSON.stringify(manifest));
    writeFileSync(join(dir, "assets", "index-a1.js"), script);
    writeFileSync(join(dir, "assets", "index-a1.js.br"), brotliCompressSync(script));
    writeFileSync(join(dir, "assets", "index-a1.js.gz"), gzipSync(script));
    writeFileSync(join(dir, "assets", "font-h8.woff2"), "not really a font");
    writeFileSync(join(dir, "favicon.svg"), "<svg/>");
    app = await startTestApp({ dashboardDir: dir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers an asset with the copy compressed at build that the browser accepts, cached for a year", async () => {
    const br = await rawGet(app.baseUrl, "/assets/index-a1.js", {
      "accept-encoding": "gzip, deflate, br, zstd",
    });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(br.bytes.equals(brotliCompressSync(script))).toBe(true);

    const gzip = await rawGet(app.baseUrl, "/assets/index-a1.js", {
      "accept-encoding": "br;q=0, gzip",
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.bytes.equals(gzipSync(script))).toBe(true);

    const plain = await rawGet(app.baseUrl, "/assets/index-a1.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("serves assets without compressed copies as they are, other files for an hour", async () => {
    const font = await rawGet(app.baseUrl, "/assets/font-h8.woff2", { "accept-encoding": "br" });
    expect(font.status).toBe(200);
    expect(font.headers["content-encoding"]).toBeUndefined();
    expect(font.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const icon = await rawGet(app.baseUrl, "/favicon.svg");
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
    expect((await rawGet(app.baseUrl, "/.vite/manifest.json")).body).not.toContain("isEntry");
  });

  it("gives a visitor the plain shell, and a signed-in owner the first screen's reads and code at once", async () => {
    const visitor = await app.client().get("/posts");
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("cache-control")).toBe("no-cache");
    expect(visitor.headers.get("vary")).toContain("Cookie");
    expect(visitor.text).not.toContain("blogfleet:session");
    expect(visitor.text).not.toContain("preload");

    const owner = await createOwner(app);
    const ownerPage = await owner.get("/posts");
    expect(ownerPage.headers.get("cache-control")).toBe("private, no-cache");
    const page = ownerPage.text;
    expect(page).toContain('<meta name="blogfleet:session" content="signed-in" />');
    for (const path of ["/api/auth/user", "/api/blogs"]) {
      expect(page).toContain(
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${path}" />`,
      );
    }
    const preloaded = [...page.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(preloaded.sort()).toEqual([
      "/assets/button-c3.js",
      "/assets/card-f6.js",
      "/assets/dashboard-layout-d4.js",
      "/assets/posts-page-e5.js",
    ]);
    // The home page is the Dashboard screen; an unknown screen gets the layout's code only.
    expect((await owner.get("/")).text).toContain("/assets/dashboard-page-g7.js");
    const unknown = (await owner.get("/no-such-screen")).text;
    expect(unknown).toContain("/assets/dashboard-layout-d4.js");
    expect(unknown).not.toContain("page-");
  });

  it("preloads the first posts of the screen asked for when the owner has exactly one blog", async () => {
    const owner = await createOwner(app);
    const postsPreloads = (page: string) =>
      [...page.matchAll(/rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)"/g)]
        .map((m) => m[1] as string)
        .filter((href) => href.includes("/posts"));
    // No blog yet: nothing to read.
    expect(postsPreloads((await owner.get("/posts")).text)).toEqual([]);

    const blog = (await owner.post("/api/blogs", { name: "Only one" })).body as { id: string };
    // The dashboard's own keys (postPageKey): All Posts' first page, the Dashboard's newest posts.
    expect(postsPreloads((await owner.get("/posts")).text)).toEqual([
      `/api/blogs/${blog.id}/posts?limit=30`,
    ]);
    for (const home of ["/", "/dashboard"]) {
      expect(postsPreloads((await owner.get(home)).text)).toEqual([
        `/api/blogs/${blog.id}/posts?limit=6`,
      ]);
    }
    // Screens that read no list at start are left alone.
    expect(postsPreloads((await owner.get("/settings")).text)).toEqual([]);
    // The preloaded read is answered like the dashboard's own fetch.
    expect((await owner.get(`/api/blogs/${blog.id}/posts?limit=30`)).status).toBe(200);

    // With two blogs, which one the dashboard shows is its stored choice: no guess.
    expect((await owner.post("/api/blogs", { name: "Second" })).status).toBe(201);
    expect(postsPreloads((await owner.get("/posts")).text)).toEqual([]);
    expect(postsPreloads((await owner.get("/")).text)).toEqual([]);
  });
});

/**
 * A stand-in for the build's server render (`.ssr/entry-server.js`, decision 300): it draws the
 * answers it is given as a list and fails when asked to, so the page around it is what is tested
 * here (the real render is tested in dashboard/src/entry-server.test.tsx).
 */
const serverRender = `
const escape = (s) => String(s).replace(/[&<>"]/g, (c) => "&#" + c.charCodeAt(0) + ";");
export async function renderFirstScreen(url, cookie, screen) {
  if (cookie.includes("fail=1")) throw new Error("render failed");
  const cards = screen.posts.posts.map((p) => "<li>" + escape(p.title) + "</li>").join("");
  return {
    html: '<ul aria-label="Posts" data-url="' + escape(url) + '" data-blog="' + screen.blogId + '">' + cards + "</ul>",
    data: JSON.stringify(screen).replace(/</g, "\\\\u003c"),
  };
}
`;

describe("a signed-in owner's All Posts, rendered by the server (decision 300)", () => {
  let app: TestApp;
  let dir: string;
  const firstScreenOf = (page: string) => {
    const json =
      /<script type="application\/json" id="blogfleet-first-screen">(.*?)<\/script>/s.exec(
        page,
      )?.[1];
    return json === undefined ? undefined : JSON.parse(json);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "blogfleet-dashboard-ssr-"));
    mkdirSync(join(dir, ".vite"));
    mkdirSync(join(dir, ".ssr"));
    writeFileSync(
      join(dir, "index.html"),
      '<!doctype html>\n<html lang="en"><head><title>x</title></head><body>\n    <div id="root"></div>\n    <script type="module" src="/assets/index-a1.js"></script>\n  </body></html>',
    );
    writeFileSync(join(dir, ".vite", "manifest.json"), JSON.stringify(manifest));
    writeFileSync(join(dir, ".ssr", "entry-server.js"), serverRender);
    app = await startTestApp({ dashboardDir: dir });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends the cards drawn and the very answers the API gives, compressed, reading nothing twice", async () => {
    const owner = await createOwner(app);
    const blog = (await owner.post("/api/blogs", { name: "Ridge Notes" })).body as { id: string };
    for (const title of ["First climb", "Second <climb>"])
      await createPost(owner, blog.id, { title });
    const res = await rawGet(app.baseUrl, "/posts?from=menu", {
      cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      "accept-encoding": "gzip, br",
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    expect(res.headers.vary).toMatch(/Cookie/);
    const page = brotliDecompressSync(res.bytes).toString("utf8");
    expect(page).toContain(
      `<div id="root"><ul aria-label="Posts" data-url="/posts?from=menu" data-blog="${blog.id}"><li>Second &#60;climb&#62;</li><li>First climb</li></ul></div>`,
    );
    expect(firstScreenOf(page)).toEqual({
      screen: "posts",
      user: (await owner.get("/api/auth/user")).body,
      blogs: (await owner.get("/api/blogs")).body,
      blogId: blog.id,
      posts: (await owner.get(`/api/blogs/${blog.id}/posts?limit=30`)).body,
      preferences: (await owner.get("/api/profile/preferences")).body,
    });
    // What the page carries is not fetched again; its code still is, beside the page.
    expect(page).toContain('<meta name="blogfleet:session" content="signed-in" />');
    expect(page).not.toContain('rel="preload" as="fetch"');
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/posts-page-e5.js" />',
    );
    expect(page).not.toContain('class="dark"');

    // The Dashboard home: the newest six, as the Dashboard reads them.
    const home = (await owner.get("/")).text;
    expect(firstScreenOf(home)).toMatchObject({
      screen: "dashboard",
      blogId: blog.id,
      posts: (await owner.get(`/api/blogs/${blog.id}/posts?limit=6`)).body,
    });
  });

  it("reads All Posts in the person's list sort, and the Dashboard newest first (decision 355)", async () => {
    const owner = await createOwner(app);
    const blog = (await owner.post("/api/blogs", { name: "Sorted" })).body as { id: string };
    for (const title of ["Beta", "Alpha", "Gamma"]) await createPost(owner, blog.id, { title });
    const preferences = { postsView: "list", postsSort: "title:asc" };
    expect((await owner.patch("/api/profile/preferences", preferences)).status).toBe(200);
    const page = (await owner.get("/posts")).text;
    const sorted = (await owner.get(`/api/blogs/${blog.id}/posts?limit=30&sort=title:asc`)).body;
    expect(sorted.posts.map((p: { title: string }) => p.title)).toEqual(["Alpha", "Beta", "Gamma"]);
    expect(firstScreenOf(page)).toMatchObject({ posts: sorted, preferences });
    const home = (await owner.get("/")).text;
    expect(firstScreenOf(home)).toMatchObject({
      posts: (await owner.get(`/api/blogs/${blog.id}/posts?limit=6`)).body,
    });
  });

  it("shows the blog the dashboard stored when it is the owner's, in the theme it stored", async () => {
    const owner = await createOwner(app);
    const first = (await owner.post("/api/blogs", { name: "First" })).body as { id: string };
    const second = (await owner.post("/api/blogs", { name: "Second" })).body as { id: string };
    owner.cookies.set("selectedBlogId", second.id);
    owner.cookies.set("theme", "dark");
    const page = (await owner.get("/posts")).text;
    expect(firstScreenOf(page).blogId).toBe(second.id);
    expect(page).toMatch(/<html lang="en" class="dark">/);

    // Another owner's blog named in the cookie: that owner's blog is never read or shown.
    const other = await createOwner(app);
    const theirs = (await other.post("/api/blogs", { name: "Theirs" })).body as { id: string };
    owner.cookies.set("selectedBlogId", theirs.id);
    const fallback = (await owner.get("/posts")).text;
    expect(firstScreenOf(fallback).blogId).toBe(first.id);
    expect(fallback).not.toContain("Theirs");
  });

  it("sends the plain shell when there is nothing to draw, the render fails, or for other screens", async () => {
    const owner = await createOwner(app);
    // No blog yet: the screen asks for one, in the browser.
    const empty = (await owner.get("/posts")).text;
    expect(empty).toContain('<div id="root"></div>');
    expect(firstScreenOf(empty)).toBeUndefined();

    await owner.post("/api/blogs", { name: "Now one" });
    owner.cookies.set("fail", "1");
    const failed = await owner.get("/posts");
    expect(failed.status).toBe(200);
    expect(failed.text).toContain('<div id="root"></div>');
    expect(firstScreenOf(failed.text)).toBeUndefined();
    owner.cookies.delete("fail");

    const settings = (await owner.get("/settings")).text;
    expect(settings).toContain('<div id="root"></div>');
    expect(settings).toContain('rel="preload" as="fetch"');

    const visitor = await app.client().get("/posts");
    expect(visitor.text).toContain('<div id="root"></div>');
    expect(firstScreenOf(visitor.text)).toBeUndefined();
  });
});

describe("a server render that cannot be loaded (decision 300)", () => {
  it("leaves every page to the browser, as the plain shell", async () => {
    const dir = mkdtempSync(join(tmpdir(), "blogfleet-dashboard-broken-ssr-"));
    mkdirSync(join(dir, ".ssr"));
    writeFileSync(
      join(dir, "index.html"),
      '<!doctype html>\n<html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dir, ".ssr", "entry-server.js"), "export const renderFirstScreen = (;\n");
    const app = await startTestApp({ dashboardDir: dir });
    try {
      const owner = await createOwner(app);
      await owner.post("/api/blogs", { name: "Still served" });
      for (const path of ["/posts", "/posts", "/"]) {
        const res = await owner.get(path);
        expect(res.status).toBe(200);
        expect(res.text).toContain('<div id="root"></div>');
        expect(res.text).toContain('rel="preload" as="fetch"');
        expect(res.text).not.toContain("blogfleet-first-screen");
      }
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
