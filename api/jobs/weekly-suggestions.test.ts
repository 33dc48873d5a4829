import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AiProvider } from "../ai/provider.ts";
import { affiliateRecommendations, appSettings } from "../db/schema.ts";
import { runWeeklyBlogIdeas } from "../features/blog-recommendations/service.ts";
import { offlineProvider, testGate } from "../test/ai.ts";
import { createBlog, createOwner } from "../test/factories.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { programsMarkKey, runWeeklyAffiliatePrograms, weekMs } from "./weekly-suggestions.ts";

const hour = 60 * 60 * 1000;
const offline = offlineProvider;

/** The offline provider, counting which blogs were asked, failing or answering nothing for some. */
function countingProvider(options: { failFor?: string; emptyFor?: string } = {}) {
  const asked: string[] = [];
  const ai: AiProvider = {
    ...offline,
    suggestPrograms: async (context, exclude, count) => {
      asked.push(context.blogName);
      if (context.blogName === options.failFor) throw new Error("model down");
      if (context.blogName === options.emptyFor) return { programs: [], source: "offline" };
      return offline.suggestPrograms(context, exclude, count);
    },
  };
  return { ai, asked };
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const suggestionsOf = (blogId: string) =>
  app.db.select().from(affiliateRecommendations).where(eq(affiliateRecommendations.blogId, blogId));

describe("weekly affiliate programs", () => {
  it("suggests once a week per blog, survives a lost mark, and keeps going past a failing blog", async () => {
    const owner = await createOwner(app);
    const gardening = await createBlog(owner, "Weekly Garden", "Vegetable gardening");
    const broken = await createBlog(owner, "Weekly Broken", "Anything");
    const quiet = await createBlog(owner, "Weekly Quiet", "Nothing to suggest");
    const { ai, asked } = countingProvider({ failFor: broken.name, emptyFor: quiet.name });
    let now = new Date("2026-11-02T08:00:00Z");
    const deps = { db: app.db, ai: testGate(app.db, ai), clock: () => now };

    const first = await runWeeklyAffiliatePrograms(deps);
    expect(first).toContain(gardening.id);
    expect(first).toContain(quiet.id);
    expect(first).not.toContain(broken.id);
    const firstBatch = await suggestionsOf(gardening.id);
    expect(firstBatch.length).toBeGreaterThan(0);

    // An hour later: nothing is due except the blog that failed (it was never done).
    asked.length = 0;
    now = new Date(now.getTime() + hour);
    expect(await runWeeklyAffiliatePrograms(deps)).not.toContain(gardening.id);
    expect(asked).not.toContain(gardening.name);
    expect(asked).not.toContain(quiet.name);
    expect(asked).toContain(broken.name);
    expect(await suggestionsOf(gardening.id)).toHaveLength(firstBatch.length);

    // The process died after saving suggestions but before writing the mark: still not due.
    await app.db.delete(appSettings).where(eq(appSettings.key, programsMarkKey(gardening.id)));
    asked.length = 0;
    await runWeeklyAffiliatePrograms(deps);
    expect(asked).not.toContain(gardening.name);

    // A week on: both are due again, and the new suggestions are new programs.
    asked.length = 0;
    now = new Date(now.getTime() + weekMs);
    const later = await runWeeklyAffiliatePrograms(deps);
    expect(later).toEqual(expect.arrayContaining([gardening.id, quiet.id]));
    const all = await suggestionsOf(gardening.id);
    expect(all.length).toBeGreaterThan(firstBatch.length);
    const names = all.map((s) => s.programName.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("weekly blog ideas", () => {
  it("does not ask a model that found nothing again until a week has passed", async () => {
    await createOwner(app);
    let calls = 0;
    const ai: AiProvider = {
      ...offline,
      suggestBlogIdeas: async () => {
        calls++;
        return { ideas: [], source: "offline" };
      },
    };
    let now = new Date("2026-11-02T08:00:00Z");
    const deps = { db: app.db, ai: testGate(app.db, ai), clock: () => now };
    await runWeeklyBlogIdeas(deps);
    const owners = calls;
    expect(owners).toBeGreaterThan(0);
    now = new Date(now.getTime() + hour);
    await runWeeklyBlogIdeas(deps);
    expect(calls).toBe(owners);
    now = new Date(now.getTime() + weekMs);
    await runWeeklyBlogIdeas(deps);
    expect(calls).toBe(2 * owners);
  });
});
