import { randomBytes } from "node:crypto";
import {
  closeSync,
  fstatSync,
  open as openCallback,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import {
  copyFile,
  link,
  mkdir,
  open,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  stat,
  symlink,
} from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { promisify } from "node:util";
import type { Generation, Storage, StorageEntry } from "./storage.ts";

/**
 * The local folder as storage (the default, and for now the only implementation):
 *
 *   {root}/{key}                         a stored file
 *   {root}/{name}/builds/{id}/…          one folder per generation
 *   {root}/{name}/current                symlink to the live generation, swapped atomically
 *   {root}/{prefix}/{alias}              symlink to ../{name}/current, for nginx/Caddy
 *
 * Every live file is written to a temporary name, flushed and renamed into place, so a reader
 * never sees a partial file.
 */
export function createFolderStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => inside(base, key);
  const must = (key: string) => {
    const path = pathOf(key);
    if (!path) throw new Error(`Refusing a key outside the storage: ${key}`);
    return path;
  };
  /** Background flushes of `putAll`'s files; a failed one stays until `flush` reports it. */
  const flushing = new Set<Promise<void>>();
  const flushLater = (files: string[]) => {
    const flushed = syncAll(files, { gone: "skip" });
    flushing.add(flushed);
    flushed.then(
      () => flushing.delete(flushed),
      () => {},
    );
  };
  /** The aliases this process last set for each name (see `setAliases`). */
  const aliasesSet = new Map<string, string>();

  // A link read is a lookup in the kernel's cache, microseconds: read at once rather than on
  // the thread pool, which cost a turn of a busy event loop before every publish's pages.
  const live = async (name: string) => {
    const link = join(must(name), "current");
    try {
      const target = resolve(dirname(link), readlinkSync(link));
      return relative(base, target).split(sep).join("/");
    } catch {
      return undefined;
    }
  };

  /** Keeps the live generation and the one before it (readers may still be in it). */
  const prune = async (name: string, keep: string[]) => {
    const builds = join(must(name), "builds");
    const keepNames = new Set(keep.map((dir) => relative(builds, dir)));
    for (const entry of await readdir(builds).catch(() => [] as string[])) {
      if (!keepNames.has(entry)) await rm(join(builds, entry), { recursive: true, force: true });
    }
  };

  return {
    pathOf,
    live,

    async put(key, body) {
      const target = must(key);
      await rename(await writeTemp(target, body), target);
    },

    async putAll(entries: readonly StorageEntry[], onVisible) {
      const targets = entries.map(({ key }) => must(key));
      // Every file is written under a temporary name first, then each is renamed into place in
      // order (decision 252). The temporary files are created together on the thread pool, one
      // turn of the event loop for all of them: creating a file may wait for the file system's
      // journal, which other writers' fsyncs hold, and on this thread that stalled every
      // request. Writing them (a publish's pages are tens of kilobytes, into the page cache)
      // and the renames are synchronous, where each awaited step cost a full turn of a busy
      // event loop (tens of milliseconds under load). Flushing to disk, the slow part, follows
      // in the background; `flush` waits for it.
      const temps: string[] = [];
      const open: number[] = [];
      try {
        const opened = await Promise.allSettled(targets.map(openTemp));
        for (const [i, result] of opened.entries()) {
          if (result.status !== "fulfilled") continue;
          temps[i] = result.value.temp;
          open[i] = result.value.fd;
        }
        for (const result of opened) if (result.status === "rejected") throw result.reason;
        for (const [i, entry] of entries.entries()) {
          writeFileSync(open[i] as number, entry.body);
          closeSync(open[i] as number);
          delete open[i];
        }
        for (const [i, entry] of entries.entries()) {
          renameSync(temps[i] as string, targets[i] as string);
          temps[i] = "";
          onVisible?.(entry, i);
        }
      } finally {
        for (const fd of open) if (fd !== undefined) closeSync(fd);
        for (const temp of temps) if (temp) rmSync(temp, { force: true });
      }
      flushLater(targets);
    },

    async flush() {
      const pending = [...flushing];
      try {
        await Promise.all(pending);
      } finally {
        for (const flushed of pending) flushing.delete(flushed);
      }
    },

    async get(key) {
      const path = pathOf(key);
      if (!path) return undefined;
      return readFile(path).catch(() => undefined);
    },

    async read(key) {
      const path = pathOf(key);
      if (!path) return undefined;
      // A page is read at once (decision 280): a file just written is in the kernel's cache,
      // microseconds away, where reading it on the thread pool (open, stat, read, close) waited
      // for four turns of a busy event loop: under load most of the time a reader waited for a
      // publish's new page. A large file (a sitemap of many posts) is read on the thread pool.
      const read = readAtOnce(path);
      if (read !== "large") return read;
      try {
        const [body, stats] = await Promise.all([readFile(path), stat(path)]);
        return { body, modified: stats.mtime };
      } catch {
        return undefined;
      }
    },

    async delete(key) {
      const path = pathOf(key);
      if (path) await rm(path, { force: true });
    },

    async list(prefix) {
      const dir = must(prefix);
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"));
    },

    async beginGeneration(name): Promise<Generation> {
      const id = `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
      const blog = must(name);
      const builds = join(blog, "builds");
      const dir = join(builds, id);
      /** Folders that gained an entry for this generation: flushed before it goes live. */
      const touched = new Set<string>();
      await makeFolder(dir, touched);
      // Nobody reads a generation before it is published, so its files are written in place
      // (no temporary name), each flushed to disk as it is written: on a full render that
      // overlaps the pages still rendering. `publish` flushes the generation's folders (the
      // names of its files), then swaps it live (decision 358).
      const folders = new Set<string>([dir]);
      const folderFor = async (target: string) => {
        const folder = dirname(target);
        if (!folders.has(folder)) {
          await makeFolder(folder, touched);
          folders.add(folder);
        }
      };
      return {
        prefix: relative(base, dir).split(sep).join("/"),
        async put(key, body) {
          const target = inside(dir, key);
          if (!target) throw new Error(`Refusing to write outside the generation: ${key}`);
          await folderFor(target);
          const handle = await open(target, "w");
          try {
            await handle.writeFile(body);
            await handle.sync();
          } finally {
            await handle.close();
          }
        },
        async copy(key, sourceKey) {
          const target = inside(dir, key);
          if (!target) throw new Error(`Refusing to write outside the generation: ${key}`);
          const source = must(sourceKey);
          await folderFor(target);
          try {
            // Stored files are replaced by rename, never rewritten, so sharing the inode is safe.
            await link(source, target);
          } catch {
            await copyFile(source, target);
            await syncPath(target);
          }
        },
        async publish() {
          // A crash must not leave `current` naming a generation whose files or names never
          // reached the disk: the files were flushed by `put`, the folders that gained an entry
          // (the generation's own in `builds` included) are flushed here, before the swap.
          await eachLimited([...touched], parallelWrites, syncPath);
          const previous = await live(name);
          await swapSymlink(join(blog, "current"), join("builds", id));
          // The swap itself is flushed before older generations are pruned: otherwise a crash
          // could bring back a `current` that names a generation already deleted.
          await syncPath(blog);
          await prune(name, [dir, ...(previous ? [must(previous)] : [])]);
        },
        abandon: () => rm(dir, { recursive: true, force: true }),
      };
    },

    async deleteAll(name) {
      aliasesSet.delete(name);
      await rm(must(name), { recursive: true, force: true });
    },

    async setAliases(prefix, name, aliases) {
      const dir = must(prefix);
      const target = relative(dir, join(must(name), "current"));
      const wanted = new Set(aliases.filter((alias) => safeName.test(alias)));
      const key = `${prefix}\n${[...wanted].sort().join(" ")}`;
      // Links the name no longer has: looked for (among every name's links) only when its
      // aliases differ from what this process last set, not on every publish.
      if (aliasesSet.get(name) !== key) {
        await mkdir(dir, { recursive: true });
        await eachLimited(await readdir(dir), parallelWrites, async (alias) => {
          const link = join(dir, alias);
          const points = await readlink(link).catch(() => undefined);
          if (points === target && !wanted.has(alias)) await rm(link, { force: true });
        });
      }
      await eachLimited([...wanted], parallelWrites, async (alias) => {
        const link = join(dir, alias);
        if ((await readlink(link).catch(() => undefined)) !== target) {
          await mkdir(dir, { recursive: true });
          await swapSymlink(link, target);
        }
      });
      aliasesSet.set(name, key);
    },

    async resolveAlias(prefix, alias) {
      if (!safeName.test(alias)) return undefined;
      const link = join(must(prefix), alias);
      try {
        const target = resolve(dirname(link), await readlink(link));
        return live(relative(base, dirname(target)).split(sep).join("/"));
      } catch {
        return undefined;
      }
    },
  };
}

/** Host names and ids as a folder name may hold them. */
export const safeName = /^[a-z0-9][a-z0-9.-]*$/;

const parallelWrites = 16;

/** Runs `work` on every item, at most `limit` at a time; after a failure, starts no more. */
export async function eachLimited<T>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed) {
      const index = next++;
      try {
        await work(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  // Every started piece of work has ended when this settles (so nothing writes afterwards).
  const results = await Promise.allSettled(
    Array.from({ length: Math.min(limit, items.length) }, worker),
  );
  const failure = results.find((r) => r.status === "rejected");
  if (failure) throw failure.reason;
}

/** Writes `body` beside `target` under a temporary name, flushed to disk; returns that name. */
async function writeTemp(target: string, body: string | Uint8Array): Promise<string> {
  const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
  // The folder is there for nearly every write (a live build's pages): it is made only when
  // the file cannot be opened for its lack, not asked for on every write.
  const handle = await open(temp, "w").catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
    await mkdir(dirname(target), { recursive: true });
    return open(temp, "w");
  });
  try {
    await handle.writeFile(body);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return temp;
}

const openFd = promisify(openCallback);

/**
 * A temporary file beside `target`, made and opened on the thread pool (creating a file may wait
 * for the file system's journal); its folder is made only when the file cannot be opened for its
 * lack.
 */
async function openTemp(target: string): Promise<{ temp: string; fd: number }> {
  const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    return { temp, fd: await openFd(temp, "w") };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await mkdir(dirname(target), { recursive: true });
    return { temp, fd: await openFd(temp, "w") };
  }
}

/** Files up to this size are read on the event loop's thread (decision 280). */
export const readAtOnceBytes = 256 * 1024;

/**
 * A regular file's bytes and modification time, read synchronously; "large" past
 * `readAtOnceBytes` (left to the caller), undefined when there is no such file.
 */
function readAtOnce(path: string): { body: Buffer; modified: Date } | "large" | undefined {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return undefined;
    if (stats.size > readAtOnceBytes) return "large";
    return { body: readFileSync(fd), modified: stats.mtime };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Makes `folder` and any missing parent, and adds to `touched` every folder that gained an
 * entry (the new folders, and the parent of the first one made).
 */
async function makeFolder(folder: string, touched: Set<string>): Promise<void> {
  const first = await mkdir(folder, { recursive: true });
  if (first === undefined) return;
  for (let made = folder; made !== first; made = dirname(made)) touched.add(made);
  touched.add(first);
  touched.add(dirname(first));
}

/** Flushes a file or a folder (its entries) to disk: an fsync of it, on libuv's thread pool. */
async function syncPath(path: string): Promise<void> {
  const handle = await open(path, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Flushes files to disk, a few at a time (fsync runs on libuv's thread pool). With `gone:
 * "skip"`, a file removed or replaced since it was written is not an error: what replaced it
 * is flushed by whoever wrote it.
 */
async function syncAll(files: string[], { gone = "fail" }: { gone?: "fail" | "skip" } = {}) {
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++] as string;
      const handle = await open(file, "r").catch((error: NodeJS.ErrnoException) => {
        if (gone === "skip" && error.code === "ENOENT") return undefined;
        throw error;
      });
      if (!handle) continue;
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

async function swapSymlink(link: string, target: string): Promise<void> {
  const temp = `${link}.${randomBytes(6).toString("hex")}.tmp`;
  await symlink(target, temp);
  await rename(temp, link);
}

/** A path inside `base`, or undefined for anything that would escape it. */
export function inside(base: string, file: string): string | undefined {
  if (file.includes("\0")) return undefined;
  const target = resolve(base, file);
  const rel = relative(base, target);
  if (rel === "" || rel.startsWith("..") || rel.startsWith(sep) || rel.includes(`..${sep}`))
    return undefined;
  return target;
}
