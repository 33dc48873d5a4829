import { existsSync, readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import express, { type Request, type Response, type Router } from "express";
import {
  appHostMetaName,
  type FirstScreen,
  firstScreenNameOf,
  themeCookie,
} from "../../contracts/first-screen.ts";
import { limits } from "../../contracts/limits.ts";
import { readCookie } from "../auth/cookies.ts";
import type { Env } from "../env.ts";
import type { FirstScreenReader } from "./first-screen.ts";

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

/**
 * The dashboard's index.html with the running server's settings it needs at start, and the
 * mark that it is on the app's own host: a blog's host gets the blog's pages before the
 * dashboard is reached (`blogHostRoutes`), so the app never needs to ask `/api/public/blog`
 * (decision 354).
 */
export function dashboardShell(html: string, env: Pick<Env, "BLOG_DOMAIN">): string {
  const meta = [
    `<meta name="blogfleet:blog-domain" content="${attribute(env.BLOG_DOMAIN)}" />`,
    `<meta name="${appHostMetaName}" content="app" />`,
  ].join("\n    ");
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
  /** The page carries its answers (decision 300): none of them is fetched. */
  rendered = false,
): string {
  const segment = segmentOf(pathname);
  const chunks = manifest ? screenChunks(manifest, [layoutModule, screenModuleOf(segment)]) : [];
  const posts = onlyBlogId ? firstPostsPath(segment, onlyBlogId) : undefined;
  const reads = rendered ? [] : ["/api/auth/user", "/api/blogs", ...(posts ? [posts] : [])];
  return [
    `<meta name="blogfleet:session" content="signed-in" />`,
    ...reads.map(
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

/** The server's render of the first screen, as the dashboard's build makes it (vite.config.ts). */
type ServerRender = {
  renderFirstScreen: (
    url: string,
    cookie: string,
    screen: FirstScreen,
  ) => Promise<{ html: string; data: string }>;
};

const rootOpen = '<div id="root">';
const rootClose = "</div>";

/**
 * The page around a server-rendered first screen, in two parts: up to the inside of `#root`
 * (sent at once, so the browser fetches the style sheet and the code while the screen is
 * rendered), and the rest after the markup, `data` (the JSON block) just after `#root`.
 */
export function renderedPageParts(
  shell: string,
  dark: boolean,
): { head: string; tail: (data: string | undefined) => string } {
  // The theme the page is rendered with, before any script runs: no light flash.
  const page = dark ? shell.replace(/<html([^>]*)>/i, '<html$1 class="dark">') : shell;
  const at = page.indexOf(`${rootOpen}${rootClose}`);
  const head = page.slice(0, at + rootOpen.length);
  const rest = page.slice(at + rootOpen.length + rootClose.length);
  return {
    head,
    tail: (data) =>
      `${rootClose}${
        data === undefined
          ? ""
          : `\n    <script type="application/json" id="blogfleet-first-screen">${data}</script>`
      }${rest}`,
  };
}

/**
 * A stream to the response, compressed as the browser accepts (brotli at a fast setting, else
 * gzip): a rendered page is ~150 KB of markup that compresses ten to one.
 */
function compressedBody(
  req: Request,
  res: Response,
): { write: (text: string) => void; end: (text: string) => void } {
  const want = accepted(req.get("accept-encoding"));
  res.vary("Accept-Encoding");
  const encoder = want.has("br")
    ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    : want.has("gzip")
      ? createGzip({ level: 6 })
      : undefined;
  if (!encoder) return { write: (text) => res.write(text), end: (text) => res.end(text) };
  res.setHeader("Content-Encoding", want.has("br") ? "br" : "gzip");
  encoder.pipe(res);
  return {
    write: (text) => {
      encoder.write(text);
      encoder.flush();
    },
    end: (text) => encoder.end(text),
  };
}

/**
 * The rest of the built dashboard: its other files (favicon) for an hour, and its shell for
 * every other GET, with the server's settings and, for a signed-in owner, the hints of
 * `signedInHints`. The shell is never cached: it follows the session and the deployed build
 * (and an owner's page is private: it names their blogs, and may carry their posts).
 * With `firstScreen` and the build's server render (`.ssr/entry-server.js`), a signed-in
 * owner's All Posts and Dashboard home come drawn, with the answers they were drawn from
 * (decision 300); a render that fails is reported and the page goes out as the plain shell.
 */
export function dashboardRoutes(
  dashboardDir: string,
  env: Pick<Env, "BLOG_DOMAIN">,
  /**
   * The owner's blog when they have exactly one (the one the dashboard then shows, whatever it
   * stored), else undefined: several blogs leave the choice to the dashboard (decision 260).
   */
  onlyBlogOf?: (ownerId: string) => Promise<string | undefined>,
  firstScreen?: { read: FirstScreenReader; onError?: (error: unknown) => void },
): Router {
  const router = express.Router();
  router.use(express.static(dashboardDir, { index: false, maxAge: "1h" }));

  const shell = dashboardShell(readFileSync(join(dashboardDir, "index.html"), "utf8"), env);
  const manifestFile = join(dashboardDir, ".vite", "manifest.json");
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest)
    : undefined;
  // Loaded with the first page it may render: a server nobody signed in to never loads React.
  const serverRenderFile = join(dashboardDir, ".ssr", "entry-server.js");
  const canRender =
    firstScreen !== undefined &&
    existsSync(serverRenderFile) &&
    shell.includes(`${rootOpen}${rootClose}`);
  // A bundle that cannot be loaded is reported once; the pages then go out as the plain shell.
  let serverRender: Promise<ServerRender | undefined> | undefined;
  const serverRenderOf = async (path: string): Promise<ServerRender | undefined> => {
    if (!canRender || !firstScreenNameOf(path)) return undefined;
    serverRender ??= (import(pathToFileURL(serverRenderFile).href) as Promise<ServerRender>).catch(
      (error: unknown) => {
        firstScreen?.onError?.(error);
        return undefined;
      },
    );
    return await serverRender;
  };

  async function sendRendered(req: Request, res: Response, render: ServerRender) {
    const cookie = req.headers.cookie ?? "";
    const hints = signedInHints(manifest, req.path, undefined, true);
    const { head, tail } = renderedPageParts(
      shell.replace(/<\/head>/i, `  ${hints}\n  </head>`),
      readCookie(req, themeCookie) === "dark",
    );
    res.type("html");
    const body = compressedBody(req, res);
    body.write(head);
    const rendered = await firstScreen
      ?.read(req)
      .then((screen) => screen && render.renderFirstScreen(req.originalUrl, cookie, screen))
      .catch((error: unknown) => {
        firstScreen?.onError?.(error);
        return undefined;
      });
    body.end(`${rendered?.html ?? ""}${tail(rendered?.data)}`);
  }

  router.get(/.*/, async (req, res, next) => {
    try {
      res.vary("Cookie");
      if (!req.user) {
        res.setHeader("Cache-Control", "no-cache");
        return void res.type("html").send(shell);
      }
      // An owner's page names their blogs, and a rendered one carries their data: no shared cache.
      res.setHeader("Cache-Control", "private, no-cache");
      const render = await serverRenderOf(req.path);
      if (render) return void (await sendRendered(req, res, render));
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
