import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "api/**/*.test.ts",
      "contracts/**/*.test.ts",
      "dashboard/src/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
      "site-builder/**/*.test.ts",
      "docs/**/*.test.ts",
    ],
    setupFiles: ["./tests/setup/fail-on-console-error.ts"],
    globalSetup: ["./tests/setup/build-theme.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
