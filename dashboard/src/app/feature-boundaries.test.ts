import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Features do not import each other (decision 080): a thing two
 * features need moves down to `components/` or `lib/`. Biome's noRestrictedImports matches the
 * specifier as written, not the file it resolves to, so this test resolves every import instead.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const featuresDir = path.join(src, "features");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** Every module specifier: static imports and re-exports, `import()`, `vi.mock()`. */
const specifierPattern =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|importActual)\s*\(\s*)(["'])([^"'\n]+)\1/g;

function specifiersOf(source: string): string[] {
  return [...source.matchAll(specifierPattern)].map((match) => match[2] as string);
}

/** The feature folder a specifier points into, or null when it is not under features/. */
function featureOf(fromFile: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith("@/")) target = path.join(src, specifier.slice(2));
  else if (specifier.startsWith(".")) target = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  const inFeatures = path.relative(featuresDir, target);
  if (inFeatures.startsWith("..") || path.isAbsolute(inFeatures)) return null;
  return inFeatures.split(path.sep)[0] ?? null;
}

describe("feature boundaries", () => {
  it("finds imports that reach into another feature", () => {
    const file = path.join(featuresDir, "posts", "components", "posts-page.tsx");
    expect(featureOf(file, "../../editor/api/get-post.ts")).toBe("editor");
    expect(featureOf(file, "@/features/editor/api/get-post.ts")).toBe("editor");
    expect(featureOf(file, "../api/delete-post.ts")).toBe("posts");
    expect(featureOf(file, "../../../components/ui/button.tsx")).toBeNull();
    expect(featureOf(file, "@contracts/posts.ts")).toBeNull();
    expect(featureOf(file, "react")).toBeNull();
    expect(
      specifiersOf(
        'import { a } from "../a.ts";\nexport * from "./b.ts";\nimport "./c.css";\nvi.mock("../d.ts");\nawait import("@/e.ts");',
      ),
    ).toEqual(["../a.ts", "./b.ts", "./c.css", "../d.ts", "@/e.ts"]);
  });

  it("no feature imports another feature", () => {
    const crossings: string[] = [];
    for (const feature of readdirSync(featuresDir)) {
      const dir = path.join(featuresDir, feature);
      if (!statSync(dir).isDirectory()) continue;
      for (const file of filesUnder(dir)) {
        for (const specifier of specifiersOf(readFileSync(file, "utf8"))) {
          const target = featureOf(file, specifier);
          if (target !== null && target !== feature) {
            crossings.push(
              `${path.relative(src, file)} imports "${specifier}" (feature ${target})`,
            );
          }
        }
      }
    }
    expect(crossings, "move the shared thing down to components/ or lib/").toEqual([]);
  });
});
