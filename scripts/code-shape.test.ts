import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseCircular, parseDependencyTree, shortenTree } from "dpdm";
import { describe, expect, it } from "vitest";

/**
 * The shape of the tree a newcomer can change (decision 363): no import cycles anywhere in the
 * code, and no product file longer than `maxLines`. Both failures list every offender.
 */
const root = resolve(import.meta.dirname, "..");
const codeFolders = ["api", "contracts", "dashboard/src", "site-builder", "scripts"];
const productFolders = ["api", "contracts", "dashboard/src", "site-builder"];
const maxLines = 600;

/** Folders that hold no source of ours: dependencies, builds, generated migrations. */
const skippedFolders = new Set(["node_modules", "dist", ".astro", "migrations"]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : filesUnder(path);
    return /\.(ts|tsx|mts|mjs|js|astro)$/.test(entry.name) ? [path] : [];
  });
}

/** Tests, test setups and type declarations are not product code. */
const isProduct = (file: string) =>
  !/\.test\.(ts|tsx)$/.test(file) && !file.endsWith(".d.ts") && !/[\\/]fixtures[\\/]/.test(file);

describe("the code's shape", () => {
  it("has no import cycles (type imports and dynamic imports included)", async () => {
    const entries = codeFolders
      .flatMap((folder) => filesUnder(join(root, folder)))
      .filter((file) => /\.(ts|tsx|mts|mjs|js)$/.test(file))
      .map((file) => relative(root, file));
    const tree = await parseDependencyTree(entries, {
      context: root,
      cwd: root,
      // The dashboard's `@/` and `@contracts/` aliases resolve as the compiler resolves them.
      tsconfig: join(root, "tsconfig.json"),
      transform: false,
      skipDynamicImports: false,
    });
    const cycles = parseCircular(shortenTree(root, tree)).map((cycle) => cycle.join(" -> "));
    expect(cycles).toEqual([]);
  }, 180_000);

  it(`has no product file over ${maxLines} lines`, () => {
    const long = productFolders
      .flatMap((folder) => filesUnder(join(root, folder)))
      .filter(isProduct)
      .map((file) => ({
        file: relative(root, file),
        lines: readFileSync(file, "utf8").split("\n").length - 1,
      }))
      .filter(({ lines }) => lines > maxLines)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
