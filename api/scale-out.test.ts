import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";
import { createWorkerApp, isPostgresUrl, openSharedServices } from "./scale-out.ts";
import { openTestDatabase } from "./test/dialect.ts";

describe("process roles", () => {
  it("a worker answers /healthz and nothing else", async () => {
    const dir = mkdtempSync(join(tmpdir(), "blogfleet-worker-"));
    const database = await openTestDatabase(dir);
    const server = createServer(
      createWorkerApp({ db: database.db, writeHealth: database.writeHealth }),
    ).listen(0, "127.0.0.1");
    try {
      await new Promise((resolve) => server.once("listening", resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: "ok", database: "ok" });
      for (const path of ["/", "/api/blogs", "/login"]) {
        const res = await fetch(`${base}${path}`);
        expect(res.status).toBe(404);
        expect(await res.text()).toContain("worker");
      }
    } finally {
      server.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("shares a queue and a bus only with PostgreSQL", async () => {
    expect(isPostgresUrl("postgres://u@db/blogfleet")).toBe(true);
    expect(isPostgresUrl("postgresql://u@db/blogfleet")).toBe(true);
    expect(isPostgresUrl("file:./data/blogfleet.db")).toBe(false);
    const embedded = await openSharedServices(
      { DATABASE_URL: "file:./data/blogfleet.db", PROCESS_ROLE: "all" },
      createLogger("silent"),
    );
    expect(embedded.queue).toBeUndefined();
    expect(embedded.bus).toBeUndefined();
  });
});
