/**
 * Quality of what readers and owners see (issue 9): a realistic blog is seeded through the API
 * and rendered by the real server, then
 *   1. Lighthouse (system Chromium) scores its home page and a post page, desktop and mobile:
 *      performance, accessibility, best practices and SEO, each ≥ 98;
 *   2. axe checks every dashboard screen (light and dark) and every public page kind (with the
 *      browser in light and in dark mode): serious or critical violations 0;
 *   3. the W3C Nu checker (vnu.jar, with the machine's Java) reads every generated page kind
 *      as served: errors 0.
 *
 *   npm run check:quality
 *
 * Prints one line per figure (details indented below a failing one); exits 1 on a failure.
 * LIGHTHOUSE_RUNS (default 3) sets how many runs each Lighthouse score is the median of;
 * QUALITY_ONLY=vnu,axe,lighthouse (any of them) runs only those checks.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { AxeBuilder } from "@axe-core/playwright";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { type Browser, chromium, type Page } from "playwright-core";
import { TestClient } from "../../api/test/harness.ts";
import { startOpenAiServer } from "../../api/test/openai-server.ts";
import { navItems } from "../../dashboard/src/app/layouts/nav-items.ts";
import { waitForRenders } from "./loopback-call.ts";

const root = resolve(import.meta.dirname, "../..");
const chromePath =
  process.env.CHROMIUM_PATH ??
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ??
  "/usr/bin/chromium";
const lighthouseRuns = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const target = 98;
const only = new Set((process.env.QUALITY_ONLY ?? "vnu,axe,lighthouse").split(","));
const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;

let failed = false;
const figure = (line: string, ok: boolean, details: string[] = []) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${line} [${elapsed()}]`);
  for (const detail of details) console.log(`     ${detail}`);
  if (!ok) failed = true;
};

// ------------------------------------------------------- images, as an owner's CDN serves them
/** The blog's logo and photos come from another origin on loopback, like a CDN or media host. */
const fixtures = join(root, "scripts/checks/fixtures/quality");
const types: Record<string, string> = { ".png": "image/png", ".webp": "image/webp" };
const assets = createServer((req, res) => {
  const name = (req.url ?? "").replace(/^\/media\//, "");
  if (!/^[a-z-]+\.(png|webp)$/.test(name)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    "content-type": types[extname(name)] ?? "application/octet-stream",
    "cache-control": "public, max-age=31536000, immutable",
    "access-control-allow-origin": "*",
  });
  res.end(readFileSync(join(fixtures, name)));
});
await new Promise<void>((r) => assets.listen(0, "127.0.0.1", r));
const media = `http://127.0.0.1:${(assets.address() as AddressInfo).port}/media`;

// ---------------------------------------------------------------- the server under test
const dir = mkdtempSync(join(tmpdir(), "blogfleet-quality-"));
const ai = await startOpenAiServer();
// QUALITY_PORT pins the port (engineers sharing a machine each have a range).
const port = Number(process.env.QUALITY_PORT ?? 20000 + Math.floor(Math.random() * 20000));
Object.assign(process.env, {
  PORT: String(port),
  HOST: "127.0.0.1",
  DATABASE_URL: `file:${join(dir, "quality.db")}`,
  SITES_DIR: join(dir, "sites"),
  BLOG_DOMAIN: "localhost",
  LOG_LEVEL: "error",
  NODE_ENV: "production",
  OPENAI_API_KEY: "sk-test",
  OPENAI_BASE_URL: ai.baseUrl,
});
process.chdir(root);
const { default: buildTheme } = await import("../../tests/setup/build-theme.ts");
await buildTheme();
// The dashboard is built from the current sources into a folder of its own.
const dashboardOut = "dist-e2e-quality";
{
  const { build } = await import("vite");
  await build({
    configFile: join(root, "vite.config.ts"),
    logLevel: "warn",
    build: { outDir: dashboardOut, sourcemap: false },
  });
}
const { startServer } = await import("../../api/server.ts");
const server = await startServer({ dashboardDir: join(root, "dashboard", dashboardOut) });
const base = `http://127.0.0.1:${port}`;
const subdomain = "garden";
const blogHost = `${subdomain}.localhost:${port}`;
const blogUrl = `http://${blogHost}`;

/** A page as the server sends it to the blog's host (Node does not resolve *.localhost). */
const fetchFromBlogHost = (path: string, host = blogHost) =>
  new Promise<{ status: number; body: string }>((resolveFetch, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, headers: { host, "user-agent": "Mozilla/5.0 quality" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolveFetch({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });

// ------------------------------------------------------------------------ the content
const topics = [
  ["Raised Beds for Beginners", "Vegetables", "raised-beds"],
  ["Growing Tomatoes on a Balcony", "Tomatoes", "tomato-harvest"],
  ["Hot Composting in Eighteen Days", "Soil & Compost", "compost-bin"],
  ["Drip Irrigation Without the Headache", "Tools", "raised-beds"],
  ["Saving Heirloom Tomato Seeds", "Tomatoes", "tomato-harvest"],
  ["Mulch: What, When and How Thick", "Soil & Compost", "compost-bin"],
  ["A Frost Calendar for Cool Climates", "Seasonal", "raised-beds"],
  ["Crop Rotation on a Small Plot", "Vegetables", "compost-bin"],
  ["Pruning Indeterminate Tomatoes", "Tomatoes", "tomato-harvest"],
  ["The Five Tools I Use Every Week", "Tools", "raised-beds"],
  ["Attracting Pollinators to the Vegetable Patch", "Seasonal", "tomato-harvest"],
  ["Reading a Soil Test", "Soil & Compost", "compost-bin"],
  ["Succession Sowing for Steady Harvests", "Vegetables", "raised-beds"],
  ["Building a Simple Trellis", "Tools", "tomato-harvest"],
] as const;
const sentences = [
  "Start with the sunniest spot you have, because most vegetables want six hours of direct light.",
  "A handful of finished compost worked into the top few inches does more than any bottled feed.",
  "Water deeply and less often, so the roots follow the moisture down instead of staying shallow.",
  "Keep a notebook by the door: the dates you sow and harvest are the best guide for next year.",
  "Mulch holds moisture, feeds the soil life and saves you hours of weeding in high summer.",
  "If the leaves turn pale from the bottom up, the plant is usually asking for nitrogen.",
  "Label every row on the day you sow it; in three weeks all seedlings look alike.",
  "A compost bin in a shady corner keeps the heap moist and the worms busy all season.",
  "Drip irrigation puts water at the roots, where it counts, and keeps the leaves dry.",
  "Rotate crop families each year so pests and diseases never settle in one bed.",
  "Harvest in the cool of the morning, when the plants are full of water and flavour.",
  "Thin seedlings early and without mercy: crowded plants give small and bitter crops.",
];
let randomState = 7;
const pick = <T>(list: readonly T[]): T => {
  randomState = (randomState * 1103515245 + 12345) % 2147483648;
  return list[Math.floor((randomState / 2147483648) * list.length)] as T;
};
const paragraph = () => Array.from({ length: 4 }, () => pick(sentences)).join(" ");
/** A library image (issue 17): the blog's own host serves it as a responsive <picture>. */
type LibraryImage = { id: string; src: string; width: number; height: number };

const body = (i: number, image: string, alt: string, library?: LibraryImage) =>
  [
    `<p>${paragraph()} ${paragraph()}</p>`,
    `<h2>What you need</h2>`,
    `<ul><li>A sturdy compost bin or a corner for a heap</li><li>Seeds from a trusted supplier</li><li>Drip irrigation or a watering can with a fine rose</li><li>A notebook for sowing dates</li></ul>`,
    library
      ? `<figure><img src="${library.src}" alt="${alt}" width="${library.width}" height="${library.height}"><figcaption>${alt}.</figcaption></figure>`
      : `<figure><img src="${media}/${image}.webp" alt="${alt}" width="1600" height="1000"><figcaption>${alt}.</figcaption></figure>`,
    `<h2>Step by step</h2>`,
    `<ol><li>${pick(sentences)}</li><li>${pick(sentences)}</li><li>${pick(sentences)}</li></ol>`,
    `<p>${paragraph()} See the <a href="https://www.rhs.org.uk/vegetables">Royal Horticultural Society's vegetable guides</a> for varieties that suit your region.</p>`,
    `<h3>Common mistakes</h3>`,
    `<p>${paragraph()}</p>`,
    i % 3 === 0
      ? `<blockquote><p>The best fertiliser is the gardener's shadow.</p></blockquote>`
      : "",
    i % 4 === 0
      ? `<table><caption>Days to harvest</caption><thead><tr><th scope="col">Crop</th><th scope="col">Days</th></tr></thead><tbody><tr><td>Radish</td><td>28</td></tr><tr><td>Lettuce</td><td>45</td></tr><tr><td>Tomato</td><td>70</td></tr></tbody></table>`
      : "",
    `<h2>Next steps</h2><p>${paragraph()}</p>`,
  ].join("\n");
const longExcerpt =
  `${Array.from({ length: 9 }, (_, k) => sentences[k % sentences.length]).join(" ")}`.slice(0, 990);

type Seeded = {
  owner: TestClient;
  blogId: string;
  slugs: { post: string; longPost: string; emptyCategory: string };
  summary: string;
};

/** The owner, two blogs (one on its own subdomain), categories, posts, links, clicks, AI ideas. */
async function seed(): Promise<Seeded> {
  const slugs = { post: "", longPost: "", emptyCategory: "" };
  const owner = new TestClient(base, base);
  const signUp = await owner.post("/auth/sign-up", {
    email: "ada@example.com",
    password: "correct horse battery",
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${signUp.text}`);
  const ok = async <T>(res: Promise<{ status: number; body: T; text: string }>, what: string) => {
    const answer = await res;
    if (answer.status < 200 || answer.status >= 300) {
      throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    }
    return answer.body;
  };
  const blog = await ok(
    owner.post<{ id: string; slug: string }>("/api/blogs", {
      name: "Garden & Table",
      description:
        "Practical notes on growing vegetables in small spaces: soil, compost, tomatoes and the tools that earn their keep.",
    }),
    "create blog",
  );
  await ok(owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain }), "subdomain");
  await ok(
    owner.patch(`/api/blogs/${blog.id}/customization`, {
      primaryColor: "#2f7a3a",
      fontFamily: "Georgia",
      logoUrl: `${media}/logo.png`,
    }),
    "customization",
  );
  await ok(
    owner.post(`/api/blogs/${blog.id}/automation`, {
      enabled: true,
      niche: "Small-space vegetable gardening",
      topics: ["raised beds", "composting", "tomatoes"],
      postingFrequency: "weekly",
      postsPerWeek: 2,
      autoPublish: false,
    }),
    "automation",
  );
  const other = await ok(
    owner.post<{ id: string }>("/api/blogs", {
      name: "Pocket Kitchen",
      description: "Weeknight cooking from a small kitchen.",
    }),
    "second blog",
  );

  const categoryIds = new Map<string, string>();
  for (const [name, parent] of [
    ["Vegetables", undefined],
    ["Tomatoes", "Vegetables"],
    ["Soil & Compost", undefined],
    ["Tools", undefined],
    ["Seasonal", undefined],
    ["Recipes From the Garden", undefined],
  ] as const) {
    const created = await ok(
      owner.post<{ id: string; slug: string }>("/api/categories", {
        blogId: blog.id,
        name,
        slug: name,
        parentId: parent ? categoryIds.get(parent) : undefined,
      }),
      `category ${name}`,
    );
    categoryIds.set(name, created.id);
    if (name === "Recipes From the Garden") slugs.emptyCategory = created.slug;
  }

  const linkIds: string[] = [];
  for (const [keyword, url] of [
    ["compost bin", "https://shop.example.com/compost-bin"],
    ["drip irrigation", "https://shop.example.com/drip-kit"],
    ["heirloom", "https://seeds.example.com/heirloom"],
  ] as const) {
    const link = await ok(
      owner.post<{ id: string }>("/api/affiliate-links", {
        blogId: blog.id,
        keyword,
        url,
        autoInsert: true,
      }),
      `affiliate link ${keyword}`,
    );
    linkIds.push(link.id);
  }

  // The blog's photos in its media library: posts show them from the blog's own host, and
  // every other post has one as its feature image (cards, the post page, og:image).
  const library = new Map<string, LibraryImage>();
  for (const [, , image] of topics) {
    if (library.has(image)) continue;
    const uploaded = await ok(
      owner.request<LibraryImage>(
        "POST",
        `/api/blogs/${blog.id}/media?name=${encodeURIComponent(`${image}.webp`)}`,
        { raw: readFileSync(join(fixtures, `${image}.webp`)) },
      ),
      `upload ${image}`,
    );
    await ok(
      owner.patch(`/api/blogs/${blog.id}/media/${uploaded.id}`, {
        alt: `${image.replace("-", " ")} in the garden`,
      }),
      `alt text of ${image}`,
    );
    library.set(image, uploaded);
  }

  const published = 42;
  for (let i = 0; i < published + 4; i++) {
    const [title, category, image] = topics[i % topics.length] as (typeof topics)[number];
    const round = Math.floor(i / topics.length);
    const elsewhere = i % 23 === 22;
    const post = await ok(
      owner.post<{ id: string; slug: string }>("/api/posts", {
        blogId: elsewhere ? other.id : blog.id,
        title: round ? `${title}, part ${round + 1}` : title,
        content: body(
          i,
          image,
          `${title}: ${image.replace("-", " ")} in late spring light`,
          elsewhere ? undefined : library.get(image),
        ),
        ...(elsewhere || i % 2 ? {} : { featureImageId: library.get(image)?.id }),
        excerpt: i === 1 ? longExcerpt : "",
        categoryId: elsewhere ? undefined : categoryIds.get(category),
        metaDescription:
          i % 2 ? `${title}: a practical guide from Garden & Table, with steps and tips.` : null,
        keywords: ["vegetable garden", image.replace("-", " "), "small spaces"],
      }),
      `post ${i}`,
    );
    if (i === 1) slugs.longPost = post.slug;
    if (i === 3) slugs.post = post.slug;
    if (i < published) {
      await ok(owner.patch(`/api/posts/${post.id}/status`, { status: "under_review" }), "review");
      await ok(owner.patch(`/api/posts/${post.id}/status`, { status: "published" }), "publish");
    } else if (i === published) {
      await ok(owner.patch(`/api/posts/${post.id}/status`, { status: "under_review" }), "review");
    }
  }

  // Readers' clicks on affiliate links (for the Performance and Affiliate Links charts).
  for (const [n, id] of linkIds.entries()) {
    for (let k = 0; k <= n * 2; k++) await fetchFromBlogHost(`/go/${id}`);
  }
  // AI suggestions for the two recommendation screens, from the test AI server.
  await ok(
    owner.post(`/api/blogs/${blog.id}/affiliate-recommendations/generate`),
    "affiliate recommendations",
  );
  ai.state.post = {
    ideas: [
      {
        suggestedName: "Balcony Harvest",
        suggestedNiche: "Container gardening",
        suggestedDomain: "balconyharvest.com",
        targetAudience: "Flat dwellers with a balcony",
        monetizationPotential: "High",
        marketOpportunity: "Growing interest in urban food growing",
        contentStrategy: "Weekly how-tos and seasonal planting calendars",
        suggestedTopics: ["container soil", "vertical planters", "balcony tomatoes"],
        reasoning: "Your garden blog's readers ask about small spaces.",
      },
    ],
  };
  await ok(owner.post("/api/blog-recommendations/generate"), "blog recommendations");

  return {
    owner,
    blogId: blog.id,
    slugs,
    summary: `2 blogs, ${categoryIds.size} categories, ${published} published posts (+ drafts), ${linkIds.length} affiliate links`,
  };
}

type PublicPage = { kind: string; path: string; status: number; host: string };

/** Every kind of page the theme generates, as a reader reaches it. */
function publicPagesOf({ slugs }: Seeded): PublicPage[] {
  const pages: [kind: string, path: string, status: number][] = [
    ["home", "/", 200],
    ["home page 2", "/page/2", 200],
    ["oldest archive page", "/page/1", 200],
    ["post", `/post/${slugs.post}`, 200],
    ["post with long excerpt", `/post/${slugs.longPost}`, 200],
    ["category with subcategories", "/category/vegetables", 200],
    ["subcategory", "/category/tomatoes", 200],
    ["empty category", `/category/${slugs.emptyCategory}`, 200],
    // No public name set: the author is the blog (decisions 055, 056).
    ["author page", "/author/garden-table", 200],
    // The subscribe page (decision 375): its form when the server has SMTP, else a note.
    ["subscribe page", "/subscribe", 200],
    ["404 page", "/no-such-page", 404],
    ["404 post", "/post/no-such-post", 404],
  ];
  return [
    ...pages.map(([kind, path, status]) => ({ kind, path, status, host: blogHost })),
    // A blog address with no blog behind it gets the theme's 'Blog not found' page.
    { kind: "unknown blog", path: "/blog/no-such-blog/", status: 404, host: `127.0.0.1:${port}` },
  ];
}

// ------------------------------------------------------------ 3. W3C Nu HTML checker
type VnuMessage = {
  type: string;
  subType?: string;
  message: string;
  url: string;
  lastLine?: number;
};

async function runVnu(files: string[]): Promise<VnuMessage[]> {
  const vnuJar = createRequire(import.meta.url)("vnu-jar") as string;
  const result = await promisify(execFile)(
    "java",
    ["-jar", vnuJar, "--format", "json", "--exit-zero-always", ...files],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return (JSON.parse(result.stderr || result.stdout) as { messages: VnuMessage[] }).messages;
}

async function checkHtml(pages: PublicPage[]) {
  const files: string[] = [];
  const names = new Map<string, string>();
  const wrongStatus: string[] = [];
  for (const [index, { kind, path, status, host }] of pages.entries()) {
    const page = await fetchFromBlogHost(path, host);
    if (page.status !== status) wrongStatus.push(`${kind} ${path}: ${page.status}, not ${status}`);
    const file = join(dir, `page-${index}.html`);
    writeFileSync(file, page.body);
    files.push(file);
    names.set(`page-${index}.html`, `${kind} (${path})`);
  }
  // A canary: the checker must find the error planted in this document, or it checks nothing.
  const canary = join(dir, "canary.html");
  writeFileSync(canary, "<!doctype html><html lang=en><title>x</title><p><div>x</div></p>");
  const messages = await runVnu([...files, canary]);
  const canaryCaught = messages.some((m) => m.type === "error" && m.url.endsWith("/canary.html"));
  const found = messages.filter((m) => !m.url.endsWith("/canary.html"));
  const where = (m: VnuMessage) =>
    `${names.get(m.url.split("/").at(-1) ?? "") ?? m.url}:${m.lastLine ?? "?"}`;
  const errors = found.filter((m) => m.type === "error");
  const warnings = found.filter((m) => m.type === "info" && m.subType === "warning");
  figure(
    `W3C Nu checker on ${files.length} served pages (${pages.map((p) => p.kind).join(", ")}): errors ${errors.length}, warnings ${warnings.length}`,
    errors.length === 0 && wrongStatus.length === 0 && canaryCaught,
    [
      ...(canaryCaught ? [] : ["the checker missed the error planted in a canary page"]),
      ...wrongStatus.map((w) => `unexpected status: ${w}`),
      ...[...errors, ...warnings]
        .slice(0, 20)
        .map((m) => `${m.type === "error" ? "error" : "warning"} ${where(m)} ${m.message}`),
    ],
  );
}

// ------------------------------------------------------------------------- 2. axe
type AxeTally = { checks: number; findings: string[]; rulesPassed: Set<string>; toReview: number };
const tally = (): AxeTally => ({ checks: 0, findings: [], rulesPassed: new Set(), toReview: 0 });

/** Serious and critical violations on what the page shows now, one line per element. */
async function axe(page: Page, where: string, into: AxeTally) {
  const results = await new AxeBuilder({ page }).analyze();
  into.checks++;
  for (const rule of results.passes) into.rulesPassed.add(rule.id);
  // Contrast axe could not decide (text over an image or a gradient): counted, shown below.
  into.toReview += results.incomplete.filter((r) => r.id === "color-contrast").length;
  for (const v of results.violations) {
    if (v.impact !== "serious" && v.impact !== "critical") continue;
    for (const n of v.nodes) {
      const why = (n.failureSummary ?? v.help).replace(/\s+/g, " ").slice(0, 200);
      into.findings.push(`${where}: ${v.id} (${v.impact}) ${n.target.join(" ")}: ${why}`);
    }
  }
}

/** Waits until a dashboard screen has its data: no request in flight, no 'Loading...' left. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page
    .getByText("Loading...", { exact: true })
    .first()
    .waitFor({ state: "hidden", timeout: 10_000 })
    .catch(() => undefined);
  // Let entrance transitions end: colours are measured as they end up.
  await page.waitForTimeout(400);
}

async function checkAxe(browser: Browser, seeded: Seeded, pages: PublicPage[]) {
  const shots = process.env.QUALITY_SCREENSHOTS;
  const shoot = async (page: Page, name: string) => {
    if (shots) await page.screenshot({ path: join(shots, `${name.replace(/\W+/g, "_")}.png`) });
  };

  // A canary: axe must report this low-contrast text, or it checks nothing.
  {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent(
      '<!doctype html><html lang="en"><title>canary</title><main><p style="color:#bbb;background:#fff">faint</p></main></html>',
    );
    const canary = tally();
    await axe(page, "canary", canary);
    await context.close();
    figure(
      `axe canary: planted low-contrast text reported ${canary.findings.length > 0 ? "yes" : "no"}`,
      canary.findings.some((f) => f.includes("color-contrast")),
    );
  }

  // Public pages: the theme has one look; checked with the browser asking for light and dark.
  const readers = tally();
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    for (const { kind, path, host } of pages) {
      await page.goto(`http://${host}${path}`, { waitUntil: "load" });
      await shoot(page, `public ${kind} ${colorScheme}`);
      await axe(page, `${kind} (${colorScheme})`, readers);
    }
    await context.close();
  }
  figure(
    `axe on ${pages.length} public page kinds × light/dark browser (${readers.checks} checks, ${readers.rulesPassed.size} rules passed): serious or critical violations ${readers.findings.length}`,
    readers.findings.length === 0,
    [
      ...readers.findings.slice(0, 25),
      ...(readers.toReview ? [`contrast axe could not decide: ${readers.toReview} elements`] : []),
    ],
  );

  // Dashboard: every sidebar screen and the editor, the blog selected, in both themes.
  const { owner, blogId } = seeded;
  const posts = (await owner.get<{ id: string; status: string }[]>(`/api/blogs/${blogId}/posts`))
    .body;
  const draft = posts.find((p) => p.status === "draft");
  const live = posts.find((p) => p.status === "published");
  if (!draft || !live) throw new Error("the seeded blog has no draft or no published post");
  const screens = [
    ...navItems.map((item) => item.url),
    "/editor",
    `/editor?id=${draft.id}`,
    `/editor?id=${live.id}&mode=view`,
  ];
  const owners = tally();
  const problems: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    const context = await browser.newContext({ colorScheme: theme });
    await context.addCookies(
      [...owner.cookies].map(([name, value]) => ({ name, value, url: base })),
    );
    await context.addInitScript(
      ([selected, chosen]) => {
        localStorage.setItem("selectedBlogId", selected);
        localStorage.setItem("theme", chosen);
      },
      [blogId, theme] as const,
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    for (const screen of screens) {
      await page.goto(`${base}${screen}`, { waitUntil: "load" });
      await settle(page);
      await shoot(page, `dashboard ${screen} ${theme}`);
      // The screen must be the one asked for, in the theme asked for, with its heading.
      const state = await page.evaluate(() => ({
        dark: document.documentElement.classList.contains("dark"),
        path: location.pathname,
        heading: document.querySelector("h1")?.textContent ?? "",
      }));
      if (state.dark !== (theme === "dark")) problems.push(`${screen}: not in the ${theme} theme`);
      if (state.path !== screen.split("?")[0]) problems.push(`${screen}: landed on ${state.path}`);
      if (!state.heading)
        problems.push(`${screen} (${theme}): no heading, the screen did not load`);
      await axe(page, `${screen} (${theme})`, owners);
    }
    problems.push(...errors.map((e) => `${theme}: page error ${e}`));
    await context.close();
  }
  figure(
    `axe on ${screens.length} dashboard screens (${navItems.length} sidebar screens; new, edit and view editor) × light/dark theme (${owners.checks} checks, ${owners.rulesPassed.size} rules passed): serious or critical violations ${owners.findings.length}`,
    owners.findings.length === 0 && problems.length === 0,
    [
      ...problems,
      ...owners.findings.slice(0, 25),
      ...(owners.toReview ? [`contrast axe could not decide: ${owners.toReview} elements`] : []),
    ],
  );
}

// ------------------------------------------------------------------- 1. Lighthouse
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

async function checkLighthouse(pages: [name: string, path: string][]) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
    ],
    logLevel: "silent",
  });
  try {
    for (const [name, path] of pages) {
      for (const preset of ["desktop", "mobile"] as const) {
        const url = `${blogUrl}${path}`;
        const scores = new Map<string, number[]>(categories.map((c) => [c, []]));
        const shortfalls = new Map<string, string>();
        const metrics: string[] = [];
        for (let run = 0; run < lighthouseRuns; run++) {
          const result = await lighthouse(
            url,
            {
              port: chrome.port,
              output: "json",
              logLevel: "error",
              onlyCategories: [...categories],
            },
            // Lighthouse's default configuration is the mobile one (emulated phone, slow 4G).
            preset === "desktop" ? desktopConfig : undefined,
          );
          if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
          const { lhr } = result;
          if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
          for (const category of categories) {
            const found = lhr.categories[category];
            scores.get(category)?.push(Math.round((found?.score ?? 0) * 100));
            // What cost points, with the audit's own explanation or first offending item.
            for (const ref of found?.auditRefs ?? []) {
              const audit = lhr.audits[ref.id];
              if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
              const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)
                ?.items;
              const first = items?.[0];
              const detail =
                audit.explanation ??
                (first?.node as { snippet?: string } | undefined)?.snippet ??
                (first?.url as string | undefined) ??
                audit.displayValue ??
                "";
              shortfalls.set(
                `${category}/${ref.id}`,
                `${category}: ${ref.id} (score ${audit.score}) ${audit.title}${detail ? ` — ${String(detail).slice(0, 160)}` : ""}`,
              );
            }
          }
          if (run === 0) {
            for (const id of [
              "first-contentful-paint",
              "largest-contentful-paint",
              "total-blocking-time",
              "cumulative-layout-shift",
              "speed-index",
            ]) {
              metrics.push(`${id.replace(/-/g, " ")} ${lhr.audits[id]?.displayValue ?? "?"}`);
            }
          }
        }
        const medians = categories.map((c) => [c, median(scores.get(c) ?? [])] as const);
        figure(
          `Lighthouse ${name} page, ${preset} (median of ${lighthouseRuns}): ${medians.map(([c, s]) => `${c} ${s}`).join(", ")} (target ≥ ${target} each)`,
          medians.every(([, s]) => s >= target),
          [`metrics (first run): ${metrics.join(", ")}`, ...shortfalls.values()],
        );
      }
    }
  } finally {
    chrome.kill();
  }
}

// ------------------------------------------------------------------------------ run
try {
  const seeded = await seed();
  await waitForRenders(seeded.owner);
  const home = await fetchFromBlogHost("/");
  if (home.status !== 200 || !home.body.includes("Garden &amp; Table")) {
    throw new Error(`the blog's home page answered ${home.status}`);
  }
  console.log(`     seeded: ${seeded.summary}; the blog is at ${blogUrl}/`);
  const pages = publicPagesOf(seeded);
  if (only.has("vnu")) await checkHtml(pages);
  if (only.has("axe")) {
    const browser = await chromium.launch({
      executablePath: chromePath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    try {
      await checkAxe(browser, seeded, pages);
    } finally {
      await browser.close();
    }
  }
  if (only.has("lighthouse")) {
    await checkLighthouse([
      ["home", "/"],
      ["post", `/post/${seeded.slugs.post}`],
    ]);
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  await ai.close();
  assets.closeAllConnections();
  await new Promise<void>((r) => assets.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
