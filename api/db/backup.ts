import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { copyFile, rm } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { createClient } from "@libsql/client";
import { isPostgresUrl } from "./dialect.ts";
import { fullStorageOf } from "./write-health.ts";

/** The file behind a local `file:` database URL (backups work on local databases only). */
export function databaseFile(url: string): string {
  if (isPostgresUrl(url)) {
    // The URL is not repeated: it may hold a password.
    throw new Error(
      "DATABASE_URL is a PostgreSQL database: back it up with PostgreSQL's own tools (pg_dump -Fc, or continuous archiving) and restore with pg_restore; npm run backup and restore work on the SQLite file only.",
    );
  }
  if (!url.startsWith("file:")) {
    throw new Error(
      `DATABASE_URL is ${url}: backups and restores work on a local file database (file:...) only; back up a remote libSQL database with its own tools.`,
    );
  }
  const path = url.slice("file:".length).split("?")[0] ?? "";
  if (path === "" || path === ":memory:") throw new Error("An in-memory database has no file.");
  return resolve(path);
}

function fsyncPath(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** `PRAGMA integrity_check` on a database file: "ok", or what SQLite found wrong. */
export async function integrityCheck(file: string): Promise<string> {
  const client = createClient({ url: `file:${file}` });
  try {
    const result = await client.execute("PRAGMA integrity_check");
    return result.rows.map((row) => String(Object.values(row)[0])).join("; ");
  } finally {
    client.close();
  }
}

const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;

export type BackupResult = {
  file: string;
  bytes: number;
  durationMs: number;
  /** Unfinished snapshots of earlier runs that failed or were killed, removed by this one. */
  removedPartials: string[];
};

/**
 * Removes `*.partial` files a failed or killed run left in the backup folder: they are never
 * complete backups, and on a small disk they take the room the next backup needs.
 * One backup runs at a time per folder (a second one started meanwhile would lose its file).
 */
function removeLeftoverPartials(dir: string): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".partial")) continue;
    rmSync(join(dir, name), { force: true });
    removed.push(join(dir, name));
  }
  return removed;
}

/**
 * An online, consistent snapshot: `VACUUM INTO` copies the database as one read transaction
 * sees it (WAL lets the server keep writing meanwhile) into a new file, which is fsynced,
 * checked with `integrity_check`, and only then renamed to its final name, so a backup that
 * exists is always complete.
 */
export async function backupDatabase(
  databaseUrl: string,
  backupDir: string,
  now = new Date(),
): Promise<BackupResult> {
  const source = databaseFile(databaseUrl);
  if (!existsSync(source)) throw new Error(`There is no database at ${source} to back up.`);
  const dir = resolve(backupDir);
  mkdirSync(dir, { recursive: true });
  const stamp = now
    .toISOString()
    .replaceAll(":", "-")
    .replace(/\.\d+Z$/, "Z");
  const file = join(dir, `${basename(source, ".db")}-${stamp}.db`);
  const partial = `${file}.partial`;
  if (existsSync(file)) throw new Error(`${file} exists already; wait a second and try again.`);
  const started = performance.now();
  const removedPartials = removeLeftoverPartials(dir);
  try {
    const client = createClient({ url: `file:${source}`, timeout: 5000 });
    try {
      await client.execute(`VACUUM INTO ${sqlString(partial)}`);
    } finally {
      client.close();
    }
    fsyncPath(partial);
    const check = await integrityCheck(partial);
    if (check !== "ok") {
      throw new Error(`The snapshot failed its integrity check (${check}); nothing was kept.`);
    }
    renameSync(partial, file);
    fsyncPath(dir);
  } catch (error) {
    // Whatever failed, no unfinished file stays behind to fill the folder.
    await rm(partial, { force: true });
    const full = fullStorageOf(error);
    if (full) {
      throw new Error(
        `The backup folder ${dir} is full (${full === "database" ? "SQLITE_FULL" : "ENOSPC"}): no backup was written and nothing was kept. Free some space there and run the backup again.`,
        { cause: error },
      );
    }
    throw error;
  }
  return {
    file,
    bytes: statSync(file).size,
    durationMs: Math.round(performance.now() - started),
    removedPartials,
  };
}

export type RestoreResult = { file: string; previous: string[] };

/**
 * Puts a backup in place of the database. The server must be stopped. Nothing is thrown
 * away: the current database (with its WAL) is moved aside under a `.before-restore-…` name.
 * Every blog is queued for a full render, so the next start rebuilds the public sites from
 * the restored content.
 */
export async function restoreDatabase(
  databaseUrl: string,
  backupFile: string,
  now = new Date(),
): Promise<RestoreResult> {
  const target = databaseFile(databaseUrl);
  const backup = resolve(backupFile);
  if (!existsSync(backup)) throw new Error(`There is no backup at ${backup}.`);
  const check = await integrityCheck(backup);
  if (check !== "ok") throw new Error(`${backup} fails its integrity check (${check}).`);

  mkdirSync(dirname(target), { recursive: true });
  const incoming = `${target}.restoring`;
  await copyFile(backup, incoming);
  fsyncPath(incoming);

  const stamp = now
    .toISOString()
    .replaceAll(":", "-")
    .replace(/\.\d+Z$/, "Z");
  const previous: string[] = [];
  for (const suffix of ["", "-wal", "-shm"]) {
    const current = `${target}${suffix}`;
    if (!existsSync(current)) continue;
    const aside = `${target}.before-restore-${stamp}${suffix}`;
    renameSync(current, aside);
    previous.push(aside);
  }
  renameSync(incoming, target);
  fsyncPath(dirname(target));

  const client = createClient({ url: `file:${target}` });
  try {
    await client.execute({
      sql: `insert into render_jobs (blog_id, "full", post_ids, requested_at, attempts)
            select id, 1, '[]', ?, 0 from blogs where true
            on conflict (blog_id) do update set "full" = 1, started_at = null`,
      args: [now.getTime()],
    });
  } finally {
    client.close();
  }
  return { file: target, previous };
}
