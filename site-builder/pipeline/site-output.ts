import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { createFolderStorage, eachLimited, safeName } from "../storage/folder-storage.ts";
import { normalKey } from "../storage/keys.ts";
import type { Storage } from "../storage/storage.ts";

/**
 * Rendered blogs in storage (site-builder/storage: the local folder by default), and the only
 * code that writes them:
 *
 *   blogs/{blogId}                 a generation per full render; the live one is `current`
 *   hosts/{host}                   follows the blog's live generation, for nginx/Caddy
 *
 * A full render fills a new generation and publishes it in one step; an incremental render
 * writes into the live generation, every file atomically.
 */
/** A file's contents: text (pages) or bytes (fonts, social cards). */
export type FileBody = string | Uint8Array;

export type BuildWriter = {
  write: (file: string, body: FileBody) => Promise<void>;
  /**
   * Writes several files at once (a few in parallel). On the live folder each becomes visible
   * by its own rename, in the order given, only after all of them are on disk: a render then
   * costs a handful of round trips to the file system, not several per file, so a server busy
   * with requests does not hold a publish back.
   */
  writeAll: (files: { file: string; body: FileBody }[]) => Promise<void>;
  /**
   * Carries files over unchanged from the live build (content-hashed files such as social
   * cards, which are not made again). On the live build itself there is nothing to do.
   */
  keep: (files: string[]) => Promise<void>;
  remove: (file: string) => Promise<void>;
  /** Makes the written files live (full render: swaps `current`; incremental: nothing left to do). */
  commit: () => Promise<void>;
  /** Drops an unfinished full build (the previous site stays live). */
  abandon: () => Promise<void>;
};

export type SiteOutput = {
  root: string;
  storage: Storage;
  /**
   * The live folder of a blog, or undefined before its first render (and always on storage
   * without local files, such as object storage: use `hasLive` and `readLiveFile`).
   */
  currentDir: (blogId: string) => Promise<string | undefined>;
  /** Whether the blog has a live build (its first render has been published). */
  hasLive: (blogId: string) => Promise<boolean>;
  /** A file of the blog's live build with the time it was written, wherever storage keeps it. */
  readLiveFile: (
    blogId: string,
    file: string,
  ) => Promise<{ body: Buffer; modified: Date } | undefined>;
  /** The files under `folder` (site-relative, e.g. `og/x.png`) in the blog's live build. */
  liveFiles: (blogId: string, folder: string) => Promise<Set<string>>;
  /** Which of `files` (site-relative) the blog's live build holds, without listing it. */
  liveFilesAmong: (blogId: string, files: readonly string[]) => Promise<Set<string>>;
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

const parallelWrites = 16;

export function createSiteOutput(
  root: string,
  storage: Storage = createFolderStorage(root),
): SiteOutput {
  const blogName = (blogId: string) => {
    if (!safeName.test(blogId)) throw new Error(`Invalid blog id for output: ${blogId}`);
    return `blogs/${blogId}`;
  };
  const listeners: ((blogId: string, file?: string) => void)[] = [];
  const changed = (blogId: string, file?: string) => {
    for (const listener of listeners) listener(blogId, file);
  };
  const livePrefix = (blogId: string) => storage.live(blogName(blogId));
  /** A key inside `prefix`, or undefined for any file name that would leave it. */
  const keyIn = (prefix: string, file: string) => {
    const normal = normalKey(file);
    return normal ? `${prefix}/${normal}` : undefined;
  };

  return {
    root: resolve(root),
    storage,

    async currentDir(blogId) {
      const prefix = await livePrefix(blogId);
      return prefix ? storage.pathOf(prefix) : undefined;
    },

    hasLive: async (blogId) => (await livePrefix(blogId)) !== undefined,

    async readLiveFile(blogId, file) {
      const prefix = await livePrefix(blogId);
      const key = prefix && keyIn(prefix, file);
      return key ? storage.read(key) : undefined;
    },

    async liveFiles(blogId, folder) {
      const prefix = await livePrefix(blogId);
      const key = prefix && keyIn(prefix, folder);
      if (!key) return new Set();
      return new Set((await storage.list(key)).map((file) => `${folder}/${file}`));
    },

    async liveFilesAmong(blogId, files) {
      const prefix = await livePrefix(blogId);
      const held = new Set<string>();
      if (!prefix) return held;
      for (const file of files) {
        const key = keyIn(prefix, file);
        if (!key) continue;
        const path = storage.pathOf(key);
        if (path ? existsSync(path) : (await storage.get(key)) !== undefined) held.add(file);
      }
      return held;
    },

    async resolveFile(blogId, file) {
      const prefix = await livePrefix(blogId);
      const key = prefix && keyIn(prefix, file);
      return key ? storage.pathOf(key) : undefined;
    },

    async beginFull(blogId) {
      const generation = await storage.beginGeneration(blogName(blogId));
      const put = (file: string, body: FileBody) => {
        if (!keyIn(generation.prefix, file))
          throw new Error(`Refusing to write outside the build: ${file}`);
        return generation.put(file, body);
      };
      return {
        write: put,
        async writeAll(files) {
          // Nobody reads a generation yet: plain parallel writes.
          await eachLimited(files, parallelWrites, (f) => put(f.file, f.body));
        },
        async keep(files) {
          const live = await livePrefix(blogId);
          if (!live) return;
          await eachLimited(files, parallelWrites, async (file) => {
            const target = keyIn(generation.prefix, file);
            const source = keyIn(live, file);
            if (!target || !source) throw new Error(`Refusing to write outside the build: ${file}`);
            await generation.copy(file, source);
          });
        },
        async remove(file) {
          const key = keyIn(generation.prefix, file);
          if (key) await storage.delete(key);
        },
        async commit() {
          await generation.publish();
          changed(blogId);
        },
        abandon: () => generation.abandon(),
      };
    },

    async removeStale(blogId, keep) {
      const prefix = await livePrefix(blogId);
      if (!prefix) return 0;
      let removed = 0;
      for (const file of await storage.list(prefix)) {
        if (keep.has(file)) continue;
        await storage.delete(`${prefix}/${file}`);
        changed(blogId, file);
        removed++;
      }
      return removed;
    },

    async beginIncremental(blogId) {
      const prefix = await livePrefix(blogId);
      if (!prefix) throw new Error(`Blog ${blogId} has no live build to update`);
      const keyOf = (file: string) => {
        const key = keyIn(prefix, file);
        if (!key) throw new Error(`Refusing to write outside the build: ${file}`);
        return key;
      };
      return {
        async write(file, body) {
          await storage.put(keyOf(file), body);
          changed(blogId, file);
        },
        async writeAll(files) {
          const entries = files.map((f) => ({ key: keyOf(f.file), body: f.body }));
          // Each file becomes visible in order (a page before the pages that link to it), only
          // once all are stored: a render costs a handful of round trips, not several per file.
          await storage.putAll(entries, (_entry, i) =>
            changed(blogId, (files[i] as { file: string }).file),
          );
        },
        async remove(file) {
          const key = keyIn(prefix, file);
          if (key) await storage.delete(key);
          changed(blogId, file);
        },
        keep: async () => {},
        // The pages went live before they were flushed (decision 252): the run is recorded,
        // and its job dropped, only once they are on disk.
        commit: () => storage.flush(),
        abandon: async () => {},
      };
    },

    setHosts: (blogId, hosts) => storage.setAliases("hosts", blogName(blogId), hosts),

    onChange(listener) {
      listeners.push(listener);
    },

    async removeBlog(blogId) {
      await storage.setAliases("hosts", blogName(blogId), []);
      await storage.deleteAll(blogName(blogId));
      // The blog's media library (api/features/media) is kept beside its generations.
      await storage.deleteAll(`media/${blogId}`);
      changed(blogId);
    },
  };
}
