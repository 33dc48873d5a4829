/**
 * `npm start`: builds the dashboard and the blog theme if they have not been built yet, then
 * serves everything (migrations are applied when the server opens the database).
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";

const dashboardDir = resolve("dashboard/dist");
if (!existsSync(resolve(dashboardDir, "index.html"))) {
  console.log("Building the dashboard (first start only)...");
  const { build } = await import("vite");
  await build({ configFile: resolve("vite.config.ts"), logLevel: "warn" });
}
if (!existsSync(resolve("site-builder/dist/server/entry.mjs"))) {
  console.log("Building the blog theme (first start only)...");
  const { build } = await import("astro");
  await build({ root: resolve("."), logLevel: "warn" });
}
const { startServer } = await import("../api/server.ts");
await startServer({ dashboardDir });
