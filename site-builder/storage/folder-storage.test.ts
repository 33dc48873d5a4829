import { mkdtempSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFolderStorage } from "./folder-storage.ts";
import type { Storage } from "./storage.ts";

let root: string;
let storage: Storage;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "blogfleet-storage-"));
  storage = createFolderStorage(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const text = async (key: string) => (await storage.get(key))?.toString("utf8");

describe("the folder storage", () => {
  it("puts, gets, lists and deletes by key, and refuses keys outside it", async () => {
    await storage.put("media/a/one.txt", "one");
    await storage.putAll([
      { key: "media/a/two.txt", body: "two" },
      { key: "media/b.txt", body: new Uint8Array([104, 105]) },
    ]);
    expect(await text("media/a/one.txt")).toBe("one");
    expect(await text("media/b.txt")).toBe("hi");
    expect((await storage.list("media")).sort()).toEqual(["a/one.txt", "a/two.txt", "b.txt"]);
    await storage.delete("media/a/one.txt");
    expect(await storage.get("media/a/one.txt")).toBeUndefined();
    await expect(storage.put("../escape.txt", "x")).rejects.toThrow(/outside/);
    await expect(storage.put("a\0b", "x")).rejects.toThrow(/outside/);
    expect(await storage.get("../../etc/passwd")).toBeUndefined();
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
    await second.publish();
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
  });

  it("points exactly the given aliases at a name's live generation", async () => {
    const generation = await storage.beginGeneration("blogs/x");
    await generation.publish();
    await storage.setAliases("hosts", "blogs/x", ["a.example.com", "b.example.com", "../bad"]);
    expect(readlinkSync(join(root, "hosts", "a.example.com"))).toBe("../blogs/x/current");
    await storage.setAliases("hosts", "blogs/x", ["b.example.com"]);
    expect(readlinkSync(join(root, "hosts", "b.example.com"))).toBe("../blogs/x/current");
    expect(() => readlinkSync(join(root, "hosts", "a.example.com"))).toThrow();
    await storage.deleteAll("blogs/x");
    expect(await storage.live("blogs/x")).toBeUndefined();
  });
});
