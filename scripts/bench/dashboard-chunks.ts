/**
 * Issue 20, what the signed-in dashboard's first screen downloads, by package: reads a built
 * dashboard (Vite's manifest and source maps) and prints, for the chunks the Dashboard home
 * needs (the entry, the layout and the Dashboard screen, with everything they import
 * statically), the bytes each npm package and each app folder contributes, minified and
 * gzip -9 / brotli -11 compressed on its own (the compressed share is an estimate: a package
 * compressed alone compresses a little worse than inside its chunk).
 *
 *   node scripts/bench/dashboard-chunks.ts [built dashboard folder, default dashboard/dist]
 *
 * Extra screens can be added with BENCH_CHUNKS_SCREENS=src/features/posts/components/posts-page.tsx,…
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

const dir = resolve(process.argv[2] ?? "dashboard/dist");
const manifest = JSON.parse(readFileSync(join(dir, ".vite/manifest.json"), "utf8")) as Record<
  string,
  ManifestChunk
>;
const screens = [
  "index.html",
  "src/app/layouts/dashboard-layout.tsx",
  "src/features/dashboard/components/dashboard-page.tsx",
  ...(process.env.BENCH_CHUNKS_SCREENS?.split(",").filter(Boolean) ?? []),
];

/** The chunks a screen needs before it runs: itself and its static imports, transitively. */
const files = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
for (const screen of screens) visit(screen);

const base64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** One source map segment's fields (VLQ, relative to the previous segment). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = base64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** 'react-dom', '@radix-ui/react-dialog', 'app: components/ui'… for a source path. */
function groupOf(source: string | undefined): string {
  if (!source) return "(unmapped)";
  const inModules = source.split("node_modules/").at(-1);
  if (inModules !== source && inModules) {
    const parts = inModules.split("/");
    return parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? source);
  }
  const app = source.match(/(?:dashboard\/src|contracts)\/(.*)\/[^/]+$/);
  if (app) return `app: ${app[1]?.split("/").slice(0, 2).join("/")}`;
  return `app: ${source.replace(/^(\.\.\/)+/, "")}`;
}

const text = new Map<string, string[]>();
const add = (group: string, piece: string) => {
  if (!piece) return;
  const list = text.get(group) ?? [];
  list.push(piece);
  text.set(group, list);
};

for (const file of files) {
  const code = readFileSync(join(dir, file), "utf8");
  const map = JSON.parse(readFileSync(join(dir, `${file}.map`), "utf8")) as {
    sources: string[];
    mappings: string;
  };
  const lines = code.split("\n");
  let source = 0;
  map.mappings.split(";").forEach((mapped, lineIndex) => {
    const line = lines[lineIndex] ?? "";
    let column = 0;
    let start = 0;
    let current = "(unmapped)";
    for (const segment of mapped.split(",")) {
      if (!segment) continue;
      const [columnDelta = 0, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      add(current, line.slice(start, column));
      start = column;
      if (sourceDelta !== undefined) {
        source += sourceDelta;
        current = groupOf(map.sources[source]);
      } else {
        current = "(unmapped)";
      }
    }
    add(current, line.slice(start));
  });
}

const rows = [...text].map(([group, pieces]) => {
  const body = Buffer.from(pieces.join("\n"));
  return {
    group,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
});
rows.sort((a, b) => b.raw - a.raw);

let gzipTotal = 0;
let brotliTotal = 0;
for (const file of files) {
  const body = readFileSync(join(dir, file));
  gzipTotal += gzipSync(body, { level: 9 }).length;
  brotliTotal += brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
}
console.log(`${files.size} chunks: gzip ${gzipTotal} B, brotli ${brotliTotal} B`);
console.log([...files].join(" "));
for (const row of rows) {
  console.log(
    `${row.group.padEnd(44)} raw ${String(row.raw).padStart(8)}  gzip ${String(row.gzip).padStart(7)}  br ${String(row.brotli).padStart(7)}`,
  );
}
