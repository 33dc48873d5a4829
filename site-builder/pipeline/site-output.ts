import { randomBytes } from "node:crypto";
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
  beginIncremental: (blogId: string) => Promise<BuildWriter>;
  /** Points exactly these hosts at the blog's live folder (others of the blog are removed). */
  setHosts: (blogId: string, hosts: string[]) => Promise<void>;
  removeBlog: (blogId: string) => Promise<void>;
  /** Called after a blog's live files change: one file, or all of them (`file` undefined). */
  onChange: (listener: (blogId: string, file?: string) => void) => void;
};

const safeName = /^[a-z0-9][a-z0-9.-]*$/;

/** Writes `body` to `target` through a temporary file in the same folder and an atomic rename. */
async function writeAtomic(target: string, body: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
  const handle = await open(temp, "w");
  try {
    await handle.writeFile(body);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, target);
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
  ): BuildWriter => ({
    async write(file, body) {
      const target = inside(base, file);
      if (!target) throw new Error(`Refusing to write outside the build: ${file}`);
      await write(target, body);
      if (liveBlogId) changed(liveBlogId, file);
    },
    async remove(file) {
      const target = inside(base, file);
      if (target) await rm(target, { force: true });
      if (liveBlogId) changed(liveBlogId, file);
    },
    commit: onCommit,
    abandon: onAbandon,
  });

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
      await mkdir(hostsDir, { recursive: true });
      const target = join("..", "blogs", blogId, "current");
      const wanted = new Set(hosts.filter((h) => safeName.test(h)));
      for (const name of await readdir(hostsDir)) {
        const link = join(hostsDir, name);
        const points = await readlink(link).catch(() => undefined);
        if (points === target && !wanted.has(name)) await rm(link, { force: true });
      }
      for (const host of wanted) await swapSymlink(join(hostsDir, host), target);
    },

    onChange(listener) {
      listeners.push(listener);
    },

    async removeBlog(blogId) {
      await this.setHosts(blogId, []);
      await rm(blogDir(blogId), { recursive: true, force: true });
      changed(blogId);
    },
  };
}
