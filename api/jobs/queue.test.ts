import { describe, expect, it } from "vitest";
import { createInProcessQueue, type JobData } from "./queue.ts";

const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the in-process job queue (SQLite mode)", () => {
  it("coalesces jobs with one key: one waits and one runs at a time", async () => {
    const queue = createInProcessQueue();
    const runs: JobData[] = [];
    let release: () => void = () => {};
    await queue.work(
      "render",
      async (data) => {
        runs.push(data);
        if (data.n === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      { concurrency: 4 },
    );
    await queue.enqueue("render", { n: 1 }, { key: "blog-a" });
    // While the first runs, three more changes of the same blog make one more run, not three.
    await queue.enqueue("render", { n: 2 }, { key: "blog-a" });
    await queue.enqueue("render", { n: 3 }, { key: "blog-a" });
    // Another blog does not wait for it.
    await queue.enqueue("render", { n: 4 }, { key: "blog-b" });
    await tick();
    expect(runs).toEqual([{ n: 1 }, { n: 4 }]);
    release();
    await tick();
    expect(runs).toEqual([{ n: 1 }, { n: 4 }, { n: 2 }]);
    await queue.stop();
  });

  it("keeps jobs enqueued before a worker is there, and honours startAfter", async () => {
    const queue = createInProcessQueue();
    const runs: string[] = [];
    await queue.enqueue("import", { id: "early" }, { key: "early" });
    await queue.enqueue(
      "import",
      { id: "later" },
      {
        key: "later",
        startAfter: new Date(Date.now() + 150),
      },
    );
    await queue.work("import", async (data) => {
      runs.push(data.id as string);
    });
    await tick();
    expect(runs).toEqual(["early"]);
    await tick(250);
    expect(runs).toEqual(["early", "later"]);
    await queue.stop();
  });

  it("runs a schedule at once and every period, and stop waits for the job running", async () => {
    const queue = createInProcessQueue();
    let runs = 0;
    let finished = false;
    await queue.work("tick", async () => {
      runs++;
      await tick(60);
      finished = true;
    });
    await queue.schedule("tick", 0.1);
    await tick(10);
    expect(runs).toBe(1);
    await queue.stop();
    expect(finished).toBe(true);
    await tick(250);
    expect(runs).toBe(1);
  });
});
