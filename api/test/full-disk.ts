import type { Client, InStatement, Transaction } from "@libsql/client";

/** The error libSQL raises when SQLite cannot grow the database or its WAL. */
export const sqliteFull = () =>
  Object.assign(new Error("SQLITE_FULL: database or disk is full"), {
    code: "SQLITE_FULL",
    rawCode: 13,
  });

const isRead = (statement: InStatement | string) =>
  /^[\s(]*(select|pragma)\b/i.test(typeof statement === "string" ? statement : statement.sql);

/**
 * A database disk that can fill up: while `full`, every write statement (alone, in a batch or
 * in a transaction) fails with SQLITE_FULL as SQLite's would; reads go on. Pass `wrap` as
 * `openDatabase`'s `wrapClient`.
 */
export function fullDatabaseDisk() {
  let full = false;
  let refused = 0;
  const refuseLater = () => {
    refused++;
    return sqliteFull();
  };
  const guardTransaction = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        if (property === "execute") {
          return (statement: InStatement) =>
            full && !isRead(statement)
              ? Promise.reject(refuseLater())
              : value.call(target, statement);
        }
        if (property === "batch") {
          return (statements: InStatement[]) =>
            full && statements.some((s) => !isRead(s))
              ? Promise.reject(refuseLater())
              : value.call(target, statements);
        }
        return value.bind(target);
      },
    });
  return {
    fill() {
      full = true;
    },
    free() {
      full = false;
    },
    /** Writes refused so far. */
    get refused() {
      return refused;
    },
    wrap(client: Client): Client {
      return new Proxy(client, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver);
          if (typeof value !== "function") return value;
          switch (property) {
            case "execute":
              return (statement: InStatement | string, args?: unknown) =>
                full && !isRead(statement)
                  ? Promise.reject(refuseLater())
                  : (value as (s: unknown, a?: unknown) => unknown).call(target, statement, args);
            case "batch":
              return (statements: InStatement[], mode?: unknown) =>
                full && statements.some((s) => !isRead(s))
                  ? Promise.reject(refuseLater())
                  : (value as (s: unknown, m?: unknown) => unknown).call(target, statements, mode);
            case "transaction":
              return async (mode?: unknown) =>
                guardTransaction(
                  await (value as (m?: unknown) => Promise<Transaction>).call(target, mode),
                );
            default:
              return value.bind(target);
          }
        },
      });
    },
  };
}
