import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Express } from "express";
import { createApp, withFastPath } from "../../api/app.ts";
import { sanitizePostHtml } from "../../api/content/sanitize.ts";
import { type DatabaseHandle, openDatabase } from "../../api/db/client.ts";
import { parseEnv } from "../../api/env.ts";
import { createPublishing, type Publishing } from "../../api/features/publishing/publishing.ts";
import { createLogger } from "../../api/logger.ts";
import { type CardDrawer, createCardDrawer } from "../../site-builder/cards/card-drawer.ts";
import type { SocialCard } from "../../site-builder/theme/lib/cards.ts";

/** A 1×1 PNG: stands in for the social cards while a bench sets up its blogs. */
const placeholderCard = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/**
 * The API's publishing over a bench folder: its database (`dir/bench.db`, opened here unless
 * `handle` is given) and its site output (`dir/sites`), for blogs under blogs.test, logging nothing.
 *
 * Social cards are placeholders until `cards.drawReal()`: a fresh 10,000-post blog would
 * otherwise spend minutes drawing every card before the figures start (issue 17 measures that
 * in social-cards.ts); after it, each render draws real cards, as the server does: in the card
 * process (decision 160), which `cards.close()` ends.
 */
export async function benchPublishing(dir: string, handle?: DatabaseHandle) {
  let real = false;
  let drawer: CardDrawer | undefined;
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
    drawCard: async (card) => {
      if (!real) return placeholderCard;
      drawer ??= createCardDrawer();
      return drawer.draw(card);
    },
  });
  const cards = {
    drawReal: () => {
      real = true;
    },
    /** Starts the card process by drawing `card` (a server drawing cards has it up). */
    warm: async (card: SocialCard) => {
      drawer ??= createCardDrawer();
      await drawer.draw(card);
    },
    close: async () => drawer?.close(),
  };
  return { env, handle: db, logger, publishing, cards };
}

/** Serves `app` (pages through the fast path first, as in production) on a free loopback port. */
export async function listenOnLoopback(app: Express, publishing: Publishing) {
  const server = createServer(withFastPath(app, publishing)).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, base: `http://127.0.0.1:${port}` };
}

/**
 * The API alone (no publishing) over a bench folder's database, on a free loopback port, with
 * one owner signed up: its session cookie, for the API benches.
 */
export async function benchApiWithOwner(dir: string) {
  const env = parseEnv({
    NODE_ENV: "production",
    DATABASE_URL: `file:${join(dir, "bench.db")}`,
    SITES_DIR: join(dir, "sites"),
    LOG_LEVEL: "silent",
  });
  const database = await openDatabase(env.DATABASE_URL);
  const app = createApp({ env, db: database.db, logger: createLogger("silent") });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cookie = await signUpBenchOwner(base);
  return { database, server, base, cookie };
}

/** Signs up the bench's owner on a server at `base`; resolves with the session cookie. */
export async function signUpBenchOwner(base: string): Promise<string> {
  const signUp = await fetch(`${base}/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: "bench@example.com", password: "correct horse battery" }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`);
  return (signUp.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
}
