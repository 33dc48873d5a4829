import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwner } from "../test/factories.ts";
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
    const page = (await owner.get("/posts")).text;
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
