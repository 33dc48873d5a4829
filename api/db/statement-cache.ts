import { createRequire } from "node:module";

/**
 * libSQL's client prepares every statement again each time it runs it (`db.prepare(sql)` per
 * call); under load that was 0.4 s of the server's main thread in a run of the publish bench,
 * and reading the statement's columns twice per call another 0.25 s (decision 221). SQLite's
 * prepared statements are made to be reused: this keeps, per connection, the most recently
 * used statements by their SQL text, and each one's columns.
 *
 * A statement runs to its end before the next use (the client's `executeStmt` is synchronous
 * and reads every row), so one object per SQL text per connection is safe. A schema change
 * (CREATE, ALTER, DROP: migrations) on any connection empties every connection's cache, so no
 * kept column list outlives its table's shape.
 */
type Statement = {
  columns: () => unknown[];
  raw: (toggle?: boolean) => Statement;
  safeIntegers: (toggle?: boolean) => Statement;
};
type Connection = { prepare: (sql: string) => Statement; exec: (sql: string) => unknown };
/** libSQL's connection class: the very one `@libsql/client` opens its connections with. */
const fromHere = createRequire(import.meta.url);
const Database = createRequire(fromHere.resolve("@libsql/client"))("libsql") as {
  prototype: Connection;
};

const maxStatements = 100;
const schemaChange = /^\s*(create|alter|drop)\b/i;
const caches = new WeakMap<object, { schema: number; statements: Map<string, Statement> }>();
/** Counts schema changes: a connection's cache made before the last one is dropped. */
let schema = 0;
let installed = false;
const counts = { prepared: 0, reused: 0 };

/** Statements prepared and reused since the process started (tests, benches). */
export function preparedStatementCounts(): { prepared: number; reused: number } {
  return { ...counts };
}

/**
 * The client asks each statement, on every run, for its columns and to set its modes (raw rows,
 * 64-bit integers); a kept statement answers from what it said the first time. `raw` throws
 * for a statement that returns no rows (the client's way of telling them apart), and throwing
 * a new native error each time was 90 ms of a bench run: the first answer is kept, error too.
 */
function keepSettings(statement: Statement): void {
  const { columns, raw, safeIntegers } = statement;
  let known: unknown[] | undefined;
  statement.columns = function keptColumns(this: Statement) {
    known ??= columns.call(this);
    return known;
  };
  const remembered = (set: (toggle?: boolean) => Statement) => {
    let last: { toggle: boolean; error?: unknown } | undefined;
    return function rememberedToggle(this: Statement, toggle?: boolean): Statement {
      const wanted = toggle ?? true;
      if (last?.toggle === wanted) {
        if (last.error !== undefined) throw last.error;
        return this;
      }
      try {
        set.call(this, wanted);
        last = { toggle: wanted };
        return this;
      } catch (error) {
        last = { toggle: wanted, error };
        throw error;
      }
    };
  };
  statement.raw = remembered(raw);
  statement.safeIntegers = remembered(safeIntegers);
}

/** Installs the cache on libSQL's connections (idempotent; for the whole process). */
export function reusePreparedStatements(): void {
  if (installed) return;
  installed = true;
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function cachedPrepare(this: Connection, sql: string) {
    if (schemaChange.test(sql)) {
      schema++;
      counts.prepared++;
      return prepare.call(this, sql);
    }
    let entry = caches.get(this);
    if (entry?.schema !== schema) {
      entry = { schema, statements: new Map() };
      caches.set(this, entry);
    }
    const cache = entry.statements;
    const kept = cache.get(sql);
    if (kept) {
      counts.reused++;
      // Most recently used last: the first entry is the one to drop.
      cache.delete(sql);
      cache.set(sql, kept);
      return kept;
    }
    const statement = prepare.call(this, sql);
    counts.prepared++;
    keepSettings(statement);
    cache.set(sql, statement);
    if (cache.size > maxStatements) cache.delete(cache.keys().next().value as string);
    return statement;
  };
  // Several statements at once (`executeMultiple`) may change the schema without a prepare.
  const exec = Database.prototype.exec;
  Database.prototype.exec = function execAndForget(this: Connection, sql: string) {
    schema++;
    return exec.call(this, sql);
  };
}
