import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHostMap } from "../features/public-sites/fast-path.ts";
import { createPageCache } from "../features/public-sites/page-cache.ts";
import { createPublishedIndexes } from "../features/public-sites/published-index.ts";
import { shareCaches } from "../features/publishing/shared-caches.ts";
import { createTestPostgresDatabase } from "../jobs/test-postgres.ts";
import type { Bus } from "./bus.ts";
import { createPgBus } from "./pg-bus.ts";

// Two buses stand for two processes on one PostgreSQL (decision 193).
let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
const buses: Bus[] = [];
const open = async (applicationName: string) => {
  const bus = await createPgBus({
    connectionString: database.url,
    applicationName,
    reconnectMs: 200,
  });
  buses.push(bus);
  return bus;
};
beforeAll(async () => {
  database = await createTestPostgresDatabase();
});
afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
  await database?.drop();
});

const until = async (check: () => boolean, timeoutMs = 1000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
};

describe("the PostgreSQL bus", () => {
  it("delivers a message to the other processes within a second, never back to its sender", async () => {
    const [first, second] = [await open("bus-first"), await open("bus-second")];
    const heardByFirst: (string | undefined)[] = [];
    const heardBySecond: (string | undefined)[] = [];
    first.subscribe("page-cache", (message) => heardByFirst.push(message));
    second.subscribe("page-cache", (message) => heardBySecond.push(message));
    second.subscribe("host-map", () => heardBySecond.push("host-map!"));
    await first.publish("page-cache", "blog-1");
    await until(() => heardBySecond.length === 1);
    expect(heardBySecond).toEqual(["blog-1"]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardByFirst).toEqual([]);
    await expect(first.publish("page-cache", "x".repeat(8000))).rejects.toThrow(/under/);
  });

  it("comes back after its connection is cut, and says messages may have been lost", async () => {
    const [sender, listener] = [await open("bus-sender"), await open("bus-cut")];
    const heard: (string | undefined)[] = [];
    listener.subscribe("content", (message) => heard.push(message));
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'bus-cut'",
      );
    } finally {
      await admin.end();
    }
    await until(() => heard.length === 1, 5000);
    expect(heard).toEqual([undefined]);
    await sender.publish("content", '{"blogId":"b"}');
    await until(() => heard.length === 2);
    expect(heard[1]).toBe('{"blogId":"b"}');
  });

  it("keeps two processes' page caches, indexes and host maps in step", async () => {
    const processes = await Promise.all(
      ["web-1", "web-2"].map(async (name) => {
        const cache = createPageCache();
        const loads: string[] = [];
        const indexes = createPublishedIndexes({
          load: async (blogId) => {
            loads.push(blogId);
            return { index: { blogId } } as never;
          },
          patch: async (blogId) => {
            loads.push(`patch:${blogId}`);
            return { index: { blogId } } as never;
          },
        });
        const hostMap = createHostMap();
        const shared = shareCaches({ bus: await open(name), cache, indexes, hostMap });
        return { cache, indexes, loads, hostMap: shared.hostMap, shared };
      }),
    );
    const [one, two] = processes as [(typeof processes)[0], (typeof processes)[0]];
    await two.indexes.get("blog-1");
    two.hostMap.remember("blog-1.blogs.test", "blog-1");
    const before = two.cache.generation("blog-1");

    // A post published through the first process: the second drops its pages and index.
    one.cache.invalidate("blog-1");
    one.shared.contentChanged("blog-1", { postIds: ["p1"] });
    const took = await until(() => two.cache.generation("blog-1") > before);
    expect(took).toBeLessThan(1000);
    await two.indexes.get("blog-1");
    expect(two.loads).toEqual(["blog-1", "patch:blog-1"]);

    // A render's files, announced together; a domain change clears every host map.
    const generation = two.cache.generation("blog-1");
    one.shared.fileChanged("blog-1", "index.html");
    one.shared.fileChanged("blog-1", "post/p1.html");
    await until(() => two.cache.generation("blog-1") >= generation + 2);
    one.hostMap.clear();
    await until(() => two.hostMap.lookup("blog-1.blogs.test") === undefined);
  });
});
