import type { Options, Store } from "express-rate-limit";
import type pg from "pg";
import { RateLimiterPostgres, type RateLimiterRes } from "rate-limiter-flexible";

/** Makes the store of one limiter; `name` keeps its keys apart from every other limiter's. */
export type RateLimitStores = (name: string) => Store;

const table = "blogfleet_rate_limits";

/**
 * Rate-limit counters shared by every process of a PostgreSQL set-up, so a limit holds across
 * web processes: rate-limiter-flexible's PostgreSQL store counts (one row per limiter and
 * client; rows an hour past their window are cleared every 5 minutes), behind
 * express-rate-limit's `Store`, which keeps deciding the limit and the answer. The counters are
 * disposable (a lost window only forgets some attempts), so their table, in the store's shape,
 * is UNLOGGED (no WAL write per request) and made here on first use, outside the migrations.
 */
export function createPgRateLimitStores(pool: pg.Pool): RateLimitStores {
  let created: Promise<void> | undefined;
  const createTable = () => {
    const create = () =>
      pool.query(
        `CREATE UNLOGGED TABLE IF NOT EXISTS ${table} (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
      );
    // Two processes creating it at the same moment: one of them meets the other's row.
    created ??= create()
      .catch(create)
      .then(() => undefined)
      .catch((error: unknown) => {
        created = undefined;
        throw error;
      });
    return created;
  };
  return (name) => {
    let windowMs = 60_000;
    let limiter: RateLimiterPostgres | undefined;
    const counts = async () => {
      await createTable();
      limiter ??= new RateLimiterPostgres({
        storeClient: pool,
        storeType: "pool",
        tableName: table,
        tableCreated: true,
        keyPrefix: name,
        // The limit is express-rate-limit's: this store only counts (`penalty`).
        points: Number.MAX_SAFE_INTEGER,
        duration: windowMs / 1000,
        clearExpiredByTimeout: true,
      });
      return limiter;
    };
    const info = (res: RateLimiterRes) => ({
      totalHits: res.consumedPoints,
      resetTime: new Date(Date.now() + res.msBeforeNext),
    });
    return {
      localKeys: false,
      init(options: Options) {
        windowMs = options.windowMs;
      },
      increment: async (key) => info(await (await counts()).penalty(key, 1)),
      async decrement(key) {
        await (await counts()).reward(key, 1);
      },
      async resetKey(key) {
        await (await counts()).delete(key);
      },
      async get(key) {
        const res = await (await counts()).get(key);
        return res ? info(res) : undefined;
      },
    };
  };
}
