import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The dashboard's import aliases, as in vite.config.ts and tsconfig.json `paths`.
  resolve: {
    alias: {
      "@contracts": fileURLToPath(new URL("./contracts", import.meta.url)),
      "@": fileURLToPath(new URL("./dashboard/src", import.meta.url)),
    },
  },
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
    globalSetup: ["./tests/setup/build-theme.ts", "./tests/setup/postgres-template.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
