import { request } from "node:http";
import { fileURLToPath } from "node:url";
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
    // As the API does when it serves the built dashboard (api/app.ts `dashboardShell`).
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

/** The dashboard SPA: source in dashboard/, built to dashboard/dist, served by the API in production. */
export default defineConfig({
  root: fileURLToPath(new URL("./dashboard", import.meta.url)),
  publicDir: "public",
  plugins: [blogHostsToApi(), react(), tailwindcss()],
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
