import { afterEach, describe, expect, it } from "vitest";
import { fingerprintOf } from "../features/posts/fingerprint.ts";
import { cpuTasks } from "./cpu-tasks.ts";
import { type CpuPool, createCpuPool, runCpu } from "./run.ts";

const text = (topic: string) =>
  `<p>Most runners skip ${topic} because it hurts, but a few minutes each week changes how strong your legs feel.</p>`;

let pool: CpuPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe("the API's tasks on the worker pool", () => {
  it("answers on worker threads exactly what the tasks answer inline", async () => {
    pool = createCpuPool({ size: 2 });
    const [one, many, prepared] = await Promise.all([
      runCpu(pool, "fingerprint", { html: text("hills") }),
      runCpu(pool, "fingerprints", { htmls: [text("hills"), text("tempo")] }),
      runCpu(pool, "preparePosts", {
        posts: [
          { id: "p1", content: `<p onclick="x()">Buy a compost bin.</p><script>x()</script>` },
        ],
        autoLinks: [{ id: "l1", keyword: "compost bin" }],
      }),
    ]);
    expect(one).toEqual(fingerprintOf(text("hills")));
    expect(many).toEqual([fingerprintOf(text("hills")), fingerprintOf(text("tempo"))]);
    expect(prepared).toEqual(
      cpuTasks.preparePosts({
        posts: [
          { id: "p1", content: `<p onclick="x()">Buy a compost bin.</p><script>x()</script>` },
        ],
        autoLinks: [{ id: "l1", keyword: "compost bin" }],
      }),
    );
    expect(prepared[0]?.html).toBe(
      '<p>Buy a <a href="../go/l1?p=p1" rel="sponsored nofollow">compost bin</a>.</p>',
    );
    const draft = fingerprintOf(text("hills"));
    const others = [fingerprintOf(text("hills")), fingerprintOf("<p>too short</p>")];
    const similarities = await runCpu(
      pool,
      "compare",
      { draft, others },
      { transfer: others.map((o) => o.buffer as ArrayBuffer) },
    );
    expect(similarities).toEqual([1, null]);
    // Handed over to the thread, not copied.
    expect(others[0]?.length).toBe(0);
  });

  it("fails only the job whose worker failed, and keeps serving after it", async () => {
    pool = createCpuPool({ size: 1 });
    const broken = runCpu(pool, "fingerprint", { html: 42 as unknown as string });
    const next = runCpu(pool, "fingerprint", { html: text("hills") });
    await expect(broken).rejects.toThrow();
    expect(await next).toEqual(fingerprintOf(text("hills")));
  });

  it("stops its workers once idle and starts one again for the next job", async () => {
    pool = createCpuPool({ size: 1, idleMs: 100 });
    expect(pool.running()).toBe(0);
    expect(await runCpu(pool, "fingerprint", { html: text("hills") })).toEqual(
      fingerprintOf(text("hills")),
    );
    expect(pool.running()).toBe(1);
    await expect.poll(() => pool?.running(), { timeout: 5000 }).toBe(0);
    expect(await runCpu(pool, "fingerprint", { html: text("tempo") })).toEqual(
      fingerprintOf(text("tempo")),
    );
    expect(pool.running()).toBe(1);
  });

  it("rejects queued and new jobs once closed", async () => {
    pool = createCpuPool({ size: 1 });
    const open = pool;
    const jobs = [1, 2, 3].map(() =>
      runCpu(open, "fingerprint", { html: text("hills") }).then(
        () => "answered",
        (error: Error) => error.message,
      ),
    );
    await pool.close();
    expect(await Promise.all(jobs)).toEqual(Array(3).fill("The worker pool is closed"));
    await expect(runCpu(pool, "fingerprint", { html: "" })).rejects.toThrow(
      "The worker pool is closed",
    );
  });
});
