import { mkdtempSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFolderStorage } from "./folder-storage.ts";
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
});
