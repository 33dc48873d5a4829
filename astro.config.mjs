// @ts-check
import { defineConfig, passthroughImageService } from "astro/config";
import blogfleetRenderer from "./site-builder/adapter/index.mjs";

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
  // The theme's request handler (relative to srcDir): pages and endpoints only.
  fetchFile: "../adapter/fetch",
  telemetry: false,
});
