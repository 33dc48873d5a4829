import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const newestIn = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }, 0);

/** Tests that render blogs need the built theme; (re)build it when it is missing or older than its sources. */
export default async function buildTheme(): Promise<void> {
  const entry = resolve("site-builder/dist/server/entry.mjs");
  const sources = Math.max(
    newestIn(resolve("site-builder/theme")),
    newestIn(resolve("site-builder/adapter")),
  );
  if (existsSync(entry) && statSync(entry).mtimeMs >= sources) return;
  const { build } = await import("astro");
  await build({ root: resolve("."), logLevel: "error" });
}
