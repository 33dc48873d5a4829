/**
 * `npm run dev`: the API restarting on change (node --watch), Vite's dev server with HMR, and
 * the blog theme watched with chokidar: a change to site-builder/theme rebuilds it, records a
 * full render of every blog and restarts the API, which renders them with the new theme.
 * One command. Open http://localhost:3000; Vite hands API and public-blog paths to the API.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { watch } from "chokidar";
import { createServer } from "vite";

const port = Number(process.env.PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? port + 1);

function startApi(): ChildProcess {
  const child = spawn(
    process.execPath,
    ["--watch-path=api", "--watch-path=contracts", "api/server.ts"],
    {
      stdio: "inherit",
      env: {
        ...process.env,
        PORT: String(apiPort),
        HOST: "127.0.0.1",
        NODE_ENV: "development",
        // The browser talks to Vite's port; the API must accept that origin.
        APP_ORIGIN: process.env.APP_ORIGIN ?? `http://localhost:${port}`,
      },
    },
  );
  child.on("exit", (code) => {
    if (code !== null && code !== 0) console.error(`API exited with code ${code}`);
  });
  return child;
}

let api = startApi();

process.env.API_PORT = String(apiPort);
const vite = await createServer({ configFile: "vite.config.ts", server: { port } });
await vite.listen();
vite.printUrls();

/** Theme sources changed: build, queue every blog for a full render, restart the API. */
async function rebuildTheme() {
  const started = Date.now();
  const { default: buildTheme } = await import("../tests/setup/build-theme.ts");
  await buildTheme();
  const { parseEnv } = await import("../api/env.ts");
  const { openDatabase } = await import("../api/db/client.ts");
  const { requestFullRenders } = await import("../api/features/publishing/outbox.ts");
  const database = await openDatabase(parseEnv().DATABASE_URL);
  try {
    const blogs = await requestFullRenders(database.db);
    console.log(`Theme rebuilt in ${Date.now() - started} ms; ${blogs} blogs render again.`);
  } finally {
    database.close();
  }
  await new Promise<void>((done) => {
    api.once("exit", () => done());
    api.kill("SIGTERM");
  });
  api = startApi();
}

let pending: NodeJS.Timeout | undefined;
let rebuilding = Promise.resolve();
const theme = watch(["site-builder/theme", "site-builder/adapter"], { ignoreInitial: true });
theme.on("all", () => {
  clearTimeout(pending);
  pending = setTimeout(() => {
    rebuilding = rebuilding
      .then(rebuildTheme)
      .catch((error: unknown) => console.error("Theme rebuild failed:", error));
  }, 300);
});

const stop = async () => {
  await theme.close();
  api.kill("SIGTERM");
  await vite.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
