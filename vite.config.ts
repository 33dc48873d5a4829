import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/** The dashboard SPA: source in dashboard/, built to dashboard/dist, served by the API in production. */
export default defineConfig({
  root: fileURLToPath(new URL("./dashboard", import.meta.url)),
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./dashboard/src", import.meta.url)) },
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
