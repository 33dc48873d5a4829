import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
// Each run builds the dashboard into a folder of its own port, so two runs never share files.
const dashboardOut = `dist-e2e-${port}`;
// The server's data folder, known to the tests too (tests/e2e/seed.ts writes rows in bulk).
process.env.E2E_DATA_DIR ??= join(tmpdir(), `blogfleet-e2e-port-${port}`);
/**
 * The AI writer's tests run against a second server with the AI on (E2E_AI=1): its provider,
 * search and web pages are loopback peers in that server's process. Every other test expects
 * the offline writer of the first server.
 */
const aiPort = Number(process.env.E2E_AI_PORT ?? port + 1000);
const aiDashboardOut = `dist-e2e-${aiPort}`;
process.env.E2E_AI_DATA_DIR ??= join(tmpdir(), `blogfleet-e2e-port-${aiPort}`);
const aiSpecs = /ai-writer\.spec\.ts$/;
/** The newsletter's tests run against a third server that sends e-mail (E2E_MAIL=1). */
const mailPort = Number(process.env.E2E_MAIL_PORT ?? port + 2000);
const mailDashboardOut = `dist-e2e-${mailPort}`;
process.env.E2E_MAIL_DATA_DIR ??= join(tmpdir(), `blogfleet-e2e-port-${mailPort}`);
const mailSpecs = /newsletter\.spec\.ts$/;
/** How each server starts: the dashboard built into a folder of its port, then the server. */
const serverCommand =
  "vite build --logLevel warn && node --max-semi-space-size=8 scripts/e2e-server.ts";
const executablePath =
  process.env.CHROMIUM_PATH ??
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ??
  "/usr/bin/chromium";

/** Browser tests: the real server on a fresh database, driven by the system Chromium. */
export default defineConfig({
  testDir: "tests/e2e",
  // Per port as well: a run clears its output folder when it starts.
  outputDir: process.env.E2E_PORT ? `test-results/e2e-${port}` : "test-results/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Whole journeys (sign-up, a blog, the editor, a render) on shared two-core machines.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI
    ? [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]]
    : "list",
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { browserName: "chromium" }, testIgnore: [aiSpecs, mailSpecs] },
    {
      name: "newsletter",
      use: { browserName: "chromium", baseURL: `http://localhost:${mailPort}` },
      testMatch: mailSpecs,
    },
    {
      name: "ai-writer",
      use: { browserName: "chromium", baseURL: `http://localhost:${aiPort}` },
      testMatch: aiSpecs,
    },
  ],
  webServer: [
    {
      // The server runs with npm start's runtime flags (package.json, decision 160).
      command: serverCommand,
      url: `http://localhost:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        DASHBOARD_OUT_DIR: dashboardOut,
        E2E_DASHBOARD_DIR: `dashboard/${dashboardOut}`,
        E2E_DATA_DIR: process.env.E2E_DATA_DIR,
      },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: serverCommand,
      url: `http://localhost:${aiPort}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(aiPort),
        E2E_AI: "1",
        DASHBOARD_OUT_DIR: aiDashboardOut,
        E2E_DASHBOARD_DIR: `dashboard/${aiDashboardOut}`,
        E2E_DATA_DIR: process.env.E2E_AI_DATA_DIR,
      },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: serverCommand,
      url: `http://localhost:${mailPort}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(mailPort),
        E2E_MAIL: "1",
        DASHBOARD_OUT_DIR: mailDashboardOut,
        E2E_DASHBOARD_DIR: `dashboard/${mailDashboardOut}`,
        E2E_DATA_DIR: process.env.E2E_MAIL_DATA_DIR,
      },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
