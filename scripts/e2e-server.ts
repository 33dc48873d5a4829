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

/**
 * `E2E_MAIL=1` (the newsletter's browser tests, a server of their own): outgoing e-mail goes
 * to a real SMTP server on loopback, in this process, which writes each message it is given
 * to `mail/{n}.eml` in the data folder for the tests to read. Without it the server sends no
 * e-mail.
 */
async function startMailPeer() {
  const { SMTPServer } = await import("smtp-server");
  const folder = join(dir, "mail");
  mkdirSync(folder, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 50,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        const name = String(++count).padStart(4, "0");
        writeFileSync(join(folder, `${name}.eml`), Buffer.concat(chunks));
        writeFileSync(join(folder, `${name}.to`), to);
        callback();
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  Object.assign(process.env, {
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    SMTP_FROM: "Blogfleet <blogs@example.test>",
    APP_ORIGIN: `http://localhost:${process.env.PORT}`,
  });
}

if (process.env.E2E_MAIL === "1") await startMailPeer();
const research = process.env.E2E_AI === "1" ? await startAiPeers() : undefined;
const { startServer } = await import("../api/server.ts");
await startServer({
  dashboardDir: resolve(process.env.E2E_DASHBOARD_DIR ?? "dashboard/dist"),
  ...(research ? { research } : {}),
});
