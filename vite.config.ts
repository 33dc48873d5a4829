import { readFile, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

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
 * no request pays for compression (api/http/dashboard.ts, decision 170).
 */
function precompressAssets(): Plugin {
  let outDir = "";
  return {
    name: "blogfleet-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir.startsWith("/")
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css|svg)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const body = await readFile(path);
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipped(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/** The dashboard SPA: source in dashboard/, built to dashboard/dist, served by the API in production. */
export default defineConfig({
  root: fileURLToPath(new URL("./dashboard", import.meta.url)),
  publicDir: "public",
  plugins: [blogHostsToApi(), react(), tailwindcss(), precompressAssets()],
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
