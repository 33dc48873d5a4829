import { pbkdf2 } from "node:crypto";
import {
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
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
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

  it("flushes a generation with one sync of its file system before it goes live (decision 290)", async () => {
    const root = mkdtempSync(join(tmpdir(), "blogfleet-storage-"));
    try {
      // A stand-in for `sync --file-system` that notes what it was given and what was live then.
      const log = join(root, "sync.log");
      const script = join(root, "sync.sh");
      writeFileSync(
        script,
        `dir="$1"; blog="$(dirname "$(dirname "$dir")")"
printf '%s|%s|%s\n' "$dir" "$(readlink "$blog/current" || echo none)" "$(ls "$dir" | tr '\n' ' ')" >> "${log}"`,
      );
      const storage = createFolderStorage(join(root, "sites"), { syncCommand: ["sh", script] });
      const publish = async (files: string[]) => {
        const generation = await storage.beginGeneration("blogs/x");
        for (const file of files) await generation.put(file, `<p>${file}</p>`);
        await generation.publish();
        return generation.prefix.split("/").at(-1) as string;
      };
      const first = await publish(["index.html", "about.html"]);
      const second = await publish(["index.html"]);
      const lines = readFileSync(log, "utf8").split("\n").filter(Boolean);
      expect(lines).toEqual([
        `${join(root, "sites", "blogs", "x", "builds", first)}|none|about.html index.html `,
        `${join(root, "sites", "blogs", "x", "builds", second)}|builds/${first}|index.html `,
      ]);
      expect(readlinkSync(join(root, "sites", "blogs", "x", "current"))).toBe(`builds/${second}`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("marks a blog's folder of generations once, before its first generation is made (decision 302)", async () => {
    const root = mkdtempSync(join(tmpdir(), "blogfleet-storage-"));
    try {
      // A stand-in for `chattr +T` that notes what it was given and what the folder held then.
      const log = join(root, "spread.log");
      const script = join(root, "spread.sh");
      writeFileSync(script, `printf '%s|%s\n' "$1" "$(ls "$1" | tr '\n' ' ')" >> "${log}"`);
      const storage = createFolderStorage(join(root, "sites"), { spreadCommand: ["sh", script] });
      for (const blog of ["blogs/x", "blogs/x", "blogs/y"]) {
        const generation = await storage.beginGeneration(blog);
        await generation.put("index.html", "<p>home</p>");
        await generation.publish();
      }
      expect(readFileSync(log, "utf8").split("\n").filter(Boolean)).toEqual([
        `${join(root, "sites", "blogs", "x", "builds")}|`,
        `${join(root, "sites", "blogs", "y", "builds")}|`,
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it.each([
    ["is missing", ["/nonexistent/chattr"]],
    ["fails", ["false"]],
  ])("makes generations as before when the marking command %s", async (_, spreadCommand) => {
    const root = mkdtempSync(join(tmpdir(), "blogfleet-storage-"));
    try {
      const storage = createFolderStorage(root, { spreadCommand });
      const generation = await storage.beginGeneration("blogs/x");
      await generation.put("index.html", "<p>home</p>");
      await generation.publish();
      expect(readFileSync(join(root, "blogs", "x", "current", "index.html"), "utf8")).toBe(
        "<p>home</p>",
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it.each([
    ["is missing", ["/nonexistent/sync-command"]],
    ["fails", ["false"]],
  ])("flushes each file of a generation when the sync command %s", async (_, syncCommand) => {
    const root = mkdtempSync(join(tmpdir(), "blogfleet-storage-"));
    try {
      const storage = createFolderStorage(root, { syncCommand });
      const generation = await storage.beginGeneration("blogs/x");
      await generation.put("index.html", "<p>home</p>");
      await generation.put("post/a.html", "<p>a</p>");
      await generation.publish();
      const live = join(root, "blogs", "x", "current");
      expect(readFileSync(join(live, "index.html"), "utf8")).toBe("<p>home</p>");
      expect(readFileSync(join(live, "post", "a.html"), "utf8")).toBe("<p>a</p>");
    } finally {
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
