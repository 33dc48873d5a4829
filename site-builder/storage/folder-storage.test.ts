import { pbkdf2 } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  watch,
  writeFileSync,
} from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { createFolderStorage, readAtOnceBytes } from "./folder-storage.ts";
import { storageContract } from "./storage-contract.ts";

storageContract("the folder storage", async () => {
  const root = mkdtempSync(join(tmpdir(), "blogfleet-storage-"));
  return {
    storage: createFolderStorage(root),
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
});

describe("the folder storage", () => {
  it("keeps files and aliases where nginx or Caddy can read them", async () => {
    const root = mkdtempSync(join(tmpdir(), "blogfleet-storage-"));
    try {
      const storage = createFolderStorage(root);
      await storage.put("media/a.txt", "a");
      expect(storage.pathOf("media/a.txt")).toBe(join(root, "media", "a.txt"));
      expect(storage.pathOf("../a.txt")).toBeUndefined();
      const generation = await storage.beginGeneration("blogs/x");
      await generation.publish();
      expect(readlinkSync(join(root, "blogs", "x", "current"))).toBe(
        `builds/${generation.prefix.split("/").at(-1)}`,
      );
      await storage.setAliases("hosts", "blogs/x", ["a.example.com"]);
      expect(readlinkSync(join(root, "hosts", "a.example.com"))).toBe("../blogs/x/current");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("renames in order; a failing rename leaves those before it live and told", async () => {
    const root = mkdtempSync(join(tmpdir(), "blogfleet-storage-"));
    try {
      const storage = createFolderStorage(root);
      await storage.put("site/index.html", "old index");
      // A folder where a page should go: its rename fails (EISDIR), after the first one's.
      mkdirSync(join(root, "site", "blocked.html", "inside"), { recursive: true });
      writeFileSync(join(root, "site", "blocked.html", "inside", "x"), "x");
      const told: string[] = [];
      await expect(
        storage.putAll(
          [
            { key: "site/post.html", body: "post" },
            { key: "site/blocked.html", body: "blocked" },
            { key: "site/index.html", body: "new index" },
          ],
          (entry) => told.push(entry.key),
        ),
      ).rejects.toMatchObject({ code: expect.stringMatching(/^(EISDIR|ENOTEMPTY|EEXIST)$/) });
      expect(told).toEqual(["site/post.html"]);
      expect(readFileSync(join(root, "site", "post.html"), "utf8")).toBe("post");
      expect(readFileSync(join(root, "site", "index.html"), "utf8")).toBe("old index");
      // No temporary file is left behind.
      expect(readdirSync(join(root, "site")).sort()).toEqual([
        "blocked.html",
        "index.html",
        "post.html",
      ]);
      // The storage keeps working after a failure.
      await storage.putAll([{ key: "site/index.html", body: "newer index" }]);
      expect(readFileSync(join(root, "site", "index.html"), "utf8")).toBe("newer index");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("flushes a generation's files and folders before it goes live, and the swap before pruning (decision 358)", async () => {
    const root = mkdtempSync(join(tmpdir(), "blogfleet-storage-"));
    // Every fsync, by what it flushed (the descriptor's path) and what was live at that moment.
    const blog = join(root, "sites", "blogs", "x");
    const flushes: { path: string; live: string; builds: string[] }[] = [];
    const probe = await open(join(root, "probe"), "w");
    const handles = Object.getPrototypeOf(probe) as FileHandle;
    await probe.close();
    const sync = handles.sync;
    const spy = vi.spyOn(handles, "sync").mockImplementation(function (this: FileHandle) {
      flushes.push({
        path: readlinkSync(`/proc/self/fd/${this.fd}`),
        live: existsSync(join(blog, "current")) ? readlinkSync(join(blog, "current")) : "none",
        builds: existsSync(join(blog, "builds")) ? readdirSync(join(blog, "builds")).sort() : [],
      });
      return sync.call(this);
    });
    try {
      const storage = createFolderStorage(join(root, "sites"));
      const publish = async (files: string[]) => {
        const generation = await storage.beginGeneration("blogs/x");
        for (const file of files) await generation.put(file, `<p>${file}</p>`);
        const id = generation.prefix.split("/").at(-1) as string;
        flushes.length = 0;
        await generation.publish();
        return { id, flushedOnPublish: [...flushes] };
      };
      const first = await publish(["index.html"]);
      const second = await publish(["index.html"]);
      // The third: its files are flushed as they are written, and nothing of it is live yet.
      const generation = await storage.beginGeneration("blogs/x");
      const third = generation.prefix.split("/").at(-1) as string;
      const dir = join(blog, "builds", third);
      flushes.length = 0;
      const files = ["index.html", "post/a.html", "category/beans/page/2.html"];
      for (const file of files) await generation.put(file, `<p>${file}</p>`);
      expect(flushes.map((f) => f.path)).toEqual(files.map((file) => join(dir, file)));
      expect(flushes.every((f) => f.live === `builds/${second.id}`)).toBe(true);
      // On publish: every folder that gained an entry, before the swap…
      flushes.length = 0;
      await generation.publish();
      const beforeSwap = flushes.filter((f) => f.live === `builds/${second.id}`);
      expect(beforeSwap.map((f) => f.path).sort()).toEqual(
        [
          join(blog, "builds"),
          dir,
          join(dir, "post"),
          join(dir, "category"),
          join(dir, "category", "beans"),
          join(dir, "category", "beans", "page"),
        ].sort(),
      );
      // …then the blog's folder, holding the swapped link, while the generation before the
      // last is still there (pruned only once the swap is on disk).
      const afterSwap = flushes.filter((f) => f.live !== `builds/${second.id}`);
      expect(afterSwap).toEqual([
        {
          path: blog,
          live: `builds/${third}`,
          builds: [first.id, second.id, third].sort(),
        },
      ]);
      expect(readdirSync(join(blog, "builds")).sort()).toEqual([second.id, third].sort());
      for (const file of files) {
        expect(readFileSync(join(blog, "current", file), "utf8")).toBe(`<p>${file}</p>`);
      }
      // The blog's first generation also flushed the folders made for it above the blog.
      expect(first.flushedOnPublish.map((f) => f.path)).toContain(join(root, "sites", "blogs"));
    } finally {
      spy.mockRestore();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("makes a set of files live on return, and flushes them behind", async () => {
    const root = mkdtempSync(join(tmpdir(), "blogfleet-storage-"));
    try {
      const storage = createFolderStorage(root);
      await storage.put("site/index.html", "old index");
      await storage.put("site/post/old.html", "old post");
      // The files are created together, then written and renamed at once; the flush follows
      // (decision 252: how many turns of the event loop that saves is a figure of the
      // publish-under-load bench).
      await storage.putAll([
        { key: "site/post/new.html", body: "new post" },
        { key: "site/post/old.html", body: "old post, edited" },
        { key: "site/index.html", body: "new index" },
      ]);
      expect(readFileSync(join(root, "site", "post", "old.html"), "utf8")).toBe("old post, edited");
      expect(readFileSync(join(root, "site", "post", "new.html"), "utf8")).toBe("new post");
      expect(readFileSync(join(root, "site", "index.html"), "utf8")).toBe("new index");
      // A file taken down before its flush is no failure of the flush.
      rmSync(join(root, "site", "post", "new.html"));
      await storage.flush();
      // And no temporary file is left behind.
      expect(readdirSync(join(root, "site")).sort()).toEqual(["index.html", "post"]);
      expect(readdirSync(join(root, "site", "post"))).toEqual(["old.html"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("has every file written under its temporary name before the first is renamed into place", async () => {
    const root = mkdtempSync(join(tmpdir(), "blogfleet-storage-"));
    try {
      const storage = createFolderStorage(root);
      const names = ["a.html", "b.html", "c.html", "d.html", "index.html"];
      await storage.put("site/index.html", "old index");
      // One inotify watch on one folder: its events arrive in the order they happened.
      const events: { type: string; name: string }[] = [];
      const watcher = watch(join(root, "site"), (type, name) => {
        events.push({ type, name: String(name) });
      });
      try {
        await storage.putAll(
          names.map((name) => ({ key: `site/${name}`, body: `<p>${name}</p>` })),
        );
        const deadline = Date.now() + 5_000;
        while (!events.some((e) => e.name === "index.html") && Date.now() < deadline)
          await new Promise((done) => setTimeout(done, 10));
      } finally {
        watcher.close();
      }
      const lastTempWrite = events.findLastIndex(
        (e) => e.name.endsWith(".tmp") && e.type === "change",
      );
      const firstLive = events.findIndex((e) => names.includes(e.name));
      expect(lastTempWrite).toBeGreaterThanOrEqual(0);
      expect(firstLive).toBeGreaterThan(lastTempWrite);
      // And they were renamed in the order given.
      const live = events.filter((e) => names.includes(e.name)).map((e) => e.name);
      expect([...new Set(live)]).toEqual(names);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("reads a page without waiting for the thread pool, and a large file with it", async () => {
    const root = mkdtempSync(join(tmpdir(), "blogfleet-storage-"));
    try {
      const storage = createFolderStorage(root);
      await storage.put("site/index.html", "<p>home</p>");
      const large = "x".repeat(readAtOnceBytes + 1);
      await storage.put("site/sitemap.xml", large);
      mkdirSync(join(root, "site", "folder"));
      // Every thread of libuv's pool busy for a while (decision 280): a page read on the pool
      // would wait behind them all. (With UV_THREADPOOL_SIZE above `busy` this cannot fail.)
      const busy = 8;
      const order: string[] = [];
      const working = Array.from(
        { length: busy },
        () =>
          new Promise<void>((done) =>
            pbkdf2("password", "salt", 200_000, 32, "sha256", () => {
              order.push("pool");
              done();
            }),
          ),
      );
      const page = await storage.read("site/index.html");
      order.push("page");
      expect(page?.body.toString()).toBe("<p>home</p>");
      expect(page?.modified).toEqual(statSync(join(root, "site", "index.html")).mtime);
      const sitemap = await storage.read("site/sitemap.xml");
      order.push("large");
      await Promise.all(working);
      expect(order[0]).toBe("page");
      expect(order.indexOf("large")).toBeGreaterThan(0);
      expect(sitemap?.body.length).toBe(large.length);
      // Nothing to read: a folder, a missing file.
      expect(await storage.read("site/folder")).toBeUndefined();
      expect(await storage.read("site/missing.html")).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
