import { AsyncLocalStorage } from "node:async_hooks";
import type { Client, InStatement, ResultSet, Transaction, TransactionMode } from "@libsql/client";

/**
 * SQLite allows one writer at a time, and libSQL's local driver waits for a lock by blocking
 * the thread (busy timeout). In one Node process that is a deadlock: a write on one pooled
 * connection blocks the event loop while an open transaction on another connection waits for
 * the event loop to commit. So writes queue here, in JavaScript, before they reach SQLite:
 * a transaction holds the lock from BEGIN to COMMIT/ROLLBACK, a single write statement for its
 * own duration. Reads never wait (WAL lets them run beside the writer).
 *
 * Group commit (decision 220): writers that queue behind one another share one SQLite
 * transaction, each in its own savepoint. A writer's commit releases its savepoint and, while
 * others wait for the lock, hands the open transaction to the next; the last of the group (or
 * the one that fills it) commits for all. Every writer's `commit()` resolves only after that
 * COMMIT, so an acknowledged write is durable (synchronous=FULL) exactly as before; a writer
 * that fails rolls back to its own savepoint and the others keep their work. One fsync serves
 * the whole group instead of one per writer.
 *
 * A write on the client from inside a transaction's own callback would wait for itself
 * forever; it fails at once instead, naming the mistake (use `tx`, not `db`).
 */
const holder = new AsyncLocalStorage<boolean>();

/** Runs a transaction's callback marked as holding the write lock (see `withWriteLock`). */
export function insideTransaction<T>(callback: () => T): T {
  return holder.run(true, callback);
}

export type GroupCommitOptions = {
  /** Writers one COMMIT may serve at most; 1 turns group commit off. */
  maxWriters: number;
  /** A group older than this takes no new writer: it commits when its current writer ends. */
  maxAgeMs: number;
};

export const defaultGroupCommit: GroupCommitOptions = { maxWriters: 32, maxAgeMs: 25 };

type Acknowledgement = { resolve: () => void; reject: (error: unknown) => void };
type Group = {
  tx: Transaction;
  openedAt: number;
  writers: number;
  /** Writers whose savepoint is released, each waiting for the group's COMMIT. */
  waiting: Acknowledgement[];
};

/** Statements that may join a group as a writer of their own; anything else runs alone. */
const joinsGroup = (sql: string) => /^[\s(]*(insert|update|delete|replace|with)\b/i.test(sql);

export function withWriteLock(
  client: Client,
  groupCommit: GroupCommitOptions = defaultGroupCommit,
): Client {
  let tail: Promise<void> = Promise.resolve();
  /** Writers queued behind the current holder of the lock. */
  let queued = 0;
  let group: Group | undefined;

  const acquire = async (): Promise<() => void> => {
    if (holder.getStore()) {
      throw new Error(
        "A write on the database was made inside a transaction; run it on the transaction (tx) instead.",
      );
    }
    return takeTurn();
  };

  /** Waits for the lock (first come, first served) and returns its release. */
  const takeTurn = async (): Promise<() => void> => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = tail;
    tail = previous.then(() => held);
    queued++;
    try {
      await previous;
    } finally {
      queued--;
    }
    let released = false;
    return () => {
      if (!released) {
        released = true;
        release();
      }
    };
  };

  /** Commits the open group (under the lock) and tells each of its writers how it went. */
  const flush = async (): Promise<void> => {
    const ending = group;
    if (!ending) return;
    group = undefined;
    try {
      await ending.tx.commit();
    } catch (error) {
      await abandon(ending, error);
      return;
    }
    for (const writer of ending.waiting) writer.resolve();
  };

  /** The group's transaction is lost: its released writers were never acknowledged. */
  const abandon = async (lost: Group, error: unknown): Promise<void> => {
    if (group === lost) group = undefined;
    try {
      await lost.tx.rollback();
    } catch {
      // Already rolled back by SQLite (a failed COMMIT or an I/O error ends the transaction).
    }
    for (const writer of lost.waiting) writer.reject(error);
  };

  let flushScheduled = false;
  /**
   * Commits the group once the event loop has run what is ready now: requests that have
   * arrived meanwhile write in the same group. Without this wait a group would hardly ever
   * form: libSQL's local statements complete synchronously, so a transaction runs from BEGIN
   * to COMMIT without giving way, and no other writer is ever queued when it ends.
   */
  const scheduleFlush = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(async () => {
      const release = await takeTurn();
      flushScheduled = false;
      try {
        await flush();
      } finally {
        release();
      }
    });
  };

  /** A writer has ended (released or rolled back its savepoint): go on with the group or end it. */
  const endWriter = async (release: () => void): Promise<void> => {
    try {
      const open = group;
      if (
        open &&
        (open.writers >= groupCommit.maxWriters ||
          performance.now() - open.openedAt >= groupCommit.maxAgeMs)
      ) {
        await flush();
      } else if (open && queued === 0) {
        // Writers already queued go on with the group; the last of them schedules its COMMIT.
        scheduleFlush();
      }
    } finally {
      release();
    }
  };

  const locked = async <T>(work: () => Promise<T>): Promise<T> => {
    const release = await acquire();
    try {
      await flush();
      return await work();
    } finally {
      release();
    }
  };

  /** A transaction of its own (group commit off, or a mode that cannot share one). */
  const aloneTransaction = (tx: Transaction, release: () => void): Transaction =>
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

  /** Joins the open group (or opens one) as a writer in its own savepoint; the lock is held. */
  const joinGroup = async (release: () => void): Promise<Transaction> => {
    let current: Group;
    try {
      if (
        group &&
        (group.writers >= groupCommit.maxWriters ||
          performance.now() - group.openedAt >= groupCommit.maxAgeMs)
      ) {
        await flush();
      }
      current = group ?? {
        tx: await client.transaction("write"),
        openedAt: performance.now(),
        writers: 0,
        waiting: [],
      };
      group = current;
    } catch (error) {
      release();
      throw error;
    }
    // One name for every writer: each writer's savepoint has ended before the next one begins,
    // and the same three statements stay prepared (decision 221).
    const savepoint = "group_writer";
    try {
      await current.tx.execute(`SAVEPOINT ${savepoint}`);
    } catch (error) {
      await abandon(current, error);
      release();
      throw error;
    }
    current.writers++;
    return groupWriter(current, savepoint, release);
  };

  const groupWriter = (shared: Group, savepoint: string, release: () => void): Transaction => {
    let ended = false;
    const live = () => {
      if (ended || group !== shared) {
        throw Object.assign(new Error("The transaction is closed"), {
          code: "TRANSACTION_CLOSED",
        });
      }
      return shared.tx;
    };
    const rollback = async (): Promise<void> => {
      if (ended) return;
      ended = true;
      if (group === shared) {
        try {
          await shared.tx.execute(`ROLLBACK TO ${savepoint}`);
          await shared.tx.execute(`RELEASE ${savepoint}`);
        } catch (error) {
          // SQLite ended the whole transaction (an I/O error, a full disk): the writers before
          // this one in the group lose their unacknowledged work and are told so.
          await abandon(shared, error);
        }
      }
      await endWriter(release);
    };
    const writer: Transaction = {
      execute: ((statement: InStatement | string, args?: unknown) =>
        (live().execute as (s: unknown, a?: unknown) => Promise<ResultSet>)(
          statement,
          args,
        )) as Transaction["execute"],
      batch: (statements) => live().batch(statements),
      executeMultiple: (sql) => live().executeMultiple(sql),
      rollback,
      async commit() {
        if (ended) throw new Error("The transaction is closed");
        try {
          await live().execute(`RELEASE ${savepoint}`);
        } catch (error) {
          await rollback();
          throw error;
        }
        ended = true;
        const acknowledged = new Promise<void>((resolve, reject) => {
          shared.waiting.push({ resolve, reject });
        });
        await endWriter(release);
        await acknowledged;
      },
      close() {
        void rollback();
      },
      get closed() {
        return ended;
      },
    };
    return writer;
  };

  const sqlOf = (statement: InStatement | string) =>
    typeof statement === "string" ? statement : statement.sql;
  const isRead = (sql: string) => /^[\s(]*select\b/i.test(sql);
  const grouping = groupCommit.maxWriters > 1;

  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      switch (property) {
        case "execute":
          return async (statement: InStatement | string, args?: unknown) => {
            const run = (on: { execute: unknown }) =>
              (on.execute as (s: unknown, a?: unknown) => ReturnType<Client["execute"]>).call(
                on,
                statement,
                args,
              );
            const sql = sqlOf(statement);
            if (isRead(sql)) return run(target);
            if (!grouping || !joinsGroup(sql)) return locked(() => run(target));
            const tx = await joinGroup(await acquire());
            let result: ResultSet;
            try {
              result = await run(tx);
            } catch (error) {
              await tx.rollback();
              throw error;
            }
            await tx.commit();
            return result;
          };
        case "batch":
        case "migrate":
        case "executeMultiple":
          return (...args: unknown[]) =>
            locked(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        case "transaction":
          return async (mode?: TransactionMode) => {
            const release = await acquire();
            if (grouping && (mode === undefined || mode === "write")) return joinGroup(release);
            try {
              await flush();
              return aloneTransaction(await target.transaction(mode), release);
            } catch (error) {
              release();
              throw error;
            }
          };
        default:
          return typeof value === "function" ? value.bind(target) : value;
      }
    },
  });
}
