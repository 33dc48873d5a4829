import type { Server } from "node:http";
import { resolve } from "node:path";
import { createApp } from "./app.ts";
import { createSessionStore } from "./auth/sessions.ts";
import { sanitizePostHtml } from "./content/sanitize.ts";
import { openDatabase } from "./db/client.ts";
import { InvalidEnvironmentError, parseEnv } from "./env.ts";
import { createPublishing } from "./features/publishing/publishing.ts";
import { createLogger } from "./logger.ts";

export type StartOptions = { dashboardDir?: string };

/** Parses the environment, opens and migrates the database, and serves the app. */
export async function startServer(options: StartOptions = {}): Promise<Server> {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  const database = await openDatabase(env.DATABASE_URL);
  const publishing = await createPublishing({
    db: database.db,
    env,
    sanitize: sanitizePostHtml,
    logger,
  });
  const app = createApp({
    env,
    db: database.db,
    logger,
    dashboardDir: options.dashboardDir ?? resolve("dashboard/dist"),
    publishing,
  });
  const server = app.listen(env.PORT, env.HOST);
  await new Promise<void>((done, fail) => {
    server.once("listening", done);
    server.once("error", fail);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info(
    { port, database: env.DATABASE_URL },
    `Blogfleet is serving on http://localhost:${port}`,
  );
  // Renders that were pending when the last process stopped (or was killed) run now.
  await publishing.queue.resume();
  // Expired sessions are refused anyway; this only keeps the table small.
  const sessions = createSessionStore(database.db);
  const clearSessions = () =>
    sessions
      .deleteExpired()
      .catch((error: unknown) => logger.warn({ err: error }, "session cleanup failed"));
  await clearSessions();
  setInterval(clearSessions, 60 * 60 * 1000).unref();

  const shutdown = (signal: string) => {
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    server.close(async () => {
      // Pending render jobs stay in the database; the next start picks them up.
      await publishing.queue.stop();
      database.close();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  return server;
}

if (import.meta.main) {
  await startServer();
}
