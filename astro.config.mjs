// @ts-check
import node from "@astrojs/node";
import { defineConfig } from "astro/config";

// The public blog theme. Built once (`npm run build`) and rendered from data by the API's
// render pipeline; never run per publish.
export default defineConfig({
  root: "./site-builder/theme",
  srcDir: "./site-builder/theme/src",
  outDir: "./site-builder/dist",
  output: "server",
  adapter: node({ mode: "middleware" }),
  build: { client: "./client", server: "./server" },
});
