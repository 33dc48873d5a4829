import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { type Bus, createInProcessBus } from "../../bus/bus.ts";
import { shareThroughBus } from "../publishing/publishing.ts";
import { blogKey, type CachedPage, cachedPage, createPageCache } from "./page-cache.ts";
import { createPublishedIndexes, type IndexSource } from "./published-index.ts";

const page = (bytes: number, fill = "x") =>
  cachedPage(Buffer.alloc(bytes, fill), new Date(0), "image/png", "public, max-age=60");
const loaded = (value: CachedPage) => async () => value;

describe("the page cache", () => {
  it("drops the least recently used pages past its size", async () => {
    const cache = createPageCache({ maxBytes: 3000 });
    for (const file of ["a.html", "b.html", "c.html"]) await cache.cached(file, loaded(page(1000)));
    // Reading a.html makes b.html the oldest.
    expect(cache.peek("a.html")).toBeDefined();
    await cache.cached("d.html", loaded(page(1000)));
    expect(cache.peek("b.html")).toBeUndefined();
    expect(["a.html", "c.html", "d.html"].map((f) => cache.peek(f) !== undefined)).toEqual([
      true,
      true,
      true,
    ]);
    expect(cache.bytes).toBe(3000);
  });

  it("loads once for concurrent misses, and keeps nothing for a file that is not stored", async () => {
    const cache = createPageCache();
    let loads = 0;
    let release: (value: CachedPage | undefined) => void = () => {};
    const load = () => {
      loads++;
      return new Promise<CachedPage | undefined>((resolve) => {
        release = resolve;
      });
    };
    const burst = Array.from({ length: 5 }, () => cache.cached(blogKey("b", "a.html"), load));
    const one = page(10);
    release(one);
    expect(await Promise.all(burst)).toEqual([one, one, one, one, one]);
    expect(loads).toBe(1);
    const missing = cache.cached(blogKey("b", "none.html"), load);
    release(undefined);
    expect(await missing).toBeUndefined();
    expect(cache.peek(blogKey("b", "none.html"))).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it("drops one file or a whole blog, and keeps no load a drop overtook", async () => {
    const cache = createPageCache();
    await cache.cached(blogKey("b", "a.html"), loaded(page(10)));
    await cache.cached(blogKey("b", "b.html"), loaded(page(10)));
    await cache.cached(blogKey("other", "a.html"), loaded(page(10)));
    cache.dropFile("b", "a.html");
    expect(cache.peek(blogKey("b", "a.html"))).toBeUndefined();
    expect(cache.peek(blogKey("b", "b.html"))).toBeDefined();
    cache.dropBlog("b");
    expect(cache.peek(blogKey("b", "b.html"))).toBeUndefined();
    expect(cache.peek(blogKey("other", "a.html"))).toBeDefined();

    // A read of the old file, in flight when its change came, answers its request only.
    let release: (value: CachedPage) => void = () => {};
    const old = page(10, "o");
    const reading = cache.cached(
      blogKey("b", "c.html"),
      () =>
        new Promise<CachedPage>((resolve) => {
          release = resolve;
        }),
    );
    cache.dropFile("b", "c.html");
    release(old);
    expect(await reading).toBe(old);
    expect(cache.peek(blogKey("b", "c.html"))).toBeUndefined();
    const fresh = page(10, "n");
    expect(await cache.cached(blogKey("b", "c.html"), loaded(fresh))).toBe(fresh);

    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("loads an entry again once it is older than its bound", async () => {
    // lru-cache reads a start of 0 as "no start": the clock starts later, as a real one does.
    let clock = 5000;
    const cache = createPageCache({ ttlMs: 1000, now: () => clock });
    const first = page(10, "1");
    const second = page(10, "2");
    expect(await cache.cached("k", loaded(first))).toBe(first);
    clock = 5999;
    expect(await cache.cached("k", loaded(second))).toBe(first);
    clock = 6001;
    expect(cache.peek("k")).toBeUndefined();
    expect(await cache.cached("k", loaded(second))).toBe(second);
  });

  it("remembers hosts under the same bounds, and forgets them together", () => {
    let clock = 5000;
    const cache = createPageCache({ ttlMs: 1000, now: () => clock });
    cache.hosts.remember("a.blogs.test", "a");
    cache.hosts.remember("b.blogs.test", "b");
    expect(cache.hosts.lookup("a.blogs.test")).toBe("a");
    expect(cache.hosts.size).toBe(2);
    cache.hosts.clear();
    expect(cache.hosts.lookup("a.blogs.test")).toBeUndefined();
    expect(cache.hosts.size).toBe(0);
    cache.hosts.remember("a.blogs.test", "a");
    clock = 6001;
    expect(cache.hosts.lookup("a.blogs.test")).toBeUndefined();
  });
});

/** A process's cache, index and bus; its bus loses what it publishes while `losing` is set. */
function aProcess(hub: EventEmitter, clock: () => number, stored: Map<string, string>) {
  const cache = createPageCache({ ttlMs: 10_000, now: clock });
  const indexes = createPublishedIndexes(
    {
      load: async () => ({ index: {}, posts: new Map() }) as unknown as IndexSource,
      patch: async (_blogId, base) => base,
    },
    cache,
  );
  const inner = createInProcessBus(hub);
  const lost: string[] = [];
  const state = { losing: false };
  const bus: Bus = {
    ...inner,
    async publish(channel, message) {
      if (state.losing) lost.push(channel);
      else await inner.publish(channel, message);
    },
  };
  const shared = shareThroughBus({ bus, cache, indexes });
  const read = async (file: string) => {
    const page = await cache.cached(blogKey("b", file), async () => {
      const body = stored.get(file);
      return body === undefined
        ? undefined
        : cachedPage(Buffer.from(body), new Date(0), "text/html", "no-cache");
    });
    return page?.body.toString();
  };
  return { cache, shared, read, state, lost };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("a lost invalidation message (decision 359)", () => {
  it("leaves another process's page stale no longer than the cache's age bound", async () => {
    let now = 5000;
    const clock = () => now;
    const hub = new EventEmitter();
    const stored = new Map([["index.html", "first"]]);
    const writer = aProcess(hub, clock, stored);
    const reader = aProcess(hub, clock, stored);
    expect(await reader.read("index.html")).toBe("first");

    // Heard: the other process drops its page at once.
    now = 6000;
    stored.set("index.html", "second");
    writer.shared.fileChanged("b", "index.html");
    await nextTurn();
    expect(await reader.read("index.html")).toBe("second");

    // Lost (the writer's bus connection was down, nobody knows): the reader keeps its copy...
    writer.state.losing = true;
    stored.set("index.html", "third");
    writer.shared.fileChanged("b", "index.html");
    reader.cache.hosts.remember("b.blogs.test", "b");
    writer.shared.hostsChanged();
    await nextTurn();
    expect(writer.lost).toEqual(["host-map", "page-cache"]);
    expect(await reader.read("index.html")).toBe("second");
    // ...until it was read from storage 10 s ago, and no longer.
    now = 6000 + 9_999;
    expect(await reader.read("index.html")).toBe("second");
    now = 6000 + 10_001;
    expect(await reader.read("index.html")).toBe("third");
    expect(reader.cache.hosts.lookup("b.blogs.test")).toBeUndefined();
  });
});
