/**
 * Where rendered sites (and, later, media) are kept: one small interface (docs/architecture.md,
 * the publish flow), so object storage can replace the local folder. Keys are '/'-separated
 * paths; nothing outside a key's place can be named (`..`, absolute paths and NUL are refused).
 *
 * A *generation* is a complete version of something published as a whole (a blog's site): it
 * is written beside the live one and made live in one atomic step, so readers see the old
 * version or the new one, never a mix.
 */
export type Storage = {
  /** Stores `body` under `key`; readers see the old body or the new one, never part of it. */
  put: (key: string, body: string | Uint8Array) => Promise<void>;
  /**
   * Stores several bodies; each becomes visible in the order given (a page before the pages
   * that link to it), and only once all of them are stored. `onVisible` is told as each one
   * becomes visible (caches of it can go at that moment).
   */
  putAll: (
    entries: readonly StorageEntry[],
    onVisible?: (entry: StorageEntry, index: number) => void,
  ) => Promise<void>;
  /**
   * Resolves once every body `putAll` stored so far is on disk (decision 252: the local
   * folder makes them visible first and flushes them behind); rejects if flushing one failed.
   * Stores that are durable when `putAll` resolves (object storage) resolve at once.
   */
  flush: () => Promise<void>;
  get: (key: string) => Promise<Buffer | undefined>;
  /** The body under `key` with the time it was stored (a Last-Modified for readers). */
  read: (key: string) => Promise<{ body: Buffer; modified: Date } | undefined>;
  delete: (key: string) => Promise<void>;
  /** Every key under `prefix` (recursively), relative to it. */
  list: (prefix: string) => Promise<string[]>;
  /** Starts a new generation of `name` (for example `blogs/{id}`), invisible until published. */
  beginGeneration: (name: string) => Promise<Generation>;
  /** The key prefix of `name`'s live generation, or undefined before its first publish. */
  live: (name: string) => Promise<string | undefined>;
  /** Removes `name` with every generation. */
  deleteAll: (name: string) => Promise<void>;
  /**
   * Names under `prefix` that follow `name`'s live generation (a static server's host
   * folders): `setAliases` makes exactly these point at it; others pointing at it go.
   */
  setAliases: (prefix: string, name: string, aliases: readonly string[]) => Promise<void>;
  /** The key prefix of the live generation `alias` (under `prefix`) follows, if any. */
  resolveAlias: (prefix: string, alias: string) => Promise<string | undefined>;
  /**
   * The local file behind `key`, for a static server reading the folder; undefined if none
   * (always, on object storage: read with `get`/`read`).
   */
  pathOf: (key: string) => string | undefined;
};

export type StorageEntry = { key: string; body: string | Uint8Array };

export type Generation = {
  /** Key prefix under which this generation's files go. */
  prefix: string;
  /** Stores a file of the generation (nobody reads it before `publish`). */
  put: (key: string, body: string | Uint8Array) => Promise<void>;
  /**
   * Stores under `key` the bytes already stored under `sourceKey` (a file carried over from
   * the live generation, such as a social card): a hard link on the local folder, a server-side
   * copy on object storage; no bytes pass through the process.
   */
  copy: (key: string, sourceKey: string) => Promise<void>;
  /** Makes the generation live in one step; earlier ones are removed but the one before. */
  publish: () => Promise<void>;
  /** Drops the unpublished generation; the live one stays. */
  abandon: () => Promise<void>;
};
