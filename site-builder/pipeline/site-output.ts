import { randomBytes } from "node:crypto";
import { renameSync } from "node:fs";
import { mkdir, open, readdir, readlink, rename, rm, symlink, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";

/**
 * Where rendered blogs live, and the only code that writes there (so object storage could
 * replace the local folder behind the same interface).
 *
 *   {root}/blogs/{blogId}/builds/{buildId}/…   one folder per full render
 *   {root}/blogs/{blogId}/current              symlink to the live build, swapped atomically
 *   {root}/hosts/{host}                        symlink to ../blogs/{blogId}/current, for nginx/Caddy
 *
 * Every file is written to a temporary name and renamed into place, so a reader never sees a
 * partial file; a full render fills a fresh build folder and then swaps `current` in one rename.
 */
export type BuildWriter = {
  write: (file: string, body: string) => Promise<void>;
  /**
   * Writes several files at once (a few in parallel). On the live folder each becomes visible
   * by its own rename, in the order given, only after all of them are on disk: a render then
   * costs a handful of round trips to the file system, not several per file, so a server busy
   * with requests does not hold a publish back.
   */
  writeAll: (files: { file: string; body: string }[]) => Promise<void>;
  remove: (file: string) => Promise<void>;
  /** Makes the written files live (full render: swaps `current`; incremental: nothing left to do). */
  commit: () => Promise<void>;
  /** Drops an unfinished full build (the previous site stays live). */
  abandon: () => Promise<void>;
};

export type SiteOutput = {
  root: string;
  /** The live folder of a blog, or undefined before its first render. */
  currentDir: (blogId: string) => Promise<string | undefined>;
  /** Resolves a file inside a blog's live folder; undefined if it would leave that folder. */
  resolveFile: (blogId: string, file: string) => Promise<string | undefined>;
  beginFull: (blogId: string) => Promise<BuildWriter>;
  /**
   * Removes from the blog's live folder every file not in `keep` (site-relative paths):
   * pages of posts that were unpublished or deleted go at once, before anything is written,
   * so they go even when the disk is too full for the new pages. Returns how many went.
   */
  removeStale: (blogId: string, keep: Set<string>) => Promise<number>;
  beginIncremental: (blogId: string) => Promise<BuildWriter>;
  /** Points exactly these hosts at the blog's live folder (others of the blog are removed). */
  setHosts: (blogId: string, hosts: string[]) => Promise<void>;
  removeBlog: (blogId: string) => Promise<void>;
  /** Called after a blog's live files change: one file, or all of them (`file` undefined). */
  onChange: (listener: (blogId: string, file?: string) => void) => void;
};

const safeName = /^[a-z0-9][a-z0-9.-]*$/;

/** Runs `work` on every item, at most `limit` at a time; after a failure, starts no more. */
async function eachLimited<T>(
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

const parallelWrites = 16;

/** Writes `body` beside `target` under a temporary name, flushed to disk; returns that name. */
async function writeTemp(target: string, body: string): Promise<string> {
  await mkdir(dirname(target), { recursive: true });
  const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
  const handle = await open(temp, "w");
  try {
    await handle.writeFile(body);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return temp;
}

/** Writes `body` to `target` through a temporary file in the same folder and an atomic rename. */
async function writeAtomic(target: string, body: string): Promise<void> {
  await rename(await writeTemp(target, body), target);
}

/** Flushes files to disk, a few at a time (fsync runs on libuv's thread pool). */
async function syncAll(files: string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const handle = await open(files[next++] as string, "r");
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
function inside(base: string, file: string): string | undefined {
  if (file.includes("\0")) return undefined;
  const target = resolve(base, file);
  const rel = relative(base, target);
  if (rel === "" || rel.startsWith("..") || rel.startsWith(sep) || rel.includes(`..${sep}`))
    return undefined;
  return target;
}

export function createSiteOutput(root: string): SiteOutput {
  const absoluteRoot = resolve(root);
  const blogDir = (blogId: string) => {
    if (!safeName.test(blogId)) throw new Error(`Invalid blog id for output: ${blogId}`);
    return join(absoluteRoot, "blogs", blogId);
  };
  const hostsDir = join(absoluteRoot, "hosts");
  /** The hosts this process last linked for each blog (see `setHosts`). */
  const hostsSet = new Map<string, string>();
  const listeners: ((blogId: string, file?: string) => void)[] = [];
  const changed = (blogId: string, file?: string) => {
    for (const listener of listeners) listener(blogId, file);
  };

  const currentDir = async (blogId: string) => {
    const link = join(blogDir(blogId), "current");
    try {
      const target = await readlink(link);
      return resolve(dirname(link), target);
    } catch {
      return undefined;
    }
  };

  const writerFor = (
    base: string,
    onCommit: () => Promise<void>,
    onAbandon: () => Promise<void>,
    write: (target: string, body: string) => Promise<void> = writeAtomic,
    /** Set for writers on the live folder: each change is announced as it lands. */
    liveBlogId?: string,
  ): BuildWriter => {
    const targetOf = (file: string) => {
      const target = inside(base, file);
      if (!target) throw new Error(`Refusing to write outside the build: ${file}`);
      return target;
    };
    return {
      async write(file, body) {
        await write(targetOf(file), body);
        if (liveBlogId) changed(liveBlogId, file);
      },
      async writeAll(files) {
        const targets = files.map(({ file }) => targetOf(file));
        if (!liveBlogId) {
          // Nobody reads this folder yet: plain parallel writes.
          await eachLimited(files, parallelWrites, (f, i) => write(targets[i] as string, f.body));
          return;
        }
        // Live folder: every file is on disk under a temporary name first, then each is
        // renamed into place in order (a page before the pages that link to it). The renames
        // are synchronous: each is a metadata change of microseconds, and awaiting one per
        // file would cost a full turn of a busy event loop each.
        const temps: string[] = [];
        try {
          await eachLimited(files, parallelWrites, async (f, i) => {
            temps[i] = await writeTemp(targets[i] as string, f.body);
          });
          for (const [i, f] of files.entries()) {
            renameSync(temps[i] as string, targets[i] as string);
            temps[i] = "";
            changed(liveBlogId, f.file);
          }
        } finally {
          await Promise.all(temps.filter(Boolean).map((temp) => rm(temp, { force: true })));
        }
      },
      async remove(file) {
        const target = inside(base, file);
        if (target) await rm(target, { force: true });
        if (liveBlogId) changed(liveBlogId, file);
      },
      commit: onCommit,
      abandon: onAbandon,
    };
  };

  /** Keeps the live build and the one before it (readers may still be in it); removes older ones. */
  const pruneBuilds = async (blogId: string, keep: string[]) => {
    const builds = join(blogDir(blogId), "builds");
    const keepNames = new Set(keep.map((dir) => relative(builds, dir)));
    for (const name of await readdir(builds).catch(() => [] as string[])) {
      if (!keepNames.has(name)) await rm(join(builds, name), { recursive: true, force: true });
    }
  };

  return {
    root: absoluteRoot,
    currentDir,

    async resolveFile(blogId, file) {
      const base = await currentDir(blogId);
      return base ? inside(base, file) : undefined;
    },

    async beginFull(blogId) {
      const buildId = `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
      const dir = join(blogDir(blogId), "builds", buildId);
      await mkdir(dir, { recursive: true });
      // Nobody reads a build before the swap, so its files are written plainly and flushed
      // together just before it goes live.
      const written: string[] = [];
      const folders = new Set<string>();
      return writerFor(
        dir,
        async () => {
          await syncAll(written);
          const previous = await currentDir(blogId);
          await swapSymlink(join(blogDir(blogId), "current"), join("builds", buildId));
          changed(blogId);
          await pruneBuilds(blogId, [dir, ...(previous ? [previous] : [])]);
        },
        () => rm(dir, { recursive: true, force: true }),
        async (target, body) => {
          const folder = dirname(target);
          if (!folders.has(folder)) {
            await mkdir(folder, { recursive: true });
            folders.add(folder);
          }
          await writeFile(target, body);
          written.push(target);
        },
      );
    },

    async removeStale(blogId, keep) {
      const base = await currentDir(blogId);
      if (!base) return 0;
      const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
      let removed = 0;
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        const file = relative(base, path).split(sep).join("/");
        if (keep.has(file)) continue;
        await rm(path, { force: true });
        changed(blogId, file);
        removed++;
      }
      return removed;
    },

    async beginIncremental(blogId) {
      const dir = await currentDir(blogId);
      if (!dir) throw new Error(`Blog ${blogId} has no live build to update`);
      return writerFor(
        dir,
        async () => {},
        async () => {},
        writeAtomic,
        blogId,
      );
    },

    async setHosts(blogId, hosts) {
      const target = join("..", "blogs", blogId, "current");
      const wanted = new Set(hosts.filter((h) => safeName.test(h)));
      const key = [...wanted].sort().join(" ");
      // Links of hosts the blog no longer has: looked for (among every blog's links) only when
      // its hosts differ from what this process last set, not on every render.
      if (hostsSet.get(blogId) !== key) {
        await mkdir(hostsDir, { recursive: true });
        await eachLimited(await readdir(hostsDir), parallelWrites, async (name) => {
          const link = join(hostsDir, name);
          const points = await readlink(link).catch(() => undefined);
          if (points === target && !wanted.has(name)) await rm(link, { force: true });
        });
      }
      await eachLimited([...wanted], parallelWrites, async (host) => {
        const link = join(hostsDir, host);
        if ((await readlink(link).catch(() => undefined)) !== target) {
          await mkdir(hostsDir, { recursive: true });
          await swapSymlink(link, target);
        }
      });
      hostsSet.set(blogId, key);
    },

    onChange(listener) {
      listeners.push(listener);
    },

    async removeBlog(blogId) {
      hostsSet.delete(blogId); // looks for its links whatever this process set before
      await this.setHosts(blogId, []);
      hostsSet.delete(blogId);
      await rm(blogDir(blogId), { recursive: true, force: true });
      changed(blogId);
    },
  };
}
