import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Express } from "express";
import { withFastPath } from "../../api/app.ts";
import { sanitizePostHtml } from "../../api/content/sanitize.ts";
import { type DatabaseHandle, openDatabase } from "../../api/db/client.ts";
import { parseEnv } from "../../api/env.ts";
import { createPublishing, type Publishing } from "../../api/features/publishing/publishing.ts";
import { createLogger } from "../../api/logger.ts";

/**
 * The API's publishing over a bench folder: its database (`dir/bench.db`, opened here unless
 * `handle` is given) and its site output (`dir/sites`), for blogs under blogs.test, logging nothing.
 */
export async function benchPublishing(dir: string, handle?: DatabaseHandle) {
  const env = parseEnv({
    DATABASE_URL: `file:${join(dir, "bench.db")}`,
    SITES_DIR: join(dir, "sites"),
    BLOG_DOMAIN: "blogs.test",
    LOG_LEVEL: "silent",
  });
  const db = handle ?? (await openDatabase(env.DATABASE_URL));
  const logger = createLogger("silent");
  const publishing = await createPublishing({
    db: db.db,
    env,
    sanitize: sanitizePostHtml,
    logger,
  });
  return { env, handle: db, logger, publishing };
}

/** Serves `app` (pages through the fast path first, as in production) on a free loopback port. */
export async function listenOnLoopback(app: Express, publishing: Publishing) {
  const server = createServer(withFastPath(app, publishing)).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, base: `http://127.0.0.1:${port}` };
}
