import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogKey, cachedPage, createPageCache } from "../features/public-sites/page-cache.ts";
import { createPublishedIndexes } from "../features/public-sites/published-index.ts";
import { shareThroughBus } from "../features/publishing/publishing.ts";
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

const until = async (
  check: () => boolean,
  timeoutMs = 1000,
  between: () => Promise<void> = async () => {},
) => {
  const started = Date.now();
  await between();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await between();
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

  /** A web process: its page cache (with `ttlMs`), indexes and bus, and what it loaded. */
  const aProcess = async (name: string, ttlMs?: number) => {
    const cache = createPageCache({ ttlMs });
    const loads: string[] = [];
    const indexes = createPublishedIndexes(
      {
        load: async (blogId) => {
          loads.push(blogId);
          return { index: { blogId }, posts: new Map() } as never;
        },
        patch: async (blogId) => {
          loads.push(`patch:${blogId}`);
          return { index: { blogId }, posts: new Map() } as never;
        },
      },
      cache,
    );
    const bus = await open(name);
    const shared = shareThroughBus({ bus, cache, indexes });
    const read = async (stored: Map<string, string>, file: string) =>
      (
        await cache.cached(blogKey("blog-1", file), async () =>
          cachedPage(Buffer.from(stored.get(file) ?? ""), new Date(0), "text/html", "no-cache"),
        )
      )?.body.toString();
    return { cache, indexes, loads, bus, shared, read };
  };

  it("keeps two processes' page caches, indexes and host maps in step", async () => {
    const [one, two] = [await aProcess("web-1"), await aProcess("web-2")];
    const stored = new Map([
      ["index.html", "home"],
      ["post/p1.html", "post"],
    ]);
    await two.indexes.get("blog-1");
    await two.read(stored, "index.html");
    two.cache.hosts.remember("blog-1.blogs.test", "blog-1");

    // A post published through the first process: the second drops its pages and patches its index.
    one.indexes.changed("blog-1", ["p1"]);
    one.shared.contentChanged("blog-1", { postIds: ["p1"] });
    const took = await until(() => two.cache.peek(blogKey("blog-1", "index.html")) === undefined);
    expect(took).toBeLessThan(1000);
    await two.indexes.get("blog-1");
    expect(two.loads).toEqual(["blog-1", "patch:blog-1"]);

    // A render's files, announced together; a domain change clears every host map.
    await two.read(stored, "index.html");
    await two.read(stored, "post/p1.html");
    one.shared.fileChanged("blog-1", "index.html");
    one.shared.fileChanged("blog-1", "post/p1.html");
    await until(
      () =>
        two.cache.peek(blogKey("blog-1", "index.html")) === undefined &&
        two.cache.peek(blogKey("blog-1", "post/p1.html")) === undefined,
    );
    one.cache.hosts.clear();
    one.shared.hostsChanged();
    await until(() => two.cache.hosts.lookup("blog-1.blogs.test") === undefined);
  });

  it("heals a page whose NOTIFY was lost within the cache's age bound (decision 359)", async () => {
    const ttlMs = 300;
    const [one, two] = [await aProcess("web-3"), await aProcess("web-4", ttlMs)];
    const stored = new Map([["index.html", "before"]]);
    const loadedAt = Date.now();
    expect(await two.read(stored, "index.html")).toBe("before");
    // The first process's connection is gone: its NOTIFY of the new page never leaves it.
    await one.bus.close();
    stored.set("index.html", "after");
    one.shared.fileChanged("blog-1", "index.html");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await two.read(stored, "index.html")).toBe("before");
    // Read from storage again once its entry is older than the bound, and not before.
    let seen: string | undefined;
    await until(
      () => seen === "after",
      ttlMs + 2000,
      async () => {
        seen = await two.read(stored, "index.html");
      },
    );
    const healedAfter = Date.now() - loadedAt;
    expect(healedAfter).toBeGreaterThanOrEqual(ttlMs - 20);
    expect(healedAfter).toBeLessThan(ttlMs + 2000);
  });
});
