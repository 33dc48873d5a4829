import { createServer, type Server } from "node:http";
import { resolve } from "node:path";
import { aiGateOptions, createAiGate } from "./ai/gate.ts";
import { createApp, withFastPath } from "./app.ts";
import { sanitizePostHtml } from "./content/sanitize.ts";
import { openDatabase } from "./db/client.ts";
import { InvalidEnvironmentError, parseEnv } from "./env.ts";
import { fleetLimitsFromEnv } from "./features/automation/fleet-limits.ts";
import { createImportRunner } from "./features/imports/runner.ts";
import { withIndexNow } from "./features/indexnow/pings.ts";
import { createEmbeddings, embeddingSettings } from "./features/internal-links/embeddings.ts";
import { featureImageFor } from "./features/media/feature-image.ts";
import { libraryImageImporter } from "./features/media/import-remote.ts";
import { type ContentEvents, guardContentEvents } from "./features/publishing/content-events.ts";
import { createPublishing } from "./features/publishing/publishing.ts";
import { type Research, researchFromEnv } from "./features/research/research.ts";
import { createWriter } from "./features/writer/service.ts";
import { gracefulCloser } from "./http/graceful-close.ts";
import { keepConnectionsAlive } from "./http/keep-alive.ts";
import {
  type JobName,
  queuedGenerations,
  queuedImports,
  queueNameOf,
  renderRequests,
  startJobs,
} from "./jobs/jobs.ts";
import { createSqliteQueue } from "./jobs/sqlite-queue.ts";
import { createLogger } from "./logger.ts";
import { mailerFromEnv } from "./mail/mailer.ts";
import { createWorkerApp, openSharedServices } from "./scale-out.ts";
import { createCpuPool } from "./workers/run.ts";

export type StartOptions = {
  dashboardDir?: string;
  /**
   * Test injection only (the browser tests' AI server, scripts/e2e-server.ts): research that may
   * read pages on loopback. Production never passes it; the default is `researchFromEnv`.
   */
  research?: Research;
};

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
  // Last resort (decision 070): a promise nobody awaited must not end the process and take
  // the dashboard, the API and the live blogs down with it. Reads go on; the log says why.
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: reason }, "unhandled rejection (kept serving)");
  });
  const database = await openDatabase(env.DATABASE_URL);
  // PostgreSQL: the job queue and the bus every process shares (decisions 191-193). SQLite: the
  // job queue is a table of the database (decision 320), and there is no bus.
  const shared = await openSharedServices(env, logger);
  const queue = shared.queue ?? (await createSqliteQueue({ db: database.db, logger }));
  // One pool of worker threads for CPU-heavy steps of requests, renders and imports.
  const cpu = createCpuPool({ size: env.WORKER_THREADS });
  const renders = renderRequests(queue, logger);
  const publishing = await createPublishing({
    db: database.db,
    env,
    sanitize: sanitizePostHtml,
    logger,
    cpu,
    bus: shared.bus,
    // With a shared queue, a render is a job any worker takes (one per blog at a time); with
    // one process, the render queue runs it at once (its outbox row is the durable record).
    requestRender: shared.queue && renders.requestRender,
    retryRender: renders.retryRender,
  });
  // Outgoing e-mail (SMTP_URL): password resets, invitations, notifications, newsletters.
  const mailer = mailerFromEnv(env);
  // A change readers can see queues an IndexNow ping with the addresses it touched (decision 378).
  const rendered = withIndexNow(publishing.contentEvents, {
    db: database.db,
    queue,
    canonical: publishing.canonical,
    logger,
  });
  // A change readers can see may be a post to send by e-mail: the newsletter sweep runs a few
  // seconds after it (the post's page live by then) instead of at its next period (decision 373).
  const published: ContentEvents = mailer
    ? {
        async blogChanged(blogId, change) {
          await rendered.blogChanged(blogId, change);
          if (change.postIds === undefined) return;
          await queue.enqueue(
            queueNameOf("newsletters"),
            {},
            { startAfter: new Date(Date.now() + 3000), bringForward: true },
          );
        },
      }
    : rendered;
  // What happens after a change readers can see commits (the app's routes guard it themselves).
  const contentEvents: ContentEvents = guardContentEvents(published, logger);
  // The one gate to the AI provider, for the routes and the jobs alike.
  const ai = createAiGate({
    db: database.db,
    ...aiGateOptions(env),
    sanitize: sanitizePostHtml,
    logger,
    // Several processes on PostgreSQL: calls per minute are counted in the database (decision 196).
    sharedCalls: shared.limitStores?.("ai-calls"),
  });
  logger.info({ ai: ai.configured ? ai.model : "offline writer" }, "AI provider");
  let jobs: { runSoon: (name: JobName) => void; stop: () => Promise<void> } | undefined;
  const runSoon = (name: JobName) => void queue.enqueue(queueNameOf(name)).catch(() => undefined);
  // Runs the job of each import where jobs run (the list's `imports`; not in a web process).
  const imports = createImportRunner({
    db: database.db,
    storage: publishing.output.storage,
    contentEvents,
    // Images of imported posts come into the media library (public addresses only).
    images: libraryImageImporter({
      db: database.db,
      storage: publishing.output.storage,
      contentEvents,
    }),
    cpu,
    logger,
  });
  // Ranks internal links for the editor's suggestions and the AI writer alike.
  const embeddings = createEmbeddings(embeddingSettings(env, logger));
  // The AI writer's jobs (where jobs run): research, internal links, images (decision 334).
  const writer = createWriter({
    db: database.db,
    ai,
    contentEvents,
    cpu,
    logger,
    sanitize: sanitizePostHtml,
    blogDomain: env.BLOG_DOMAIN,
    fleetLimits: fleetLimitsFromEnv(env),
    research: options.research ?? researchFromEnv(env, { pool: cpu }),
    links: { db: database.db, embeddings, blogDomain: env.BLOG_DOMAIN, logger },
    featureImage: (input) =>
      featureImageFor(
        { db: database.db, storage: publishing.output.storage, contentEvents, ai },
        input,
      ),
  });
  const app =
    env.PROCESS_ROLE === "worker"
      ? createWorkerApp({
          db: database.db,
          writeHealth: database.writeHealth,
          failingRenders: () => publishing.queue.failing(),
        })
      : createApp({
          env,
          db: database.db,
          logger,
          dashboardDir: options.dashboardDir ?? resolve("dashboard/dist"),
          publishing,
          contentEvents: published,
          aiGate: ai,
          // Switching automation on writes the first post now, not at the job's next minute.
          onAutomationDue: () => runSoon("content automation"),
          cpu,
          writeHealth: database.writeHealth,
          limitStores: shared.limitStores,
          // One process (SQLite): validated sessions are kept a few seconds; with other
          // processes beside it, a sign-out there must count here at once (decision 167).
          sessionCacheMs: shared.bus ? 0 : 5_000,
          // Starting an import queues a job a worker takes.
          imports: queuedImports(queue, logger),
          // So does a generation of the AI writer.
          generations: queuedGenerations(queue, logger),
          embeddings,
          mailer,
        });
  const server = keepConnectionsAlive(
    createServer(env.PROCESS_ROLE === "worker" ? app : withFastPath(app, publishing)),
  );
  const closer = gracefulCloser(server);
  server.listen(env.PORT, env.HOST);
  await new Promise<void>((done, fail) => {
    server.once("listening", done);
    server.once("error", fail);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info(
    { port, database: env.DATABASE_URL, role: env.PROCESS_ROLE },
    `Blogfleet is serving on http://localhost:${port}`,
  );
  // Every background job, from the one list (api/jobs/jobs.ts); started here, not in
  // createApp, so tests drive each job with their own clock.
  // A web process starts none (decision 192).
  if (env.PROCESS_ROLE !== "web")
    jobs = await startJobs({
      db: database.db,
      ai,
      publishing,
      contentEvents,
      cpu,
      logger,
      imports,
      queue,
      writer,
      mailer,
      appOrigin: env.APP_ORIGIN,
      bounceAddress: env.NEWSLETTER_BOUNCE_ADDRESS,
    });

  const shutdown = async (signal: string) => {
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    setTimeout(() => process.exit(1), 10_000).unref();
    // At once: no new connections, and no new work. Requests already received are answered in
    // full; the schedulers finish a run in progress; the queue finishes the renders in progress
    // and starts no other (pending render jobs stay in the database for the next start).
    await Promise.all([
      closer.close({ onStopListening: () => logger.info("no longer taking connections") }),
      jobs?.stop() ?? queue.stop(),
    ]);
    await shared.close();
    mailer?.close();
    // Page views that arrived while the last requests were answered (decision 132).
    await publishing.analytics.flush();
    database.close();
    process.exit(0);
  };
  const stop = (signal: string) =>
    shutdown(signal).catch((error: unknown) => {
      logger.error({ err: error }, "shutdown failed");
      process.exit(1);
    });
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
  return server;
}

if (import.meta.main) {
  await startServer();
}
