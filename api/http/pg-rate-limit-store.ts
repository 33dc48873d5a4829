import type { Options, Store } from "express-rate-limit";
import type pg from "pg";

/** Makes the store of one limiter; `name` keeps its keys apart from every other limiter's. */
export type RateLimitStores = (name: string) => Store;

const table = "blogfleet_limits.hits";

/**
 * Rate-limit counters shared by every process of a PostgreSQL set-up (express-rate-limit's
 * Store), so a limit holds across web processes: one row per limiter and client, counted and
 * reset in one statement on the database's clock. The counters are disposable (a lost window
 * only forgets some attempts), so they live in an UNLOGGED table in a schema of their own,
 * created on first use like pg-boss's, outside the app's migrations.
 */
export function createPgRateLimitStores(pool: pg.Pool): RateLimitStores {
  let ready: Promise<void> | undefined;
  const ensure = () => {
    ready ??= (async () => {
      const create = async () => {
        await pool.query("CREATE SCHEMA IF NOT EXISTS blogfleet_limits");
        await pool.query(
          `CREATE UNLOGGED TABLE IF NOT EXISTS ${table} (key text PRIMARY KEY, hits integer NOT NULL, reset_at timestamptz NOT NULL)`,
        );
      };
      // Two processes creating it at the same moment: one of them meets the other's row.
      await create().catch(create);
    })().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  let increments = 0;

  return (name) => {
    let windowMs = 60_000;
    const keyOf = (key: string) => `${name}:${key}`;
    return {
      localKeys: false,
      init(options: Options) {
        windowMs = options.windowMs;
      },
      async increment(key) {
        await ensure();
        // Now and then, windows long past go (a client that never came back).
        if (++increments % 1000 === 0)
          void pool
            .query(`DELETE FROM ${table} WHERE reset_at < now() - interval '1 day'`)
            .catch(() => undefined);
        const { rows } = await pool.query<{ hits: number; reset_at: Date }>(
          `INSERT INTO ${table} AS h (key, hits, reset_at)
             VALUES ($1, 1, now() + $2 * interval '1 millisecond')
           ON CONFLICT (key) DO UPDATE SET
             hits = CASE WHEN h.reset_at <= now() THEN 1 ELSE h.hits + 1 END,
             reset_at = CASE WHEN h.reset_at <= now() THEN excluded.reset_at ELSE h.reset_at END
           RETURNING hits, reset_at`,
          [keyOf(key), windowMs],
        );
        const row = rows[0] as { hits: number; reset_at: Date };
        return { totalHits: row.hits, resetTime: row.reset_at };
      },
      async decrement(key) {
        await ensure();
        await pool.query(
          `UPDATE ${table} SET hits = greatest(hits - 1, 0) WHERE key = $1 AND reset_at > now()`,
          [keyOf(key)],
        );
      },
      async resetKey(key) {
        await ensure();
        await pool.query(`DELETE FROM ${table} WHERE key = $1`, [keyOf(key)]);
      },
      async get(key) {
        await ensure();
        const { rows } = await pool.query<{ hits: number; reset_at: Date }>(
          `SELECT hits, reset_at FROM ${table} WHERE key = $1 AND reset_at > now()`,
          [keyOf(key)],
        );
        const row = rows[0];
        return row ? { totalHits: row.hits, resetTime: row.reset_at } : undefined;
      },
    };
  };
}
