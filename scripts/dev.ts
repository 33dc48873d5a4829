/**
 * `npm run dev`: the API restarting on change (node --watch) and Vite's dev server with HMR,
 * as one command. Open http://localhost:3000; Vite hands API and public-blog paths to the API.
 */
import { spawn } from "node:child_process";
import { createServer } from "vite";

const port = Number(process.env.PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? port + 1);

const api = spawn(
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

process.env.API_PORT = String(apiPort);
const vite = await createServer({ configFile: "vite.config.ts", server: { port } });
await vite.listen();
vite.printUrls();

const stop = async () => {
  api.kill("SIGTERM");
  await vite.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
api.on("exit", (code) => {
  if (code !== null && code !== 0) console.error(`API exited with code ${code}`);
});
