import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { rateLimit } from "express-rate-limit";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPostgresDatabase } from "../jobs/test-postgres.ts";
import { createPgRateLimitStores } from "./pg-rate-limit-store.ts";

// Two web "processes", each with its own pool and its own limiter, on one PostgreSQL.
let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
const pools: pg.Pool[] = [];
const servers: Server[] = [];
beforeAll(async () => {
  database = await createTestPostgresDatabase();
});
afterAll(async () => {
  for (const server of servers) server.close();
  await Promise.all(pools.map((pool) => pool.end()));
  await database?.drop();
});

async function webProcess(name: string, windowMs = 60_000) {
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  pools.push(pool);
  const stores = createPgRateLimitStores(pool);
  const app = express();
  app.use(
    rateLimit({
      windowMs,
      limit: 3,
      standardHeaders: "draft-8",
      legacyHeaders: false,
      store: stores(name),
      keyGenerator: () => "client-1",
    }),
  );
  app.get("/", (_req, res) => {
    res.end("ok");
  });
  const server = createServer(app).listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe("rate limits shared in PostgreSQL", () => {
  it("hold across processes: the fourth request through either is refused", async () => {
    const [first, second] = [await webProcess("sign-in"), await webProcess("sign-in")];
    const statuses = [];
    for (const url of [first, second, first, second, first]) {
      statuses.push((await fetch(url)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it("keep limiters apart, and start a new window when the old one ends", async () => {
    const other = await webProcess("ai-calls", 300);
    expect((await fetch(other)).status).toBe(200);
    for (let i = 0; i < 2; i++) await fetch(other);
    expect((await fetch(other)).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await fetch(other)).status).toBe(200);
  });
});
