import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * site-builder is a library — site data in, files out — that never imports the API (docs/architecture.md,
 * where code lives): the API loads data, queues work and calls it. Any import of `api/` from a file under
 * site-builder/ (tests included) fails here.
 */
const root = resolve(import.meta.dirname, "..");
const apiDir = join(root, "api");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "dist" || entry.name === "node_modules" ? [] : filesUnder(path);
    return /\.(ts|tsx|mjs|js|astro)$/.test(entry.name) ? [path] : [];
  });
}

const specifiers = (source: string) =>
  [...source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["']([^"']+)["']/g)].map(
    (m) => m[1] as string,
  );

describe("site-builder's dependencies", () => {
  it("never import the API", () => {
    const offenders: string[] = [];
    for (const file of filesUnder(join(root, "site-builder"))) {
      for (const spec of specifiers(readFileSync(file, "utf8"))) {
        if (!spec.startsWith(".")) continue;
        const target = resolve(file, "..", spec);
        if (target === apiDir || target.startsWith(`${apiDir}/`))
          offenders.push(`${relative(root, file)} → ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
