/** One printed figure of `npm run check:security`: a line, whether it holds, and why not. */
export type Figure = {
  name: string;
  /** The figure itself, e.g. "tried 1216, succeeded 0, rows of the other owner changed 0". */
  text: string;
  ok: boolean;
  /** What failed (the first few), printed under a failing figure. */
  details?: string[];
};

/** A part of the check: starts what it needs (its own app), measures, cleans up. */
export type SecurityCheck = {
  name: string;
  run: (options: CheckOptions) => Promise<Figure[]>;
};

export type CheckOptions = {
  /** fast-check seed for the fuzz (printed, so a failing run can be repeated). */
  seed: number;
  /** Requests the fuzz sends. */
  runs: number;
};

/** Keeps the first `limit` entries of a list of problems, with a count of the rest. */
export function firstFew(items: string[], limit = 10): string[] {
  if (items.length <= limit) return items;
  return [...items.slice(0, limit), `… and ${items.length - limit} more`];
}

/** Runs `work` over `items` with at most `concurrency` in flight, in order of start. */
export async function inParallel<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/**
 * Errors thrown outside any request (uncaught exceptions, unhandled rejections) while the app
 * runs in this process: what would have crashed a server. Filled by the runner's process hooks.
 */
export const crashes: string[] = [];
