import { afterEach, describe, expect, it } from "vitest";
import { fingerprintOf } from "../features/posts/fingerprint.ts";
import { type CpuPool, createCpuPool } from "./cpu-pool.ts";
import { cpuTasks } from "./cpu-tasks.ts";

const text = (topic: string) =>
  `<p>Most runners skip ${topic} because it hurts, but a few minutes each week changes how strong your legs feel.</p>`;

let pool: CpuPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe("CPU worker pool", () => {
  it("answers on worker threads exactly what the tasks answer inline", async () => {
    pool = createCpuPool(2);
    const [one, many, prepared] = await Promise.all([
      pool.run("fingerprint", { html: text("hills") }),
      pool.run("fingerprints", { htmls: [text("hills"), text("tempo")] }),
      pool.run("preparePosts", {
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
    const similarities = await pool.run("compare", {
      draft,
      others: [fingerprintOf(text("hills")), fingerprintOf("<p>too short</p>")],
    });
    expect(similarities).toEqual([1, null]);
  });

  it("fails only the job whose worker failed, and keeps serving after it", async () => {
    pool = createCpuPool(1);
    const broken = pool.run("fingerprint", { html: 42 as unknown as string });
    const next = pool.run("fingerprint", { html: text("hills") });
    await expect(broken).rejects.toThrow();
    expect(await next).toEqual(fingerprintOf(text("hills")));
  });

  it("stops its workers once idle and starts one again for the next job", async () => {
    pool = createCpuPool(1, { idleMs: 100 });
    expect(pool.running).toBe(0);
    expect(await pool.run("fingerprint", { html: text("hills") })).toEqual(
      fingerprintOf(text("hills")),
    );
    expect(pool.running).toBe(1);
    const deadline = Date.now() + 5000;
    while (pool.running > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(pool.running).toBe(0);
    expect(await pool.run("fingerprint", { html: text("tempo") })).toEqual(
      fingerprintOf(text("tempo")),
    );
    expect(pool.running).toBe(1);
  });

  it("rejects queued and new jobs once closed", async () => {
    pool = createCpuPool(1);
    const jobs = [1, 2, 3].map(() =>
      pool?.run("fingerprint", { html: text("hills") }).then(
        () => "answered",
        (error: Error) => error.message,
      ),
    );
    await pool.close();
    expect(await Promise.all(jobs)).toEqual(Array(3).fill("The CPU pool is closed"));
    await expect(pool.run("fingerprint", { html: "" })).rejects.toThrow("The CPU pool is closed");
  });
});
