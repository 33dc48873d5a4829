import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { createPgRateLimitStores } from "../http/pg-rate-limit-store.ts";
import { createTestPostgresDatabase } from "../jobs/test-postgres.ts";
import { openTestDatabase } from "../test/dialect.ts";
import { createAiGate } from "./gate.ts";
import type { AiProvider } from "./provider.ts";

// Two processes of one installation, each with its own gate and its own pool, on one
// PostgreSQL: the owner's calls per minute are counted across both (decision 196).
let counters: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
let usage: DatabaseHandle;
const pools: pg.Pool[] = [];
const dir = mkdtempSync(join(tmpdir(), "blogfleet-ai-calls-"));
beforeAll(async () => {
  counters = await createTestPostgresDatabase("aic_");
  usage = await openTestDatabase(dir);
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await counters?.drop();
  await usage?.close();
  rmSync(dir, { recursive: true, force: true });
});

let providerCalls = 0;
/** A provider that answers at once and reports a small usage. */
const provider = {
  configured: true,
  model: "test-model",
  suggestBlogIdeas: async () => {
    providerCalls++;
    return {
      ideas: [],
      source: "ai" as const,
      usage: { model: "test-model", promptTokens: 10, completionTokens: 10 },
    };
  },
} as unknown as AiProvider;

function processGate(shared: boolean) {
  const pool = new pg.Pool({ connectionString: counters.url, max: 2 });
  pools.push(pool);
  return createAiGate({
    db: usage.db,
    provider,
    limits: { ownerDailyTokens: 1_000_000, instanceDailyTokens: 1_000_000, ownerCallsPerMinute: 3 },
    sharedCalls: shared ? createPgRateLimitStores(pool)("ai-calls") : undefined,
  });
}

const ask = (gate: ReturnType<typeof processGate>, ownerId: string) =>
  gate.suggestBlogIdeas({ ownerId, feature: "blog-ideas" }, { existingNiches: [] }, [], 3).then(
    () => "ok",
    (error: { status?: number; code?: string }) => `${error.status} ${error.code}`,
  );

describe("AI calls per minute across processes", () => {
  it("hold for the owner across two processes, and refuse without calling the provider", async () => {
    const [first, second] = [processGate(true), processGate(true)];
    const before = providerCalls;
    const answers = [
      await ask(first, "owner-a"),
      await ask(second, "owner-a"),
      await ask(first, "owner-a"),
      await ask(second, "owner-a"),
      await ask(first, "owner-a"),
    ];
    expect(answers).toEqual(["ok", "ok", "ok", "429 ai_rate_limited", "429 ai_rate_limited"]);
    expect(providerCalls - before).toBe(3);
    // The jobs ask before working: both processes see the owner is at the limit.
    expect((await first.refusalFor("owner-a"))?.code).toBe("ai_rate_limited");
    expect((await second.refusalFor("owner-a"))?.code).toBe("ai_rate_limited");
    // Another owner has a count of their own.
    expect(await ask(second, "owner-b")).toBe("ok");
    expect(await second.refusalFor("owner-b")).toBeUndefined();
  });

  it("are each process's own without the shared count (the single-process set-up)", async () => {
    const [first, second] = [processGate(false), processGate(false)];
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await ask(first, "owner-c"), await ask(second, "owner-c"));
    expect(answers.every((a) => a === "ok")).toBe(true);
    expect(await ask(first, "owner-c")).toBe("429 ai_rate_limited");
  });
});
