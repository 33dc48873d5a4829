/** The server the browser tests drive: the real app on a throw-away database. */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/**
 * `E2E_DATA_DIR` (set per port by playwright.config.ts) lets a test seed thousands of rows
 * straight into the database (tests/e2e/seed.ts); it starts empty on every run.
 */
const given = process.env.E2E_DATA_DIR;
if (given) {
  rmSync(given, { recursive: true, force: true });
  mkdirSync(given, { recursive: true });
}
const dir = given ?? mkdtempSync(join(tmpdir(), "blogfleet-e2e-"));
process.env.DATABASE_URL = `file:${join(dir, "e2e.db")}`;
process.env.SITES_DIR = join(dir, "sites");
process.env.LOG_LEVEL ??= "warn";
process.env.NODE_ENV = "test";
// Every browser test signs up its own owner: registration stays open (decision 061).
process.env.REGISTRATION ??= "open";
process.env.SIGN_UPS_PER_ADDRESS ??= "100000";
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));

// The blog theme is built when missing or older than its sources (as for the unit tests).
const { default: buildTheme } = await import("../tests/setup/build-theme.ts");
await buildTheme();
const { startServer } = await import("../api/server.ts");
await startServer({ dashboardDir: resolve(process.env.E2E_DASHBOARD_DIR ?? "dashboard/dist") });
