import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * No comment in the source points at a document outside the repository (the product
 * specification's sections, an architecture or conventions page beside the checkout, a
 * `../shared` path). A comment says the thing itself, or names a file of the repository
 * (`docs/architecture.md`, `docs/decisions/…`).
 */
const root = fileURLToPath(new URL("..", import.meta.url));
const folders = ["api", "contracts", "dashboard/src", "site-builder", "scripts", "tests"];
const skipped = new Set(["node_modules", "dist", ".astro"]);
const sources = /\.(ts|tsx|mjs|js|astro|css)$/;

/** What points outside: the spec (not `x.spec.ts`, not "specs"), ARCHITECTURE/CONVENTIONS, ../shared. */
const outside = [
  /(?<![.\w-])spec(?:'s)?\b/i,
  /ARCHITECTURE|CONVENTIONS/,
  /\.\.\/shared|\/work\/|product-spec/,
];

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!skipped.has(entry.name)) yield* sourceFiles(join(dir, entry.name));
    } else if (sources.test(entry.name)) yield join(dir, entry.name);
  }
}

/** The comment text of each line: `//` to the end, and everything inside `/* … *\/` or `<!-- … -->`. */
function comments(text: string): [line: number, comment: string][] {
  const found: [number, string][] = [];
  let inBlock = false;
  text.split("\n").forEach((line, index) => {
    let rest = line;
    if (inBlock) {
      const end = rest.search(/\*\/|-->/);
      if (end < 0) {
        found.push([index + 1, rest]);
        return;
      }
      found.push([index + 1, rest.slice(0, end)]);
      rest = rest.slice(end + 2);
      inBlock = false;
    }
    const block = rest.search(/\/\*|<!--/);
    const lineComment = rest.search(/(?:^|[\s;,({])\/\/(?!\/)/);
    if (lineComment >= 0 && (block < 0 || lineComment < block)) {
      found.push([index + 1, rest.slice(lineComment)]);
      return;
    }
    if (block >= 0) {
      const body = rest.slice(block);
      const close = body.search(/\*\/|-->/);
      found.push([index + 1, close < 0 ? body : body.slice(0, close)]);
      if (close < 0) inBlock = true;
    }
  });
  return found;
}

describe("comments point only inside the repository", () => {
  it("finds a reference in a comment, and none in code or in a test file's name", () => {
    const sample = [
      "/**",
      " * The shell (spec section 2.2).",
      " */",
      'const spec = "x"; // see ../shared/fixtures',
      "// covered by tests/e2e/shell.spec.ts and the schema's attribute specs",
    ].join("\n");
    const hits = comments(sample).filter(([, c]) => outside.some((p) => p.test(c)));
    expect(hits.map(([line]) => line)).toEqual([2, 4]);
  });

  it("has no source file whose comments point outside", () => {
    const offenders: string[] = [];
    for (const folder of folders) {
      for (const file of sourceFiles(join(root, folder))) {
        for (const [line, comment] of comments(readFileSync(file, "utf8"))) {
          if (outside.some((pattern) => pattern.test(comment))) {
            offenders.push(`${relative(root, file)}:${line}: ${comment.trim()}`);
          }
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
