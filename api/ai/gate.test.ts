import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { aiUsage, appSettings, automationSettings, posts } from "../db/schema.ts";
import { runWeeklyBlogIdeas } from "../features/blog-recommendations/service.ts";
import { runDueAutomation } from "../jobs/content-automation.ts";
import { runWeeklyAffiliatePrograms } from "../jobs/weekly-suggestions.ts";
import { loopbackProvider } from "../test/ai.ts";
import { createBlog, createOwner } from "../test/factories.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { startOpenAiServer } from "../test/openai-server.ts";
import { createAiGate } from "./gate.ts";
import { createAiProvider } from "./provider.ts";

/** Each test server call reports 1,000 tokens (120 prompt + 880 completion). */
const tokensPerCall = 1000;

type Server = Awaited<ReturnType<typeof startOpenAiServer>>;
const schemaOf = (request: Server["state"]["requests"][number]) =>
  request.body.response_format?.json_schema?.name as string;
/** The AI writer's steps: one generate-post request makes several of these calls. */
const writerSteps = new Set([
  "post_brief",
  "post_outline",
  "post_section",
  "post_assembly",
  "post_revision",
]);
const featureOfCall = (request: Server["state"]["requests"][number]) =>
  writerSteps.has(schemaOf(request))
    ? "generate-post"
    : (
        {
          post_meta: "optimize-meta",
          blog_ideas: "blog-ideas",
          affiliate_programs: "affiliate-programs",
        } as Record<string, string>
      )[schemaOf(request)];

async function appWith(ai: Server, env: Record<string, string>) {
  const settings = { apiKey: "sk-test", baseUrl: ai.baseUrl, model: "test-model", maxRetries: 0 };
  return startTestApp({
    env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: ai.baseUrl, ...env },
    ai: createAiProvider(settings),
  });
}

/** Every AI route of the product, once, for `owner` (blog routes for `blogId`). */
const routes = (blogId: string) => ({
  "generate-post": ["/api/ai/generate-post", { topic: "Composting", blogId }],
  "optimize-meta": [
    "/api/ai/optimize-meta",
    { title: "Composting", content: "<p>Compost in a flat.</p>", blogId },
  ],
  "blog-ideas": ["/api/blog-recommendations/generate", undefined],
  "affiliate-programs": [`/api/blogs/${blogId}/affiliate-recommendations/generate`, undefined],
});

describe("the AI gate against an OpenAI-compatible server", () => {
  let ai: Server;
  let app: TestApp | undefined;
  beforeAll(async () => {
    ai = await startOpenAiServer();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    ai.state.requests.length = 0;
    ai.state.mode = "ok";
  });
  afterAll(() => ai.close());

  it("lets a burst of every route through only as far as the allowance goes, then none", async () => {
    app = await appWith(ai, { AI_DAILY_TOKEN_LIMIT: "20000", AI_CALLS_PER_MINUTE: "1000" });
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Burst Garden", "Composting");
    const table = Object.entries(routes(blog.id));
    // 30 at once of each route, all together (120 requests).
    const answers = await Promise.all(
      table.flatMap(([feature, [path, body]]) =>
        Array.from({ length: 30 }, async () => ({
          feature,
          status: (await owner.post(path as string, body)).status,
        })),
      ),
    );
    const reached = ai.state.requests.length;
    const recorded = await app.db.select().from(aiUsage);
    const spent = recorded.reduce((sum, r) => sum + r.promptTokens + r.completionTokens, 0);
    // Never more calls than the allowance pays for; every other request was refused, not queued.
    expect(reached).toBeGreaterThan(0);
    expect(reached).toBeLessThanOrEqual(20_000 / tokensPerCall);
    expect(spent).toBe(reached * tokensPerCall);
    expect(spent).toBeLessThanOrEqual(20_000);
    // Each request either succeeded or was refused; a post whose allowance ran out part way is
    // refused too (its steps' calls so far are counted).
    const ok = answers.filter((a) => a.status === 200 || a.status === 201).length;
    expect(ok).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(answers.length - ok);
    // Usage is recorded once per call, under the feature that made it.
    expect(recorded.length).toBe(reached);
    for (const [feature] of table) {
      const calls = ai.state.requests.filter((r) => featureOfCall(r) === feature).length;
      expect(recorded.filter((r) => r.kind === feature)).toHaveLength(calls);
    }

    // Spend the rest of the day's allowance: then no route reaches the model at all.
    await app.db.insert(aiUsage).values({
      ownerId: recorded[0]?.ownerId as string,
      kind: "generate-post",
      model: "test-model",
      promptTokens: 20_000,
      completionTokens: 0,
    });
    ai.state.requests.length = 0;
    const after = await Promise.all(
      table.flatMap(([, [path, body]]) =>
        Array.from({ length: 5 }, () => owner.post(path as string, body)),
      ),
    );
    expect(ai.state.requests).toHaveLength(0);
    expect(after.every((res) => res.status === 429)).toBe(true);
    // The /api/ai routes' own limiter (10 a minute for both) may answer first; the others, the gate.
    const codes = after.map((res) => (res.body as { code: string }).code);
    expect(codes.slice(10).every((code) => code === "ai_daily_limit")).toBe(true);
  });

  it("limits model calls per owner per minute across features, and not other owners", async () => {
    app = await appWith(ai, { AI_CALLS_PER_MINUTE: "3" });
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Rate Garden");
    const statuses: number[] = [];
    // One call each (a post is many calls, which wait out the limit: decision 334).
    const { "generate-post": _many, ...single } = routes(blog.id);
    for (const [path, body] of [...Object.values(single), ...Object.values(single)])
      statuses.push((await owner.post(path as string, body)).status);
    expect(ai.state.requests).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    const other = await createOwner(app);
    expect((await other.post("/api/blog-recommendations/generate")).status).toBe(201);
    expect(ai.state.requests).toHaveLength(4);
  });

  it("stops every owner at the instance's daily ceiling", async () => {
    app = await appWith(ai, {
      AI_INSTANCE_DAILY_TOKEN_LIMIT: "3000",
      AI_DAILY_TOKEN_LIMIT: "100000",
    });
    const first = await createOwner(app);
    // Three calls of 1,000 tokens, then the server's allowance is spent part way into the post.
    const stopped = await first.post("/api/ai/generate-post", { topic: "Topic" });
    expect(stopped.status).toBe(429);
    expect(stopped.body).toMatchObject({ code: "ai_instance_limit" });
    const second = await createOwner(app);
    const refused = await second.post("/api/ai/generate-post", { topic: "Mine" });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "ai_instance_limit" });
    expect(ai.state.requests).toHaveLength(3);
  });

  it("records the tokens of an answer that was not usable", async () => {
    app = await appWith(ai, {});
    const owner = await createOwner(app);
    ai.state.mode = "malformed";
    expect((await owner.post("/api/ai/generate-post", { topic: "Broken" })).status).toBe(502);
    const rows = await app.db.select().from(aiUsage);
    expect(rows.map((r) => [r.kind, r.promptTokens + r.completionTokens])).toEqual([
      ["generate-post", tokensPerCall],
    ]);
  });

  it("shows the owner today's and 30 days' usage by feature against the allowance", async () => {
    app = await appWith(ai, { AI_DAILY_TOKEN_LIMIT: "50000" });
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Usage Garden");
    await owner.post("/api/ai/generate-post", { topic: "One", blogId: blog.id, length: "short" });
    const postCalls = ai.state.requests.length;
    expect(postCalls).toBeGreaterThan(4);
    await owner.post("/api/blog-recommendations/generate");
    const ownerId = (await owner.get("/api/auth/user")).body.id as string;
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    await app.db.insert(aiUsage).values({
      ownerId,
      kind: "automation",
      model: "test-model",
      promptTokens: 400,
      completionTokens: 600,
      createdAt: threeDaysAgo,
    });
    // Another owner's usage is not theirs.
    const other = await createOwner(app);
    await other.post("/api/ai/generate-post", { topic: "Not yours" });
    const report = (await owner.get("/api/ai/usage")).body;
    expect(report).toMatchObject({ configured: true, model: "test-model", dailyLimit: 50_000 });
    expect(report.today).toMatchObject({
      total: (postCalls + 1) * 1000,
      byFeature: { "generate-post": postCalls * 1000, "blog-ideas": 1000 },
    });
    expect(report.days).toHaveLength(30);
    expect(report.days.at(-1)).toEqual(report.today);
    expect(report.days.at(-4)).toMatchObject({
      date: threeDaysAgo.toISOString().slice(0, 10),
      total: 1000,
      byFeature: { automation: 1000 },
    });
    expect(report.last30DaysTotal).toBe((postCalls + 2) * 1000);
    expect((await app.client().get("/api/ai/usage")).status).toBe(401);
  });
});

describe("jobs through the gate", () => {
  let ai: Server;
  let app: TestApp;
  beforeAll(async () => {
    ai = await startOpenAiServer();
    app = await appWith(ai, { AI_DAILY_TOKEN_LIMIT: "5000" });
  });
  afterAll(async () => {
    await app.close();
    await ai.close();
  });

  it("skip an owner whose allowance is spent, say so, and wait for the renewal", async () => {
    const owner = await createOwner(app);
    const ownerId = (await owner.get("/api/auth/user")).body.id as string;
    const blog = await createBlog(owner, "Spent Garden", "Compost");
    expect(
      (await owner.post(`/api/blogs/${blog.id}/automation`, { enabled: true, topics: ["Worms"] }))
        .status,
    ).toBe(201);
    await app.db.insert(aiUsage).values({
      ownerId,
      kind: "generate-post",
      model: "test-model",
      promptTokens: 5000,
      completionTokens: 0,
    });
    const gate = createAiGate({
      db: app.db,
      provider: loopbackProvider(ai),
      limits: { ownerDailyTokens: 5000, instanceDailyTokens: 1_000_000, ownerCallsPerMinute: 100 },
    });
    const now = new Date(Date.now() + 60_000);
    const made = await runDueAutomation({
      db: app.db,
      ai: gate,
      clock: () => now,
      generations: app.generations,
    });
    expect(made.filter((m) => m.blogId === blog.id)).toEqual([]);
    await runWeeklyAffiliatePrograms({ db: app.db, ai: gate, clock: () => now });
    await runWeeklyBlogIdeas({ db: app.db, ai: gate, clock: () => now });
    expect(ai.state.requests).toHaveLength(0);
    const status = (await owner.get(`/api/blogs/${blog.id}/automation`)).body;
    expect(status.skipReason).toBe(
      "Paused: today's AI allowance is used up. The next post is written after midnight UTC.",
    );
    const midnight = new Date(now);
    midnight.setUTCHours(24, 0, 0, 0);
    expect(status.nextRunAt).toBe(midnight.toISOString());
    // Nothing was marked as done: the weekly jobs ask again once there is allowance.
    const marks = await app.db.select().from(appSettings);
    expect(marks.filter((m) => m.key.endsWith(blog.id) || m.key.endsWith(ownerId))).toEqual([]);
    expect(await app.db.select().from(posts).where(eq(posts.blogId, blog.id))).toEqual([]);
  });

  it("never makes a post due early when automation is switched off and on again", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Rearm Garden");
    await owner.post(`/api/blogs/${blog.id}/automation`, {
      enabled: true,
      topics: ["Leaves"],
      postsPerWeek: 1,
    });
    const lastGeneratedAt = new Date();
    await app.db
      .update(automationSettings)
      .set({ lastGeneratedAt, nextRunAt: new Date(lastGeneratedAt.getTime() + 7 * 86_400_000) })
      .where(eq(automationSettings.blogId, blog.id));
    await owner.patch(`/api/blogs/${blog.id}/automation`, { enabled: false });
    const again = await owner.patch(`/api/blogs/${blog.id}/automation`, { enabled: true });
    expect(again.body.nextRunAt).toBe(
      new Date(lastGeneratedAt.getTime() + 7 * 86_400_000).toISOString(),
    );
    // And the switch itself is rate limited.
    let limited = 0;
    for (let i = 0; i < 25; i++)
      if (
        (await owner.patch(`/api/blogs/${blog.id}/automation`, { enabled: i % 2 === 0 })).status ===
        429
      )
        limited++;
    expect(limited).toBeGreaterThan(0);
  });
});

describe("no way around the gate", () => {
  const root = join(import.meta.dirname, "..", "..");
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory())
        return name === "node_modules" || name === "test" ? [] : sources(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });

  it("only the gate constructs the provider, and only it imports the provider's values", () => {
    const offenders: string[] = [];
    for (const file of [...sources(join(root, "api")), ...sources(join(root, "scripts"))]) {
      const rel = relative(root, file);
      if (rel === "api/ai/gate.ts" || rel === "api/ai/provider.ts") continue;
      const text = readFileSync(file, "utf8");
      const importsProvider =
        /import\s+(?!type\b)[^;]*from\s+"[./]*(?:api\/)?ai\/provider\.ts"/.test(
          text.replace(/\n/g, " "),
        );
      if (/createAiProvider|new OpenAI\b/.test(text) || importsProvider) offenders.push(rel);
    }
    expect(offenders).toEqual([]);
  });
});
