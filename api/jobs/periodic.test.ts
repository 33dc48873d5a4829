import { afterEach, describe, expect, it, vi } from "vitest";
import { startPeriodic } from "./periodic.ts";

afterEach(() => vi.useRealTimers());

/** A job whose every run stays in progress until `finish()`; `runs()` counts the runs started. */
function startHeldJob(intervalMs: number) {
  let runs = 0;
  let finish: () => void = () => {};
  const job = startPeriodic(
    () => {
      runs++;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    },
    { intervalMs, failure: "failed" },
  );
  return { job, runs: () => runs, finish: () => finish() };
}

describe("startPeriodic", () => {
  it("runs at once and on every tick, skips ticks while a run is still going, and stop waits for it", async () => {
    vi.useFakeTimers();
    const { job, runs, finish } = startHeldJob(1000);
    expect(runs()).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs()).toBe(1); // still busy: three ticks skipped
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs()).toBe(2);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs()).toBe(2);
  });

  it("logs a failed run and keeps going", async () => {
    vi.useFakeTimers();
    const error = vi.fn();
    let runs = 0;
    const job = startPeriodic(
      async () => {
        runs++;
        throw new Error("boom");
      },
      { intervalMs: 1000, failure: "job failed", logger: { error } as never },
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(error).toHaveBeenCalledWith({ err: expect.any(Error) }, "job failed");
    await job.stop();
  });

  it("runs soon when asked: at once when idle, once more right after a run in progress", async () => {
    vi.useFakeTimers();
    const { job, runs, finish } = startHeldJob(60_000);
    expect(runs()).toBe(1);
    job.runSoon();
    job.runSoon();
    expect(runs()).toBe(1); // busy: one more run is owed, not two
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs()).toBe(2);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs()).toBe(2);
    job.runSoon();
    expect(runs()).toBe(3);
    finish();
    await job.stop();
    job.runSoon();
    expect(runs()).toBe(3);
  });
});
