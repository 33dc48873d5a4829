import { existsSync, readFileSync } from "node:fs";
import { registerHooks } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Node 24 works out the format of every `.js` module it resolves from the nearest package.json,
 * and on each module it re-parses that file's whole `exports` map (the reader's getters run on
 * a spread): drizzle-orm's package.json is 179 kB and ~120 of its modules are loaded, so
 * starting a process spent 0.3–1.5 s parsing it (decision 151). This hook answers the format of
 * relative `.js`/`.mjs` imports inside node_modules from one parse per package.json.
 * Everything else (bare specifiers, `exports` maps, our own files) resolves as usual.
 */
const esmFolders = new Map<string, boolean>();

/**
 * Whether the nearest package.json says `"type": "module"`. Anything else is left to Node
 * (a `.js` file without a type may still be detected as ESM by its syntax).
 */
function isModuleScope(folder: string): boolean {
  const known = esmFolders.get(folder);
  if (known !== undefined) return known;
  const file = join(folder, "package.json");
  let module = false;
  if (existsSync(file)) {
    try {
      module = (JSON.parse(readFileSync(file, "utf8")) as { type?: unknown }).type === "module";
    } catch {
      module = false;
    }
  } else {
    const parent = dirname(folder);
    module = parent !== folder && isModuleScope(parent);
  }
  esmFolders.set(folder, module);
  return module;
}

/** Registers the hook (once per thread; call it before importing the app). */
export function registerModuleFormatCache(): void {
  registerHooks({
    resolve(specifier, context, next) {
      const parent = context.parentURL;
      if (
        parent?.startsWith("file:") &&
        parent.includes("/node_modules/") &&
        (specifier.startsWith("./") || specifier.startsWith("../")) &&
        /\.m?js$/.test(specifier) &&
        context.conditions?.includes("import")
      ) {
        const url = new URL(specifier, parent);
        const path = fileURLToPath(url);
        if ((path.endsWith(".mjs") || isModuleScope(dirname(path))) && existsSync(path)) {
          return { url: url.href, format: "module", shortCircuit: true };
        }
      }
      return next(specifier, context);
    },
  });
}
