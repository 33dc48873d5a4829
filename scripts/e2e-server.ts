/** The server the browser tests drive: the real app on a throw-away database. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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

/**
 * `E2E_AI=1` (the AI writer's browser tests, a server of their own): the AI provider, a
 * SearXNG-format search and web pages are real protocol peers on loopback, in this process,
 * and research may read pages on loopback. Written to `peers.json` in the data folder, for
 * the tests to give the pages' addresses as sources. Without it the writer stays offline.
 */
async function startAiPeers() {
  const { startOpenAiServer } = await import("../api/test/openai-server.ts");
  const { startPageServer } = await import("../api/test/page-server.ts");
  const { startSearchServer } = await import("../api/test/search-server.ts");
  const { createResearch } = await import("../api/features/research/research.ts");
  const { searchProviderFromEnv } = await import("../api/features/research/search.ts");
  const [openAi, pages, search] = await Promise.all([
    startOpenAiServer(),
    startPageServer(),
    startSearchServer(),
  ]);
  // A model that takes a moment per step, so the dialog's progress can be seen.
  openAi.state.writerDelayMs = 300;
  // The search finds one more page than the owner gives.
  search.state.results = [
    {
      url: pages.url("/latin1"),
      title: "Crème fraîche in the garden",
      snippet: "Whey from crème fraîche kept mildew away.",
    },
  ];
  Object.assign(process.env, {
    OPENAI_API_KEY: "e2e-test-key",
    OPENAI_BASE_URL: openAi.baseUrl,
    AI_MODEL: "gpt-4o-mini",
    AI_IMAGE_MODEL: "gpt-image-1",
    AI_EMBEDDING_MODEL: "text-embedding-3-small",
    AI_CALLS_PER_MINUTE: "10000",
    AI_DAILY_TOKEN_LIMIT: "100000000",
    AI_INSTANCE_DAILY_TOKEN_LIMIT: "1000000000",
    SEARCH_PROVIDER: "searxng",
    SEARCH_URL: search.base,
  });
  writeFileSync(join(dir, "peers.json"), JSON.stringify({ pages: pages.base }));
  return createResearch({
    search: searchProviderFromEnv({
      SEARCH_PROVIDER: "searxng",
      SEARCH_URL: search.base,
      SEARCH_API_KEY: undefined,
    }),
    pages: { testLoopback: true },
  });
}

const research = process.env.E2E_AI === "1" ? await startAiPeers() : undefined;
const { startServer } = await import("../api/server.ts");
await startServer({
  dashboardDir: resolve(process.env.E2E_DASHBOARD_DIR ?? "dashboard/dist"),
  ...(research ? { research } : {}),
});
