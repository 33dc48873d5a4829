/**
 * `npm start`: builds the dashboard and the blog theme if they have not been built yet, then
 * serves everything (migrations are applied when the server opens the database).
 *
 * The builds run in child processes: Vite and Astro would otherwise stay in the server's memory
 * for good after a first start. `npm start` runs this file from the server's build in dist/.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";

const require = createRequire(import.meta.url);

/** Runs a package's command-line tool on this Node, in a process of its own. */
function build(what: string, pkg: string, args: string[]): void {
  console.log(`Building ${what} (first start only)...`);
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string> };
  const script = join(dirname(manifest), bin[pkg] as string);
  const run = spawnSync(process.execPath, [script, ...args], { stdio: "inherit" });
  if (run.status !== 0) {
    console.error(`Building ${what} failed (${run.error?.message ?? `exit ${run.status}`}).`);
    process.exit(1);
  }
}

const dashboardDir = resolve("dashboard/dist");
if (!existsSync(resolve(dashboardDir, "index.html"))) {
  build("the dashboard", "vite", ["build", "--logLevel", "warn"]);
}
if (!existsSync(resolve("site-builder/dist/server/entry.mjs"))) {
  build("the blog theme", "astro", ["build", "--silent"]);
}
const { startServer } = await import("../api/server.ts");
await startServer({ dashboardDir });
