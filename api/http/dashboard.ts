import { existsSync, readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import express, { type Router } from "express";
import { limits } from "../../contracts/limits.ts";
import type { Env } from "../env.ts";

/** What Vite's build manifest says of one module (`build.manifest`, `.vite/manifest.json`). */
type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** The signed-in shell: the layout, then each screen by its path's first segment. */
const layoutModule = "src/app/layouts/dashboard-layout.tsx";
const screenModuleOf = (segment: string) =>
  segment === "" || segment === "dashboard"
    ? "src/features/dashboard/components/dashboard-page.tsx"
    : `src/features/${segment}/components/${segment}-page.tsx`;

const attribute = (value: string) =>
  value.replace(
    /[&"<>]/g,
    (c) => ({ "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" })[c] as string,
  );

/** The dashboard's index.html with the running server's settings it needs at start. */
export function dashboardShell(html: string, env: Pick<Env, "BLOG_DOMAIN">): string {
  const meta = `<meta name="blogfleet:blog-domain" content="${attribute(env.BLOG_DOMAIN)}" />`;
  return html.replace(/<head>/i, `<head>\n    ${meta}`);
}

/**
 * The chunks a screen's code needs (the module and what it imports, transitively), minus
 * those the page already loads (the entry's), as absolute URLs.
 */
export function screenChunks(manifest: Manifest, modules: string[]): string[] {
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, loaded);
  const wanted = new Set<string>();
  for (const module of modules) if (manifest[module]) walk(module, wanted);
  return [...wanted].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
}

/**
 * The first page of posts a screen reads, by its path's first segment, with the dashboard's own
 * key (`postPageKey` in dashboard/src/lib/api/get-post-page.ts: the same URL, or the browser
 * does not hand the preloaded answer to the fetch): the Dashboard's newest posts, All Posts'
 * first cards. Other screens read no list at start.
 */
export function firstPostsPath(segment: string, blogId: string): string | undefined {
  const limit =
    segment === "" || segment === "dashboard"
      ? limits.recentPosts
      : segment === "posts"
        ? limits.allPostsPage
        : undefined;
  return limit === undefined
    ? undefined
    : `/api/blogs/${encodeURIComponent(blogId)}/posts?limit=${limit}`;
}

const segmentOf = (pathname: string) => /^\/([a-z-]*)/.exec(pathname)?.[1] ?? "";

/**
 * The hints a signed-in owner's page carries (issue 20, decision 170): the session mark the
 * dashboard reads to start its first reads at once, the reads every signed-in screen makes
 * (fetched while the page is parsed), the screen's first posts when the server knows the blog
 * the dashboard will show (`onlyBlogId`, decision 260), and the code of the layout and of the
 * screen asked for (fetched beside the entry instead of after "who is signed in?" has been
 * answered).
 */
export function signedInHints(
  manifest: Manifest | undefined,
  pathname: string,
  onlyBlogId?: string,
): string {
  const segment = segmentOf(pathname);
  const chunks = manifest ? screenChunks(manifest, [layoutModule, screenModuleOf(segment)]) : [];
  const posts = onlyBlogId ? firstPostsPath(segment, onlyBlogId) : undefined;
  return [
    `<meta name="blogfleet:session" content="signed-in" />`,
    ...["/api/auth/user", "/api/blogs", ...(posts ? [posts] : [])].map(
      (path) =>
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${attribute(path)}" />`,
    ),
    ...chunks.map((url) => `<link rel="modulepreload" crossorigin href="${attribute(url)}" />`),
  ].join("\n    ");
}

/** Hashed file names never change content: cached for a year, never revalidated. */
const immutable = "public, max-age=31536000, immutable";

/** The precompressed copies the build wrote beside each asset (vite.config.ts). */
const encodings = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** The encodings a request accepts (`q=0` refuses one). */
function accepted(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) names.add(name);
  }
  return names;
}

/**
 * The built dashboard's hashed assets (`/assets/*`), the same for everyone: answered from the
 * brotli or gzip copy the build made when the browser accepts one, else as they are, cached
 * for a year. The app mounts this before it reads the session, so the forty-odd scripts of a
 * first load cost no session lookup each.
 */
export function dashboardAssets(dashboardDir: string): Router {
  const router = express.Router();
  const assetsDir = join(dashboardDir, "assets");
  const compressed = new Map<string, Set<string>>();
  if (existsSync(assetsDir)) {
    const files = new Set(readdirSync(assetsDir));
    for (const file of files) {
      const variants = new Set(
        encodings.filter((e) => files.has(file + e.suffix)).map((e) => e.name),
      );
      if (variants.size > 0) compressed.set(file, variants);
    }
  }
  router.get(/^\/assets\/[^/]+$/, (req, res, next) => {
    const file = req.path.slice("/assets/".length);
    const variants = compressed.get(file);
    if (!variants) return next();
    const want = accepted(req.get("accept-encoding"));
    const encoding = encodings.find((e) => variants.has(e.name) && want.has(e.name));
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    res.type(extname(file));
    res.sendFile(join(assetsDir, file + encoding.suffix), {
      headers: { "Content-Encoding": encoding.name, "Cache-Control": immutable },
      // The Cache-Control above is the one that counts.
      cacheControl: false,
    });
  });
  router.use(
    "/assets",
    express.static(assetsDir, { index: false, maxAge: "365d", immutable: true }),
  );
  return router;
}

/**
 * The rest of the built dashboard: its other files (favicon) for an hour, and its shell for
 * every other GET, with the server's settings and, for a signed-in owner, the hints of
 * `signedInHints`. The shell is never cached: it follows the session and the deployed build.
 */
export function dashboardRoutes(
  dashboardDir: string,
  env: Pick<Env, "BLOG_DOMAIN">,
  /**
   * The owner's blog when they have exactly one (the one the dashboard then shows, whatever it
   * stored), else undefined: several blogs leave the choice to the dashboard (decision 260).
   */
  onlyBlogOf?: (ownerId: string) => Promise<string | undefined>,
): Router {
  const router = express.Router();
  router.use(express.static(dashboardDir, { index: false, maxAge: "1h" }));

  const shell = dashboardShell(readFileSync(join(dashboardDir, "index.html"), "utf8"), env);
  const manifestFile = join(dashboardDir, ".vite", "manifest.json");
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest)
    : undefined;
  router.get(/.*/, async (req, res, next) => {
    try {
      res.setHeader("Cache-Control", "no-cache");
      res.vary("Cookie");
      if (!req.user) return void res.type("html").send(shell);
      const segment = segmentOf(req.path);
      const onlyBlogId =
        onlyBlogOf && firstPostsPath(segment, "-") ? await onlyBlogOf(req.user.id) : undefined;
      const hints = signedInHints(manifest, req.path, onlyBlogId);
      res.type("html").send(shell.replace(/<\/head>/i, `  ${hints}\n  </head>`));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
