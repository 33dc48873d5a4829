import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Runs `code` in a fresh Node process of the project, with the hook registered first. */
function withHook(code: string): string {
  const script = `
    const { registerModuleFormatCache } = await import("./api/module-format.ts");
    registerModuleFormatCache();
    ${code}`;
  return execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
  }).trim();
}

describe("the module format hook", () => {
  it("loads drizzle (ESM with a large exports map), CommonJS packages and our own files as before", () => {
    const out = withHook(`
      const { sqliteTable, text } = await import("drizzle-orm/sqlite-core");
      const { eq } = await import("drizzle-orm");
      const sanitizeHtml = (await import("sanitize-html")).default;
      const { slugify } = await import("./contracts/slug.ts");
      const table = sqliteTable("t", { id: text("id") });
      console.log(typeof eq(table.id, "x"), sanitizeHtml("<b>a</b><script>x</script>"), slugify("Tomatoes Are Red"));
    `);
    expect(out).toBe("object <b>a</b> tomatoes-are-red");
  });

  it("spares Node re-reading a package's exports for each of its modules", () => {
    // Node's reader parses drizzle-orm's 179 kB exports map again for every module it loads
    // (decision 151); with the hook the import costs a fraction of the garbage.
    const heapAfterImport = (hook: boolean) =>
      Number(
        execFileSync(
          process.execPath,
          [
            "--input-type=module",
            "-e",
            `${hook ? 'const { registerModuleFormatCache } = await import("./api/module-format.ts"); registerModuleFormatCache();' : ""}
             await import("drizzle-orm/sqlite-core"); await import("drizzle-orm/libsql");
             console.log(process.memoryUsage().heapTotal);`,
          ],
          { encoding: "utf8" },
        ).trim(),
      );
    expect(heapAfterImport(true)).toBeLessThan(heapAfterImport(false) * 0.6);
  });
});
