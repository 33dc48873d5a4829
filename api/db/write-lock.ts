import { AsyncLocalStorage } from "node:async_hooks";
import type { Client, InStatement, Transaction, TransactionMode } from "@libsql/client";

/**
 * SQLite allows one writer at a time, and libSQL's local driver waits for a lock by blocking
 * the thread (busy timeout). In one Node process that is a deadlock: a write on one pooled
 * connection blocks the event loop while an open transaction on another connection waits for
 * the event loop to commit. So writes queue here, in JavaScript, before they reach SQLite:
 * a transaction holds the lock from BEGIN to COMMIT/ROLLBACK, a single write statement (or a
 * batch, a migration) for its own duration.
 *
 * Writes run on `writer`, a client of one connection (opened with synchronous=NORMAL, see
 * `openDatabase`); reads (`SELECT`) run on the connections of `readers` and never wait: WAL lets
 * them run beside the writer.
 *
 * A write on the client from inside a transaction's own callback would wait for itself
 * forever; it fails at once instead, naming the mistake (use `tx`, not `db`).
 */
const holder = new AsyncLocalStorage<boolean>();

/** Runs a transaction's callback marked as holding the write lock (see `withWriteLock`). */
export function insideTransaction<T>(callback: () => T): T {
  return holder.run(true, callback);
}

const sqlOf = (statement: InStatement | string) =>
  typeof statement === "string" ? statement : statement.sql;
const isRead = (sql: string) => /^[\s(]*select\b/i.test(sql);

export function withWriteLock(readers: Client, writer: Client): Client {
  let tail: Promise<void> = Promise.resolve();

  /** Waits for the lock (first come, first served) and returns its release. */
  const acquire = async (): Promise<() => void> => {
    if (holder.getStore()) {
      throw new Error(
        "A write on the database was made inside a transaction; run it on the transaction (tx) instead.",
      );
    }
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = tail;
    tail = previous.then(() => held);
    await previous;
    return release;
  };

  const locked = async <T>(work: () => Promise<T>): Promise<T> => {
    const release = await acquire();
    try {
      return await work();
    } finally {
      release();
    }
  };

  /** The transaction, releasing the lock when it commits, rolls back or closes. */
  const releasing = (tx: Transaction, release: () => void): Transaction =>
    new Proxy(tx, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (property === "commit" || property === "rollback") {
          return async () => {
            try {
              return await (value as () => Promise<void>).call(target);
            } finally {
              release();
            }
          };
        }
        if (property === "close") {
          return () => {
            try {
              (value as () => void).call(target);
            } finally {
              release();
            }
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });

  return new Proxy(writer, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      switch (property) {
        case "execute":
          return (statement: InStatement | string, args?: unknown) => {
            const run = (on: Client) =>
              (on.execute as (s: unknown, a?: unknown) => ReturnType<Client["execute"]>).call(
                on,
                statement,
                args,
              );
            return isRead(sqlOf(statement)) ? run(readers) : locked(() => run(target));
          };
        case "batch":
        case "migrate":
        case "executeMultiple":
          return (...args: unknown[]) =>
            locked(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        case "transaction":
          return async (mode?: TransactionMode) => {
            const release = await acquire();
            try {
              return releasing(await target.transaction(mode), release);
            } catch (error) {
              release();
              throw error;
            }
          };
        case "close":
          return () => {
            readers.close();
            target.close();
          };
        default:
          return typeof value === "function" ? value.bind(target) : value;
      }
    },
  });
}
