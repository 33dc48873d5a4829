import type { Logger } from "../logger.ts";

/**
 * Runs `run` now and then every `intervalMs`. A slow run (a model taking its time) never lets
 * runs pile up: a tick that finds the previous run still going is skipped. `stop` waits for
 * the run in progress. The timer never keeps the process alive on its own.
 */
export function startPeriodic(
  run: () => Promise<unknown>,
  options: { intervalMs: number; logger?: Logger; failure: string },
) {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let stopped = false;
  /** Asked to run while a run was going: one more run follows it. */
  let again = false;
  const tick = () => {
    if (stopped || busy) return;
    busy = true;
    running = run()
      .catch((error: unknown) => options.logger?.error({ err: error }, options.failure))
      .finally(() => {
        busy = false;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  tick();
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    /** Runs now (or right after the run in progress) instead of waiting for the next tick. */
    runSoon: () => {
      if (busy) again = true;
      else tick();
    },
    stop: async () => {
      stopped = true;
      again = false;
      clearInterval(timer);
      await running;
    },
  };
}
