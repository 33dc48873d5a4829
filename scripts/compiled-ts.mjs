/**
 * Runs the server's TypeScript from JavaScript made once, not stripped in the server process
 * (decision 160). Node strips types with a WebAssembly build of swc (amaro) that stays in every
 * process and thread that strips a file: about 35 MB of an idle server's resident memory.
 *
 * `node --import ./scripts/compiled-ts.mjs server.ts` (what `npm start` runs):
 *  - on the main thread, when any project .ts file's JavaScript copy under `.cache/compiled-ts/`
 *    is missing or older than the file, a child process (`node scripts/compiled-ts.mjs`) strips
 *    again each such file whose copy was made from other content (a hash of the source ends the
 *    copy), with Node's own
 *    `stripTypeScriptTypes` in "strip" mode: the same code, at the same line and column, that
 *    Node runs when it strips the file itself;
 *  - a load hook then hands each project .ts file's copy to Node as JavaScript, under the .ts
 *    file's own URL (import.meta.url, relative imports and stack traces are unchanged). A file
 *    without a current copy is left to Node, which strips it as before.
 * Worker threads inherit the flag: they use the copies too.
 */
import { createHash } from "node:crypto";
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { registerHooks, stripTypeScriptTypes } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isMainThread } from "node:worker_threads";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const cacheDir = join(root, ".cache", "compiled-ts");
/** The folders the server's code lives in (tests and built output are not run by the server). */
const sourceFolders = ["api", "contracts", "site-builder", "scripts"];
const skipped = new Set(["node_modules", "dist", ".astro"]);

const copyOf = (file) => join(cacheDir, `${relative(root, file)}.js`);

function* sources(folder) {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!skipped.has(entry.name)) yield* sources(path);
    } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) {
      if (!entry.name.endsWith(".test.ts")) yield path;
    }
  }
}

const marker = "\n//# source-sha256=";
const hashOf = (source) => createHash("sha256").update(source).digest("hex");

/** The current copy of `file` as JavaScript, or undefined when it is missing or out of date. */
function currentCopy(file) {
  try {
    const copy = readFileSync(copyOf(file), "utf8");
    const at = copy.lastIndexOf(marker);
    return at >= 0 && copy.slice(at + marker.length).trim() === hashOf(readFileSync(file))
      ? copy
      : undefined;
  } catch {
    return undefined;
  }
}

const stale = (file) => currentCopy(file) === undefined;

/**
 * Whether `file` may have changed since its copy was made or last checked: its copy is missing
 * or older than it. Two `stat`s instead of reading and hashing both (decision 241): what the
 * main thread checks at every start. The load hook still hands over a copy only when its hash
 * matches, so a copy this misses (a source put back with an older time) is never run: Node
 * strips that file itself.
 */
function touched(file) {
  try {
    return statSync(copyOf(file)).mtimeMs < statSync(file).mtimeMs;
  } catch {
    return true;
  }
}

function allSources() {
  return sourceFolders.flatMap((folder) => [...sources(join(root, folder))]);
}

if (import.meta.main) {
  // The child: strips what changed. A file Node cannot strip keeps no copy (Node reports it).
  // A copy still current (the source was only touched) gets a new time: checked, not stripped.
  for (const file of allSources().filter(touched)) {
    if (!stale(file)) {
      const now = new Date();
      utimesSync(copyOf(file), now, now);
      continue;
    }
    const source = readFileSync(file);
    let code;
    try {
      code = stripTypeScriptTypes(source.toString("utf8"), { mode: "strip" });
    } catch {
      continue;
    }
    try {
      mkdirSync(dirname(copyOf(file)), { recursive: true });
      // Written aside, then renamed: a server starting meanwhile reads a whole copy or none.
      const aside = `${copyOf(file)}.${process.pid}`;
      writeFileSync(aside, `${code}${marker}${hashOf(source)}\n`);
      renameSync(aside, copyOf(file));
    } catch (error) {
      console.warn(`Cannot write ${cacheDir} (${error.code ?? error.message}).`);
      process.exit(1);
    }
  }
} else {
  if (isMainThread && allSources().some(touched)) {
    // Loaded only here: worker threads, which inherit this flag, never spawn (decision 241).
    const { spawnSync } = await import("node:child_process");
    const child = spawnSync(
      process.execPath,
      ["--disable-warning=ExperimentalWarning", fileURLToPath(import.meta.url)],
      {
        stdio: "inherit",
      },
    );
    if (child.status !== 0)
      console.warn("Could not prepare the server's JavaScript; Node strips the types itself.");
  }
  const projectUrl = pathToFileURL(root + sep).href;
  registerHooks({
    load(url, context, nextLoad) {
      if (url.startsWith(projectUrl) && url.endsWith(".ts") && !url.includes("/node_modules/")) {
        const copy = currentCopy(fileURLToPath(url));
        if (copy !== undefined) return { format: "module", source: copy, shortCircuit: true };
      }
      return nextLoad(url, context);
    },
  });
}
