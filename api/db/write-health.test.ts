import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { itSqliteOnly, onPostgres } from "../test/dialect.ts";
import { fullDatabaseDisk } from "../test/full-disk.ts";
import { writeMark } from "./app-settings.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";
import { fullStorageOf, isStorageFailure, isStorageFull } from "./write-health.ts";

let dir: string;
let handle: DatabaseHandle;
const disk = fullDatabaseDisk();
if (!onPostgres) {
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "blogfleet-write-health-"));
    handle = await openDatabase(`file:${join(dir, "db.sqlite")}`, { wrapClient: disk.wrap });
  });
  afterEach(() => {
    disk.free();
    handle.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

describe("write health", () => {
  itSqliteOnly(
    "marks writes failing on SQLITE_FULL (alone or in a transaction) until one succeeds",
    async () => {
      expect(handle.writeHealth.failing()).toBeUndefined();
      disk.fill();
      await expect(writeMark(handle.db, "a", new Date())).rejects.toThrow();
      expect(handle.writeHealth.failing()?.code).toBe("SQLITE_FULL");
      // Reads are not writes: they neither fail nor clear the mark.
      await handle.client?.execute("select 1");
      expect(handle.writeHealth.failing()?.code).toBe("SQLITE_FULL");
      disk.free();
      await handle.db.transaction(async (tx) => writeMark(tx, "b", new Date()));
      expect(handle.writeHealth.failing()).toBeUndefined();
      disk.fill();
      await expect(
        handle.db.transaction(async (tx) => writeMark(tx, "c", new Date())),
      ).rejects.toThrow();
      expect(handle.writeHealth.failing()?.code).toBe("SQLITE_FULL");
    },
  );

  it("tells a full disk from other errors, through causes", () => {
    const wrapped = new Error("Failed query: insert …", {
      cause: Object.assign(new Error("SQLITE_FULL: database or disk is full"), {
        code: "SQLITE_FULL",
      }),
    });
    const enospc = Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
    const unique = Object.assign(new Error("UNIQUE constraint failed"), {
      code: "SQLITE_CONSTRAINT_UNIQUE",
    });
    expect([wrapped, enospc, unique].map(isStorageFull)).toEqual([true, true, false]);
    expect([wrapped, enospc, unique].map(fullStorageOf)).toEqual(["database", "files", undefined]);
    expect(isStorageFailure(Object.assign(new Error("io"), { code: "SQLITE_IOERR_WRITE" }))).toBe(
      true,
    );
    expect(isStorageFailure(unique)).toBe(false);
  });
});
