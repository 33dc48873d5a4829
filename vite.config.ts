import { readFile, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin, type ResolvedConfig } from "vite";

const apiPort = Number(process.env.API_PORT ?? 3001);
const apiTarget = `http://127.0.0.1:${apiPort}`;
const blogDomain = process.env.BLOG_DOMAIN ?? "localhost";

/**
 * In `npm run dev`, requests for a blog's own host (`{subdomain}.localhost:3000`) go to the API,
 * which serves public blogs by Host; only the app's own host gets the dashboard from Vite.
 */
function blogHostsToApi(): Plugin {
  return {
    name: "blogfleet-blog-hosts",
    apply: "serve",
    // As the API does when it serves the built dashboard (api/http/dashboard.ts `dashboardShell`).
    transformIndexHtml: (html) =>
      html.replace(
        /<head>/i,
        `<head>\n    <meta name="blogfleet:blog-domain" content="${blogDomain.replace(/"/g, "")}" />`,
      ),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const host = (req.headers.host ?? "").replace(/:\d+$/, "").toLowerCase();
        if (!host.endsWith(`.${blogDomain}`)) return next();
        const upstream = request(
          {
            host: "127.0.0.1",
            port: apiPort,
            path: req.url,
            method: req.method,
            headers: req.headers,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on("error", next);
        req.pipe(upstream);
      });
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli and gzip copies of every script, style sheet and SVG the build writes, at their
 * strongest settings, beside the file (`x.js.br`, `x.js.gz`): the API answers with them, so
 * no request pays for compression (api/http/dashboard.ts, decision 170). Small files too: a
 * first load fetches many chunks of a few hundred bytes (decision 172); a copy is kept only
 * when it is smaller than the file.
 */
/** The build's output folder, as an absolute path. */
const outDirOf = (config: ResolvedConfig) =>
  config.build.outDir.startsWith("/")
    ? config.build.outDir
    : join(config.root, config.build.outDir);

function precompressAssets(): Plugin {
  let outDir = "";
  return {
    name: "blogfleet-precompress",
    // The browser's files only: the server's render (below) is read from disk by the API.
    apply: (config, env) => env.command === "build" && !config.build?.ssr,
    configResolved(config) {
      outDir = outDirOf(config);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css|svg)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const body = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipped(body, { level: 9 }),
          ]);
          await Promise.all([
            br.length < body.length && writeFile(`${path}.br`, br),
            gz.length < body.length && writeFile(`${path}.gz`, gz),
          ]);
        }),
      );
    },
  };
}

/**
 * `import { X, Y } from "lucide-react"` in the app becomes one import per icon file
 * (`lucide-react/icons/x`), the same components: the module graph then says which icons each
 * screen uses, where through the barrel every screen seemed to import all 1,600 of them, and
 * `firstScreenChunk` can tell the first screen's icons from a visitor's (decision 172).
 * Type-only names stay on a type-only barrel import (erased). Lines are kept, so source maps hold.
 */
function directIconImports(): Plugin {
  const icons = new Map<string, string>();
  return {
    name: "blogfleet-direct-icon-imports",
    apply: "build",
    enforce: "pre",
    async buildStart() {
      const barrel = await this.resolve("lucide-react", fileURLToPath(import.meta.url));
      if (!barrel) throw new Error("lucide-react is not installed");
      const source = await readFile(barrel.id, "utf8");
      for (const [, names = "", file = ""] of source.matchAll(
        /export \{([^}]*)\} from '\.\/icons\/([^']+)\.mjs'/g,
      )) {
        for (const name of names.matchAll(/default as (\w+)/g)) icons.set(name[1] ?? "", file);
      }
    },
    transform(code, id) {
      if (!/\/dashboard\/src\/.*\.tsx?$/.test(id) || !code.includes('"lucide-react"')) return;
      const rewritten = code.replace(
        /import\s*\{([^}]*)\}\s*from\s*"lucide-react";?/g,
        (whole, list: string) => {
          const kept: string[] = [];
          const direct: string[] = [];
          for (const part of list.split(",").map((name) => name.trim())) {
            if (!part) continue;
            const [imported = "", local = imported] = part.split(/\s+as\s+/);
            const file = part.startsWith("type ") ? undefined : icons.get(imported);
            if (file) direct.push(`import ${local} from "lucide-react/icons/${file}";`);
            else kept.push(part);
          }
          // Only types left: `import type`, or the barrel would stay as a bare `import "…"`.
          if (kept.length > 0 && kept.every((part) => part.startsWith("type "))) {
            const types = kept.map((part) => part.slice("type ".length));
            direct.push(`import type { ${types.join(", ")} } from "lucide-react";`);
          } else if (kept.length > 0) {
            direct.push(`import { ${kept.join(", ")} } from "lucide-react";`);
          }
          const lines = whole.split("\n").length - 1;
          return direct.join(" ") + "\n".repeat(lines);
        },
      );
      // Only import lines change and every line stays where it was: the existing map holds.
      return { code: rewritten, map: null };
    },
  };
}

/** The signed-in dashboard's first screen: its layout and the Dashboard home, both lazy routes. */
const firstScreenRoots = [
  "/src/app/layouts/dashboard-layout.tsx",
  "/src/features/dashboard/components/dashboard-page.tsx",
];
/** What a visitor loads: it must never wait for the dashboard's code (decision 060). */
const visitorRoots = ["/src/features/landing/components/landing-page.tsx"];

/**
 * One chunk for the code the signed-in first screen needs beyond the entry (decision 172).
 * Left to itself Rolldown splits it by which screens share each module: some thirty files of a
 * few hundred bytes (an icon, a context) that compress badly one by one and each cost a
 * request. After the module graph is known (`buildEnd`), this collects every module the
 * layout and the Dashboard screen import statically, less what the entry or a visitor's
 * landing page imports statically (those stay where they were, so a visitor still never
 * downloads the dashboard); `codeSplittingGroup` puts them in one chunk. The set is closed
 * under imports but for the entry's and the landing page's modules, which never import it
 * back, so the chunk needs no other chunk to run first but the ones it imports.
 */
function firstScreenChunk() {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: "blogfleet-first-screen-chunk",
    apply: "build",
    buildEnd() {
      members.clear();
      const ids = [...this.getModuleIds()];
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const rootsEndingIn = (suffixes: string[]) =>
        ids.filter((id) => suffixes.some((suffix) => id.endsWith(suffix)));
      const firstScreen = closure(rootsEndingIn(firstScreenRoots));
      const elsewhere = closure([
        ...ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        ...rootsEndingIn(visitorRoots),
      ]);
      // The two screens keep chunks of their own: the API finds them in the manifest by name.
      for (const root of rootsEndingIn(firstScreenRoots)) elsewhere.add(root);
      for (const id of firstScreen) if (!elsewhere.has(id)) members.add(id);
    },
  };
  const group = {
    name: "first-screen",
    test: (id: string) => members.has(id),
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}

const firstScreen = firstScreenChunk();

/** Where the server's render of the first screen is built, inside the dashboard's build. */
export const serverRenderDir = ".ssr";

/**
 * After the browser's build, the server's render of a signed-in owner's first screen
 * (`src/entry-server.tsx`, decision 300), built from the same sources into
 * `<outDir>/.ssr/entry-server.js`, so every `vite build` (npm start's first build, the browser
 * tests', the bench's) makes both and the two always match. A dot folder: the API's static
 * files never serve it.
 */
function serverRenderBuild(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: "blogfleet-server-render-build",
    apply: (userConfig, env) => env.command === "build" && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (!config) return;
      const outDir = outDirOf(config);
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: config.logLevel === "info" ? "warn" : config.logLevel,
        build: {
          ssr: "src/entry-server.tsx",
          outDir: join(outDir, serverRenderDir),
          emptyOutDir: true,
          manifest: false,
          sourcemap: false,
          copyPublicDir: false,
          chunkSizeWarningLimit: 2048,
        },
        // Self-contained, so a build outside the project (the bench's) still finds its
        // packages; React's production build only, as in the browser.
        ssr: { noExternal: true },
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
      });
    },
  };
}

/** The dashboard SPA: source in dashboard/, built to dashboard/dist, served by the API in production. */
export default defineConfig({
  root: fileURLToPath(new URL("./dashboard", import.meta.url)),
  publicDir: "public",
  plugins: [
    blogHostsToApi(),
    react(),
    tailwindcss(),
    precompressAssets(),
    directIconImports(),
    firstScreen.plugin,
    serverRenderBuild(),
  ],
  resolve: {
    alias: {
      "@contracts": fileURLToPath(new URL("./contracts", import.meta.url)),
      "@": fileURLToPath(new URL("./dashboard/src", import.meta.url)),
    },
  },
  build: {
    // Parallel browser-test runs build into their own folder (see playwright.config.ts).
    outDir: process.env.DASHBOARD_OUT_DIR ?? "dist",
    emptyOutDir: true,
    sourcemap: true,
    // Which chunks each screen needs: the API hints them to a signed-in owner's browser.
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: [firstScreen.group] } },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    // In `npm run dev` the API runs beside Vite; everything that is not the SPA goes to it.
    proxy: Object.fromEntries(
      ["/api", "/auth", "/blog", "/healthz"].map((path) => [
        path,
        { target: apiTarget, changeOrigin: false },
      ]),
    ),
  },
});
