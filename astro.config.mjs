// @ts-check
import { fileURLToPath } from "node:url";
import { defineConfig, passthroughImageService } from "astro/config";
import blogfleetRenderer from "./site-builder/adapter/index.mjs";
import { responseCheckWithoutFetch } from "./site-builder/adapter/response-check.mjs";

// The public blog theme. Built once (`npm run build`); the render pipeline then renders its
// pages from each blog's data (passed as `locals`). It never runs `astro build` per publish.
export default defineConfig({
  srcDir: "./site-builder/theme",
  publicDir: "./site-builder/theme/public",
  outDir: "./site-builder/dist",
  cacheDir: "./node_modules/.astro",
  output: "server",
  adapter: blogfleetRenderer(),
  // Logos are owners' URLs shown as they are; the theme has no image pipeline.
  image: { service: passthroughImageService() },
  build: { inlineStylesheets: "always" },
  devToolbar: { enabled: false },
  // Astro's runtime loads zod only for schemas the render never uses (decision 242), and
  // Node's fetch classes only to tell a Response from a page (decision 271).
  vite: {
    plugins: [responseCheckWithoutFetch()],
    resolve: {
      alias: [
        {
          find: /^zod\/v4$/,
          replacement: fileURLToPath(
            new URL("./site-builder/adapter/zod-stub.mjs", import.meta.url),
          ),
        },
      ],
    },
  },
  telemetry: false,
});
