import { LRUCache } from "lru-cache";

/**
 * How much `/_hit` stores (decision 311). The windows are counted in this process's memory, on
 * the analytics clock, so counting a view never costs a database call.
 */
export const hitLimits = {
  /** Hits per minute from one address (an IPv6 /56) to one blog: more than readers behind one. */
  perAddressPerMinute: 30,
  /** Hits per minute to one blog from everyone: past any viral post, reached by a flood. */
  perBlogPerMinute: 3_000,
  /** Raw hits (`page_hits` rows) per blog per UTC day, 404s included. */
  rawHitsPerBlogPerDay: 100_000,
};
export type HitLimits = typeof hitLimits;

/**
 * Fixed one-minute windows of hits per key, for the `max` keys seen last: a key forgotten (more
 * than `max` others since) starts a new window. Counting more hits than `limit` in a window
 * answers false.
 */
export function createMinuteWindows(max: number) {
  const windows = new LRUCache<string, { minute: number; hits: number }>({ max });
  return (key: string, now: number, limit: number): boolean => {
    const minute = Math.floor(now / 60_000);
    const window = windows.get(key);
    if (!window || window.minute !== minute) {
      windows.set(key, { minute, hits: 1 });
      return limit >= 1;
    }
    window.hits++;
    return window.hits <= limit;
  };
}
