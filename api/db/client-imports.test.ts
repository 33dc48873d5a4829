import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";

it("opens a SQLite database without loading PostgreSQL's driver or tables, or libSQL's network clients (decisions 206, 243, 244)", () => {
  const dir = mkdtempSync(join(tmpdir(), "blogfleet-client-imports-"));
  try {
    const script = `
      import { createRequire, registerHooks } from "node:module";
      const modules = [];
      registerHooks({ load(url, context, next) { modules.push(url); return next(url, context); } });
      const { openDatabase } = await import(${JSON.stringify(resolve("api/db/client.ts"))});
      const handle = await openDatabase(${JSON.stringify(`file:${join(dir, "a.db")}`)});
      handle.close();
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      console.log(JSON.stringify({
        pg: loaded.filter((f) => /[\\\\/]node_modules[\\\\/]pg[\\\\/]/.test(f)).length,
        libsql: loaded.filter((f) => /[\\\\/]node_modules[\\\\/]libsql[\\\\/]/.test(f)).length,
        ws: loaded.filter((f) => /[\\\\/]node_modules[\\\\/]ws[\\\\/]/.test(f)).length,
        hrana: modules.filter((u) => /\\/node_modules\\/@libsql\\/hrana-client\\//.test(u)).length,
        pgTables: modules.filter((u) => /\\/api\\/db\\/pg\\//.test(u)).length,
        sqliteTables: modules.filter((u) => /\\/api\\/db\\/sqlite\\//.test(u)).length,
      }));
    `;
    // A SQLite process whatever suite runs this (the PostgreSQL one sets both).
    const { DATABASE_URL: _url, TEST_DATABASE: _suite, ...env } = process.env;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
      env,
    });
    const loaded = JSON.parse(out.trim().split("\n").pop() as string);
    // The check can fail: the SQLite driver, loaded the same way, is seen.
    expect(loaded.libsql).toBeGreaterThan(0);
    expect(loaded.pg).toBe(0);
    expect(loaded.sqliteTables).toBeGreaterThan(0);
    expect(loaded.pgTables).toBe(0);
    expect(loaded.ws).toBe(0);
    expect(loaded.hrana).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
