import express from "express";
import type { Bus } from "./bus/bus.ts";
import type { Env } from "./env.ts";
import { healthRoutes } from "./features/health/routes.ts";
import type { HealthDeps } from "./features/health/service.ts";
import type { RateLimitStores } from "./http/pg-rate-limit-store.ts";
import type { JobQueue } from "./jobs/queue.ts";
import type { Logger } from "./logger.ts";

/** A PostgreSQL DATABASE_URL: the set-up several processes can share (docs/scale-out.md). */
export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

/**
 * What the processes of a PostgreSQL set-up share besides the database (decisions 191, 193):
 * the job queue (pg-boss, in its own schema) and the bus (LISTEN/NOTIFY), each on connections of
 * its own. With SQLite there is one process: no shared queue (the jobs run in-process as always)
 * and no bus. The modules are loaded only when used.
 */
export async function openSharedServices(
  env: Pick<Env, "DATABASE_URL" | "PROCESS_ROLE">,
  logger: Logger,
): Promise<{
  queue?: JobQueue;
  bus?: Bus;
  limitStores?: RateLimitStores;
  close: () => Promise<void>;
}> {
  if (!isPostgresUrl(env.DATABASE_URL)) return { close: async () => {} };
  const [{ createPgBossQueue }, { createPgBus }, { createPgRateLimitStores }, { default: pg }] =
    await Promise.all([
      import("./jobs/pg-boss-queue.ts"),
      import("./bus/pg-bus.ts"),
      import("./http/pg-rate-limit-store.ts"),
      import("pg"),
    ]);
  const queue = await createPgBossQueue({
    connectionString: env.DATABASE_URL,
    logger,
    instanceName: `${env.PROCESS_ROLE}-${process.pid}`,
  });
  const bus = await createPgBus({ connectionString: env.DATABASE_URL, logger });
  // Rate-limit counters: a small pool of their own (one statement per limited request).
  const limits = new pg.Pool({
    connectionString: env.DATABASE_URL,
    max: 4,
    application_name: "blogfleet-limits",
  });
  limits.on("error", (error) => logger.warn({ err: error }, "rate-limit connection lost"));
  return {
    queue,
    bus,
    limitStores: createPgRateLimitStores(limits),
    close: async () => {
      await queue.stop();
      await bus.close();
      await limits.end();
    },
  };
}

/** A worker's only listener: `GET /healthz` for the orchestrator (no dashboard, no API). */
export function createWorkerApp(deps: HealthDeps, clock: () => Date = () => new Date()) {
  const app = express();
  app.disable("x-powered-by");
  app.use(healthRoutes(deps, clock));
  app.use((_req, res) => {
    res.status(404).type("text/plain").end("This is a Blogfleet worker: only /healthz is here.");
  });
  return app;
}
