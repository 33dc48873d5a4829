import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Storage } from "./storage.ts";

/**
 * What every Storage implementation promises (site-builder/storage/storage.ts), run against each
 * of them: the local folder and object storage answer these the same way.
 */
export function storageContract(
  label: string,
  open: () => Promise<{ storage: Storage; close: () => Promise<void> }>,
) {
  describe(`${label}: the storage contract`, () => {
    let storage: Storage;
    let close: () => Promise<void>;
    beforeEach(async () => {
      ({ storage, close } = await open());
    });
    afterEach(() => close());

    const text = async (key: string) => (await storage.get(key))?.toString("utf8");

    it("puts, gets, lists and deletes by key, and refuses keys outside it", async () => {
      await storage.put("media/a/one.txt", "one");
      await storage.putAll([
        { key: "media/a/two.txt", body: "two" },
        { key: "media/b.txt", body: new Uint8Array([104, 105]) },
      ]);
      expect(await text("media/a/one.txt")).toBe("one");
      expect(await text("media/b.txt")).toBe("hi");
      const read = await storage.read("media/a/two.txt");
      expect(read?.body.toString("utf8")).toBe("two");
      expect(Math.abs((read?.modified.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
      expect((await storage.list("media")).sort()).toEqual(["a/one.txt", "a/two.txt", "b.txt"]);
      await storage.delete("media/a/one.txt");
      expect(await storage.get("media/a/one.txt")).toBeUndefined();
      expect(await storage.read("media/a/one.txt")).toBeUndefined();
      await expect(storage.put("../escape.txt", "x")).rejects.toThrow(/outside/);
      await expect(storage.put("a\0b", "x")).rejects.toThrow(/outside/);
      expect(await storage.get("../../etc/passwd")).toBeUndefined();
    });

    it("makes each of several bodies visible in order, only once all are stored", async () => {
      await storage.put("site/index.html", "old index");
      const order: string[] = [];
      let postWhenIndexVisible: Promise<string | undefined> | undefined;
      await storage.putAll(
        [
          { key: "site/post.html", body: "post" },
          { key: "site/index.html", body: "new index" },
        ],
        (entry) => {
          order.push(entry.key);
          // When the index becomes visible, the post it links to is there already.
          if (entry.key === "site/index.html") postWhenIndexVisible = text("site/post.html");
        },
      );
      expect(order).toEqual(["site/post.html", "site/index.html"]);
      expect(await postWhenIndexVisible).toBe("post");
      expect(await text("site/index.html")).toBe("new index");
      // Durable once flushed (at once where an answered upload is).
      await storage.flush();
      expect(await text("site/post.html")).toBe("post");
      // A refused entry fails the whole call before any of the others is visible.
      await expect(
        storage.putAll([
          { key: "site/c.html", body: "c" },
          { key: "../d.html", body: "d" },
        ]),
      ).rejects.toThrow(/outside/);
      expect(await storage.get("site/c.html")).toBeUndefined();
      expect((await storage.list("site")).sort()).toEqual(["index.html", "post.html"]);
    });

    it("publishes a generation in one step, keeps the one before, and drops an abandoned one", async () => {
      expect(await storage.live("blogs/x")).toBeUndefined();
      const first = await storage.beginGeneration("blogs/x");
      await first.put("index.html", "first");
      expect(await storage.live("blogs/x")).toBeUndefined();
      await first.publish();
      expect(await storage.live("blogs/x")).toBe(first.prefix);
      expect(await text(`${first.prefix}/index.html`)).toBe("first");

      const second = await storage.beginGeneration("blogs/x");
      await second.put("index.html", "second");
      // A file carried over from the live generation, without passing through the process.
      await second.copy("og/card.png", `${first.prefix}/index.html`);
      await expect(second.put("../../escape.html", "x")).rejects.toThrow(/outside/);
      await second.publish();
      expect(await text(`${second.prefix}/og/card.png`)).toBe("first");
      const third = await storage.beginGeneration("blogs/x");
      await third.put("index.html", "third");
      await third.abandon();
      expect(await storage.live("blogs/x")).toBe(second.prefix);
      expect(await text(`${second.prefix}/index.html`)).toBe("second");
      // The generation before stays for readers still in it; older ones and abandoned ones go.
      expect(await text(`${first.prefix}/index.html`)).toBe("first");
      expect(await storage.get(`${third.prefix}/index.html`)).toBeUndefined();
      const fourth = await storage.beginGeneration("blogs/x");
      await fourth.publish();
      expect(await storage.get(`${first.prefix}/index.html`)).toBeUndefined();
      expect(await text(`${second.prefix}/index.html`)).toBe("second");
    });

    it("points exactly the given aliases at a name's live generation", async () => {
      const generation = await storage.beginGeneration("blogs/x");
      await generation.put("index.html", "x");
      await generation.publish();
      const other = await storage.beginGeneration("blogs/y");
      await other.publish();
      await storage.setAliases("hosts", "blogs/y", ["y.example.com"]);
      await storage.setAliases("hosts", "blogs/x", ["a.example.com", "b.example.com", "../bad"]);
      expect(await storage.resolveAlias("hosts", "a.example.com")).toBe(generation.prefix);
      expect(await storage.resolveAlias("hosts", "b.example.com")).toBe(generation.prefix);
      expect(await storage.resolveAlias("hosts", "../bad")).toBeUndefined();
      await storage.setAliases("hosts", "blogs/x", ["b.example.com"]);
      expect(await storage.resolveAlias("hosts", "a.example.com")).toBeUndefined();
      expect(await storage.resolveAlias("hosts", "b.example.com")).toBe(generation.prefix);
      // Another name's aliases are left alone.
      expect(await storage.resolveAlias("hosts", "y.example.com")).toBe(other.prefix);
      // An alias follows the name's next generation without being set again.
      const next = await storage.beginGeneration("blogs/x");
      await next.publish();
      expect(await storage.resolveAlias("hosts", "b.example.com")).toBe(next.prefix);
      await storage.setAliases("hosts", "blogs/x", []);
      await storage.deleteAll("blogs/x");
      expect(await storage.live("blogs/x")).toBeUndefined();
      expect(await storage.get(`${generation.prefix}/index.html`)).toBeUndefined();
      expect(await storage.resolveAlias("hosts", "b.example.com")).toBeUndefined();
      expect(await storage.live("blogs/y")).toBe(other.prefix);
    });

    it("removes a name with every generation and nothing beside it", async () => {
      await storage.put("media/blog1/a.webp", "a");
      await storage.put("media/blog10/b.webp", "b");
      await storage.deleteAll("media/blog1");
      expect(await storage.get("media/blog1/a.webp")).toBeUndefined();
      expect(await text("media/blog10/b.webp")).toBe("b");
    });
  });
}
