import type { Client, InStatement, Transaction } from "@libsql/client";

/** Error codes (SQLite's and the file system's) that mean "the disk is full". */
const fullCodes = new Set(["SQLITE_FULL", "ENOSPC", "EDQUOT"]);
/** Codes that mean a write cannot reach the disk at all (full, read-only, I/O error). */
const writeFailureCode =
  /^(SQLITE_FULL|SQLITE_IOERR|SQLITE_READONLY|SQLITE_CANTOPEN|ENOSPC|EDQUOT|EROFS|EIO)/;

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const { code, extendedCode } = e as { code?: unknown; extendedCode?: unknown };
    if (typeof code === "string") codes.push(code);
    if (typeof extendedCode === "string") codes.push(extendedCode);
  }
  return codes;
}

/** True when the error (or its cause) says the disk, of the database or of the sites, is full. */
export function isStorageFull(error: unknown): boolean {
  return codesOf(error).some((code) => fullCodes.has(code));
}

/** Which disk is full: SQLite's (the database) or the file system's (rendered sites, backups). */
export function fullStorageOf(error: unknown): "database" | "files" | undefined {
  const codes = codesOf(error);
  if (codes.includes("SQLITE_FULL")) return "database";
  if (codes.some((code) => fullCodes.has(code))) return "files";
  return undefined;
}

/** True when a write failed because of the storage, not because of the statement. */
export function isStorageFailure(error: unknown): boolean {
  return codesOf(error).some((code) => writeFailureCode.test(code));
}

export type WriteFailure = { code: string; since: Date; message: string };

/**
 * What the process knows about database writes: whether the last ones failed for a reason of
 * storage (full disk, read-only file, I/O error) and since when. Set by every write that goes
 * through the client (`trackWrites`), cleared by the next write that succeeds.
 */
export type WriteHealth = {
  failing: () => WriteFailure | undefined;
  noteSuccess: () => void;
  noteFailure: (error: unknown) => void;
};

export function createWriteHealth(clock: () => Date = () => new Date()): WriteHealth {
  let failure: WriteFailure | undefined;
  return {
    failing: () => failure,
    noteSuccess() {
      failure = undefined;
    },
    noteFailure(error) {
      if (!isStorageFailure(error)) return;
      const code = codesOf(error).find((c) => writeFailureCode.test(c)) ?? "unknown";
      const message = error instanceof Error ? error.message : String(error);
      failure = { code, since: failure?.since ?? clock(), message: message.slice(0, 300) };
    },
  };
}

const isRead = (statement: InStatement | string) =>
  /^[\s(]*(select|pragma)\b/i.test(typeof statement === "string" ? statement : statement.sql);

/** The client, reporting the outcome of each write (statement, batch, transaction) to `health`. */
export function trackWrites(client: Client, health: WriteHealth): Client {
  const watch = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      const result = await work();
      health.noteSuccess();
      return result;
    } catch (error) {
      health.noteFailure(error);
      throw error;
    }
  };
  const watchTransaction = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        if (property === "commit")
          return () => watch(() => (value as () => Promise<void>).call(target));
        if (property === "execute" || property === "batch" || property === "executeMultiple") {
          return async (...args: unknown[]) => {
            try {
              return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            } catch (error) {
              health.noteFailure(error);
              throw error;
            }
          };
        }
        return value.bind(target);
      },
    });
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      switch (property) {
        case "execute":
          return (statement: InStatement | string, args?: unknown) => {
            const run = () =>
              (value as (s: unknown, a?: unknown) => ReturnType<Client["execute"]>).call(
                target,
                statement,
                args,
              );
            return isRead(statement) ? run() : watch(run);
          };
        case "batch":
        case "executeMultiple":
          return (...args: unknown[]) =>
            watch(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        case "transaction":
          return async (...args: unknown[]) => {
            try {
              const tx = await (value as (...a: unknown[]) => Promise<Transaction>).apply(
                target,
                args,
              );
              return watchTransaction(tx);
            } catch (error) {
              health.noteFailure(error);
              throw error;
            }
          };
        default:
          return value.bind(target);
      }
    },
  });
}
