import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GenerationProgress, GenerationResult } from "../../../contracts/generation.ts";
import { openDatabase } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { aiGenerations, blogs, jobSteps, posts, users } from "../../db/schema.ts";
import { createPgBossQueue } from "../../jobs/pg-boss-queue.ts";
import { createSqliteQueue } from "../../jobs/sqlite-queue.ts";
import { testGate } from "../../test/ai.ts";
import { saidBy, spawnWorker } from "../../test/child-worker.ts";
import { createPostgresTestDatabase, onPostgres } from "../../test/dialect.ts";
import { startOpenAiServer } from "../../test/openai-server.ts";
import { enqueueGeneration, startGeneration } from "./service.ts";

// The AI writer's generation is a job of the queue whose steps are stored (decisions 321, 334):
// a worker killed in the middle of one leaves it to the next, which asks the model only for
// the steps not yet stored.
const dir = mkdtempSync(join(tmpdir(), "blogfleet-writer-kill-"));
const children: ChildProcess[] = [];
let ai: Awaited<ReturnType<typeof startOpenAiServer>>;
beforeAll(async () => {
  ai = await startOpenAiServer();
  // A slow model: time to see sections being written and to kill the worker among them.
  ai.state.writerDelayMs = 300;
});
afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await ai?.close();
  rmSync(dir, { recursive: true, force: true });
});

function worker(env: Record<string, string>) {
  const child = spawnWorker(join(import.meta.dirname, "fixtures/writer-worker.ts"), env);
  children.push(child);
  return child;
}

/** The step of the pipeline a writer request is for (`section-i` as the steps are stored). */
function stepOf(body: {
  response_format?: { json_schema?: { name?: string } };
  messages?: { content: unknown }[];
}) {
  const name = body.response_format?.json_schema?.name;
  const prompt = (body.messages ?? []).map((m) => String(m.content)).join("\n");
  switch (name) {
    case "post_brief":
      return "brief";
    case "post_outline":
      return "outline";
    case "post_section": {
      const n = /Write section (\d+) of \d+/.exec(prompt)?.[1];
      if (!n) throw new Error("a section's prompt without its number");
      return `section-${Number(n) - 1}`;
    }
    case "post_assembly":
      return "assembly";
    case "post_revision":
      return "revision";
    default:
      return undefined;
  }
}

/** The writer steps the process with `key` asked the model for, in order. */
const askedBy = (key: string) =>
  ai.state.requests
    .filter((r) => r.auth === `Bearer ${key}`)
    .map((r) => stepOf(r.body))
    .filter((step): step is string => step !== undefined);

const countOf = (steps: string[], step: string) => steps.filter((s) => s === step).length;

describe("a worker killed in the middle of a generation (SIGKILL, a real child process)", () => {
  it(onPostgres
    ? "leaves it to the next worker once its heartbeat lapses, which asks only for the steps not stored"
    : "leaves it to the next start, which asks only for the steps not stored", async () => {
    const postgres = onPostgres ? await createPostgresTestDatabase() : undefined;
    const url = postgres?.url ?? `file:${join(dir, "killed.db")}`;
    const { db, close } = await openDatabase(url);
    try {
      const [owner] = await db.insert(users).values({ email: "writer@example.com" }).returning();
      const ownerId = owner?.id as string;
      const [blog] = await db
        .insert(blogs)
        .values({ ownerId, name: "Small Gardens", slug: "small-gardens" })
        .returning();
      const blogId = blog?.id as string;

      // Stored and queued as the route does, on the queue a server on this database has.
      const queue = onPostgres
        ? await createPgBossQueue({ connectionString: url, pollingIntervalSeconds: 0.5 })
        : await createSqliteQueue({ db });
      const generation = await startGeneration(
        { db, ai: testGate(db), generations: { enqueue: (id) => enqueueGeneration(queue, id) } },
        ownerId,
        { topic: "Composting in small spaces", tone: "friendly", length: "long", blogId },
        { createDraft: true },
      );
      await queue.stop();
      const row = () =>
        first(db.select().from(aiGenerations).where(eq(aiGenerations.id, generation.id)));
      const storedSteps = async () =>
        (
          await db
            .select({ step: jobSteps.step })
            .from(jobSteps)
            .where(eq(jobSteps.jobId, generation.id))
        )
          .map((s) => s.step)
          .sort();

      const env = { DATABASE_URL: url, OPENAI_BASE_URL: ai.baseUrl };
      const doomed = worker({ ...env, OPENAI_API_KEY: "doomed" });
      await saidBy(doomed, "ready");
      const sectionsWritten = async () =>
        ((await row())?.progress as GenerationProgress | undefined)?.sectionsWritten;
      // The second section asked (its answer comes in 300 ms), the model slows down: the third
      // is under way, unanswered, when the worker is killed.
      await expect
        .poll(() => askedBy("doomed"), { timeout: 20_000, interval: 5 })
        .toContain("section-1");
      ai.state.writerDelayMs = 5_000;
      await expect
        .poll(() => askedBy("doomed"), { timeout: 5_000, interval: 5 })
        .toContain("section-2");
      expect(await sectionsWritten()).toBe(2);
      doomed.kill("SIGKILL");
      await once(doomed, "exit");
      ai.state.writerDelayMs = 300;

      // What the killed worker finished: the brief, the research, the outline and two of the
      // eight sections.
      const stored = await storedSteps();
      expect(stored).toEqual(["brief", "outline", "research", "section-0", "section-1"]);
      expect((await row())?.status).toBe("running");

      const killedAt = Date.now();
      const next = worker({ ...env, OPENAI_API_KEY: "next" });
      await expect
        .poll(async () => (await row())?.status, { timeout: 45_000, interval: 100 })
        .toBe("succeeded");
      const tookMs = Date.now() - killedAt;
      if (next.exitCode === null && next.signalCode === null) {
        const exited = once(next, "exit");
        next.kill("SIGTERM");
        await exited;
      }

      // The whole post, in the order the pipeline asks: brief, outline, eight sections,
      // assembly, then one or two revision rounds.
      const order = [
        "brief",
        "outline",
        ...Array.from({ length: 8 }, (_, i) => `section-${i}`),
        "assembly",
      ];
      const before = askedBy("doomed");
      const after = askedBy("next");
      // The killed worker asked each step once, in order, up to the third section (unfinished).
      expect(before).toEqual(order.slice(0, 5));
      // The next worker asked for no step stored before the kill: the third section again,
      // then each of the rest once, then one or two revision rounds.
      const revisions = countOf(after, "revision");
      expect(revisions).toBeGreaterThanOrEqual(1);
      expect(revisions).toBeLessThanOrEqual(2);
      expect(after).toEqual([...order.slice(4), ...Array(revisions).fill("revision")]);
      // In all: one brief, one outline, each section once but the one under way at the kill.
      const all = [...before, ...after];
      for (const step of order) expect(countOf(all, step), step).toBe(step === "section-2" ? 2 : 1);

      // The post it wrote: a draft of the blog, under the generation's id.
      const ended = await row();
      const result = ended?.result as GenerationResult;
      expect(ended).toMatchObject({ status: "succeeded", error: null, postId: generation.id });
      expect(await sectionsWritten()).toBe(8);
      expect(result.title).toBe("Composting in small spaces: A Practical Guide");
      const post = await first(db.select().from(posts).where(eq(posts.id, generation.id)));
      expect(post).toMatchObject({ blogId, status: "draft", title: result.title });
      expect(post?.content).toBe(result.content);
      // Its steps went with the job.
      expect(await storedSteps()).toEqual([]);
      // SQLite: handed back at the next start. PostgreSQL: pg-boss's 10 s heartbeat floor,
      // the supervisor's second and a poll (decision 321).
      expect(tookMs).toBeLessThan(onPostgres ? 30_000 : 15_000);
    } finally {
      await close();
      await postgres?.drop();
    }
  }, 90_000);
});
