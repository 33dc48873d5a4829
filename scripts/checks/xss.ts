/**
 * Stored XSS sweep (issue 9): the script-injection strings of blns and the proof-of-concept
 * payloads of published sanitizer and Ghost advisories are saved in every field an owner (or
 * the AI) can fill; the blogs are rendered; then every generated page is scanned for event
 * handler attributes and script URLs, and every page and every dashboard screen is opened in
 * Chromium with traps on alert/confirm/prompt and a dialog hook.
 *
 *   node scripts/checks/xss.ts        (also part of `npm run check:security`)
 *
 * Prints one line per figure; exits 1 when executions, handlers or script URLs are not 0.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { Parser } from "htmlparser2";
import { chromium } from "playwright-core";
import { TestClient } from "../../api/test/harness.ts";
import { startOpenAiServer } from "../../api/test/openai-server.ts";
import { beaconScript } from "../../site-builder/theme/lib/beacon.ts";
import { waitForRenders } from "./loopback-call.ts";

const root = resolve(import.meta.dirname, "../..");
const blns = JSON.parse(
  readFileSync(join(root, "scripts/checks/fixtures/blns-script-injection.json"), "utf8"),
) as { strings: string[] };
const advisories = JSON.parse(
  readFileSync(join(root, "scripts/checks/fixtures/xss-advisories.json"), "utf8"),
) as { payloads: { source: string; payload: string }[] };
const payloads = [...blns.strings, ...advisories.payloads.map((p) => p.payload)];

// ---------------------------------------------------------------- the server under test
const dir = mkdtempSync(join(tmpdir(), "blogfleet-xss-"));
const ai = await startOpenAiServer();
const port = 20000 + Math.floor(Math.random() * 20000);
Object.assign(process.env, {
  PORT: String(port),
  HOST: "127.0.0.1",
  DATABASE_URL: `file:${join(dir, "xss.db")}`,
  SITES_DIR: join(dir, "sites"),
  BLOG_DOMAIN: "localhost",
  LOG_LEVEL: "error",
  NODE_ENV: "test",
  OPENAI_API_KEY: "sk-test",
  OPENAI_BASE_URL: ai.baseUrl,
});
const { default: buildTheme } = await import("../../tests/setup/build-theme.ts");
await buildTheme();
const dashboardDir = join(root, "dashboard/dist");
if (!readdirSync(join(root, "dashboard")).includes("dist")) {
  const { build } = await import("vite");
  await build({ configFile: join(root, "vite.config.ts"), logLevel: "warn" });
}
const { startServer } = await import("../../api/server.ts");
const server = await startServer({ dashboardDir });
const base = `http://127.0.0.1:${port}`;

let failed = false;
const figure = (line: string, ok: boolean) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${line}`);
  if (!ok) failed = true;
};

try {
  // -------------------------------------------------------------- the hostile content
  const owner = new TestClient(base, base);
  const signUp = await owner.post("/auth/sign-up", {
    email: "xss@example.com",
    password: "correct horse battery",
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);

  let accepted = 0;
  let refused = 0;
  const save = async (method: "post" | "patch", path: string, body: unknown) => {
    const res = await owner[method](path, body);
    if (res.status >= 200 && res.status < 300) accepted++;
    else if (res.status === 400 || res.status === 409) refused++;
    else throw new Error(`${method.toUpperCase()} ${path} answered ${res.status}: ${res.text}`);
    return res;
  };
  const cut = (s: string, n: number) => s.slice(0, n);

  // Blog names and descriptions: one blog per group of payloads (names ≤ 100 characters).
  const blogIds: string[] = [];
  const blogNamePayloads = payloads.filter((_, i) => i % 40 === 0);
  for (const [i, payload] of blogNamePayloads.entries()) {
    const res = await save("post", "/api/blogs", {
      name: cut(`${payload} ${i}`, 100),
      description: cut(payload, 500),
    });
    if (res.status === 201) blogIds.push((res.body as { id: string }).id);
  }
  const main = (
    await owner.post<{ id: string }>("/api/blogs", { name: "XSS main", description: payloads[1] })
  ).body.id;
  blogIds.unshift(main);
  await save("patch", `/api/blogs/${main}/domain`, { subdomain: "xss-main" });

  // Categories (names), nested one level under the first.
  const categoryIds: string[] = [];
  for (const [i, payload] of payloads.filter((_, i) => i % 8 === 0).entries()) {
    const res = await save("post", "/api/categories", {
      blogId: main,
      name: cut(payload, 90) + i,
      parentId: categoryIds[0],
    });
    if (res.status === 201) categoryIds.push((res.body as { id: string }).id);
  }

  // Affiliate keywords: a payload as the keyword, and a post that contains it.
  for (const payload of payloads.filter((_, i) => i % 12 === 0)) {
    await save("post", "/api/affiliate-links", {
      blogId: main,
      keyword: cut(payload, 100),
      url: "https://shop.example.com/p",
      autoInsert: true,
    });
  }

  // Posts: every payload in title, content, excerpt, meta fields and keywords, published.
  const publish = async (id: string) => {
    await save("patch", `/api/posts/${id}/status`, { status: "under_review" });
    await save("patch", `/api/posts/${id}/status`, { status: "published" });
  };
  for (const [i, payload] of payloads.entries()) {
    const res = await save("post", "/api/posts", {
      blogId: blogIds[i % blogIds.length],
      title: cut(payload, 180) || `Post ${i}`,
      content: `<p>Before ${i}</p>${payload}<p>${payload}</p><h2>${payload}</h2>`,
      excerpt: cut(payload, 1000),
      metaTitle: cut(payload, 200),
      metaDescription: cut(payload, 500),
      keywords: [cut(payload, 100)],
      categoryId: i % blogIds.length === 0 ? categoryIds[i % categoryIds.length] : undefined,
    });
    if (res.status === 201) await publish((res.body as { id: string }).id);
  }

  // AI output: the test AI server answers with hostile HTML and fields; saved and published.
  let aiPosts = 0;
  for (const payload of payloads.filter((_, i) => i % 10 === 0)) {
    ai.state.mode = "ok";
    ai.state.post = {
      title: cut(`AI ${payload}`, 180),
      content: `<p>${payload}</p>${payload}`,
      metaTitle: cut(payload, 60),
      metaDescription: cut(payload, 160),
      suggestedKeywords: [cut(payload, 100)],
      slug: `ai-${aiPosts}`,
    };
    const generated = await owner.post<Record<string, unknown>>("/api/ai/generate-post", {
      topic: "Hostile input",
      tone: "professional",
      length: "short",
    });
    if (generated.status !== 200) {
      refused++;
      continue;
    }
    const g = generated.body;
    const res = await save("post", "/api/posts", {
      blogId: main,
      title: g.title,
      content: g.content,
      metaTitle: g.metaTitle,
      metaDescription: g.metaDescription,
      keywords: g.suggestedKeywords,
      slug: g.slug,
    });
    if (res.status === 201) {
      aiPosts++;
      await publish((res.body as { id: string }).id);
    }
  }
  figure(
    `payloads ${payloads.length} (blns ${blns.strings.length}, advisories ${advisories.payloads.length}); saves accepted ${accepted}, refused by validation ${refused}; AI posts ${aiPosts}`,
    accepted > payloads.length,
  );

  // ------------------------------------------------------------------ wait for renders
  await waitForRenders(owner);

  // -------------------------------------------------------- static scan of every page
  const files: { blogId: string; path: string; file: string }[] = [];
  for (const blogId of blogIds) {
    const current = join(dir, "sites", "blogs", blogId, "current");
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const full = join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(html|xml)$/.test(entry.name)) {
          files.push({ blogId, path: `/${relative(current, full)}`, file: full });
        }
      }
    };
    walk(current);
  }
  let handlers = 0;
  let scriptUrls = 0;
  let scriptTags = 0;
  const examples: string[] = [];
  const urlAttributes = new Set([
    "href",
    "src",
    "action",
    "formaction",
    "xlink:href",
    "data",
    "srcdoc",
    "poster",
    "background",
    "ping",
  ]);
  const scanHtml = (html: string, where: string, allowJsonLd: boolean) => {
    // The counting beacon (decision 130) is the one script a page may run, byte for byte.
    let beacon: string | undefined;
    const parser = new Parser(
      {
        ontext(text) {
          if (beacon !== undefined) beacon += text;
        },
        onclosetag(name) {
          if (name !== "script" || beacon === undefined) return;
          if (beacon !== beaconScript) {
            scriptTags++;
            examples.push(`${where}: <script> that is not the beacon`);
          }
          beacon = undefined;
        },
        onopentag(name, attributes) {
          if (name === "script" && allowJsonLd && "data-home" in attributes) beacon = "";
          else if (
            name === "script" &&
            !(allowJsonLd && attributes.type === "application/ld+json")
          ) {
            scriptTags++;
            examples.push(`${where}: <script>`);
          }
          for (const [attr, value] of Object.entries(attributes)) {
            if (/^on/i.test(attr)) {
              handlers++;
              examples.push(`${where}: ${attr}=`);
            }
            // Browsers drop tabs, newlines and leading control characters before the scheme.
            const scheme = [...value]
              .filter((c) => (c.codePointAt(0) ?? 0) > 0x20)
              .join("")
              .toLowerCase()
              .split(":")[0];
            if (
              urlAttributes.has(attr.toLowerCase()) &&
              value.includes(":") &&
              (scheme === "javascript" || scheme === "vbscript" || /^data$/.test(scheme ?? ""))
            ) {
              if (scheme === "data" && /^data:image\//i.test(value.trim())) continue;
              scriptUrls++;
              examples.push(`${where}: ${attr}=${value.slice(0, 40)}`);
            }
          }
        },
      },
      { decodeEntities: true, lowerCaseAttributeNames: true },
    );
    parser.write(html);
    parser.end();
  };
  for (const { blogId, path, file } of files) {
    const text = readFileSync(file, "utf8");
    const where = `${blogId.slice(0, 6)}${path}`;
    if (path.endsWith(".html")) scanHtml(text, where, true);
    else {
      // Feed readers render item descriptions and content as HTML: scan them as such.
      let inside = false;
      let chunk = "";
      const xml = new Parser(
        {
          onopentag(name) {
            if (name === "description" || name === "content:encoded") {
              inside = true;
              chunk = "";
            }
          },
          ontext(t) {
            if (inside) chunk += t;
          },
          onclosetag(name) {
            if (name === "description" || name === "content:encoded") {
              inside = false;
              scanHtml(chunk, `${where} <${name}>`, false);
            }
          },
        },
        { xmlMode: true, decodeEntities: true },
      );
      xml.write(text);
      xml.end();
    }
  }
  figure(`generated files scanned ${files.length}: on* attributes ${handlers}`, handlers === 0);
  figure(`javascript:/vbscript:/data: URLs ${scriptUrls}`, scriptUrls === 0);
  figure(`script elements other than JSON-LD ${scriptTags}`, scriptTags === 0);
  for (const e of examples.slice(0, 10)) console.log(`     ${e}`);

  // ------------------------------------------------------------ open it all in Chromium
  const browser = await chromium.launch({
    executablePath:
      process.env.CHROMIUM_PATH ??
      process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ??
      "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  let executions = 0;
  let dialogs = 0;
  let cspReports = 0;
  let opened = 0;
  /** What the pages' Content-Security-Policy blocked, by directive and URL (one example each). */
  const cspKinds = new Map<string, string>();
  try {
    const context = await browser.newContext();
    await context.addCookies(
      [...owner.cookies].map(([name, value]) => ({ name, value, url: base })),
    );
    await context.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      w.__xss = 0;
      for (const name of ["alert", "confirm", "prompt", "print"]) {
        w[name] = () => {
          w.__xss = (w.__xss as number) + 1;
        };
      }
      document.addEventListener("securitypolicyviolation", (event) => {
        w.__csp = ((w.__csp as number) ?? 0) + 1;
        if (!w.__cspSeen) w.__cspSeen = [];
        (w.__cspSeen as string[]).push(
          `${event.effectiveDirective} ${event.blockedURI} ${location.pathname}`,
        );
      });
    });
    context.on("page", (page) => {
      page.on("dialog", (dialog) => {
        dialogs++;
        void dialog.dismiss();
      });
    });
    const page = await context.newPage();
    page.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    const visit = async (url: string) => {
      await page.goto(url, { waitUntil: "load" });
      // Give handlers on load, timers and lazy content a moment; move the mouse over the page.
      await page.mouse.move(100, 100);
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(50);
      const found = await page.evaluate(() => {
        const w = window as unknown as Record<string, number>;
        const seen = (window as unknown as Record<string, string[]>).__cspSeen ?? [];
        return { xss: w.__xss ?? 0, csp: w.__csp ?? 0, seen };
      });
      for (const line of found.seen) cspKinds.set(line.split(" ").slice(0, 2).join(" "), line);
      executions += found.xss;
      cspReports += found.csp;
      opened++;
    };
    // Public pages of the main blog on its own host (*.localhost resolves to loopback).
    for (const { blogId, path } of files) {
      if (blogId !== main || !path.endsWith(".html")) continue;
      const url = `http://xss-main.localhost:${port}${path.replace(/index\.html$/, "")}`;
      await visit(url);
    }
    // Other blogs under the app's /blog/{slug}/ (home pages).
    const blogs = (await owner.get<{ id: string; slug: string }[]>("/api/blogs")).body;
    for (const blog of blogs) await visit(`${base}/blog/${blog.slug}/`);
    // Every dashboard screen with each blog selected, and the blog switcher open.
    const screens = [
      "/dashboard",
      "/performance",
      "/my-blogs",
      "/posts",
      "/categories",
      "/affiliate-links",
      "/affiliate-recommendations",
      "/blog-recommendations",
      "/settings",
    ];
    for (const blog of blogs.slice(0, 3)) {
      await page.goto(`${base}/dashboard`);
      await page.evaluate((id) => localStorage.setItem("selectedBlogId", id), blog.id);
      for (const screen of screens) await visit(`${base}${screen}`);
      const posts = (await owner.get<{ id: string }[]>(`/api/blogs/${blog.id}/posts`)).body;
      for (const post of posts.slice(0, 5)) {
        await visit(`${base}/editor?id=${post.id}&mode=view`);
        await visit(`${base}/editor?id=${post.id}`);
      }
    }
    await visit(`${base}/dashboard`);
    await page.getByRole("banner").getByRole("button").first().click();
    await page.waitForTimeout(200);
    executions += await page.evaluate(
      () => (window as unknown as Record<string, number>).__xss ?? 0,
    );
  } finally {
    await browser.close();
  }
  figure(
    `pages and screens opened in Chromium ${opened}: script executions ${executions}, dialogs ${dialogs} (CSP violations reported ${cspReports})`,
    executions === 0 && dialogs === 0,
  );
  for (const example of [...cspKinds.values()].slice(0, 10)) {
    console.log(`     blocked by CSP: ${example}`);
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  await ai.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
