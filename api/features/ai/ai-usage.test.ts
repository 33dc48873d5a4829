import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AiUsageReport } from "../../../contracts/ai-usage.ts";
import { aiUsage } from "../../db/schema.ts";
import { loopbackProvider } from "../../test/ai.ts";
import { type AiServer, startTestAppWithAiServer } from "../../test/app-per-file.ts";
import { createBlog, createOwner, createPost } from "../../test/factories.ts";
import type { TestApp } from "../../test/harness.ts";

/**
 * Cost you can see (decision 332): each model call's tokens are recorded with its feature and
 * the post it was for, and the usage report prices them from AI_PRICES, with no price as
 * unknown. The test server reports 120 prompt and 880 completion tokens a call.
 */

/** $1 per million prompt tokens, $2 per million completion tokens: $0.00188 a call. */
const prices = { "test-model": { input: 1, output: 2 } };
const perCall = (120 * 1 + 880 * 2) / 1_000_000;
const round = (usd: number) => Math.round(usd * 1_000_000) / 1_000_000;

let ai: AiServer;
let app: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ ai, app, close } = await startTestAppWithAiServer(
    { AI_MODEL: "test-model", AI_PRICES: JSON.stringify(prices), AI_CALLS_PER_MINUTE: "10000" },
    (server) => ({
      ai: loopbackProvider(server),
    }),
  ));
});
afterEach(() => {
  ai.state.answerModel = undefined;
});
afterAll(() => close());

describe("AI cost by feature and by post", () => {
  it("records the post a call was for, and prices usage by feature and by post", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Worm Notes");
    const post = await createPost(owner, blog.id, { title: "Feeding worms" });
    const gone = await createPost(owner, blog.id, { title: "Soon deleted" });

    // AI Optimize twice on the saved post; once the provider names a dated snapshot.
    const optimize = { title: "Feeding worms", content: "<p>Worms eat scraps.</p>" };
    expect(
      (await owner.post("/api/ai/optimize-meta", { ...optimize, postId: post.id })).status,
    ).toBe(200);
    ai.state.answerModel = "test-model-2024-08-06";
    expect(
      (await owner.post("/api/ai/optimize-meta", { ...optimize, blogId: blog.id, postId: post.id }))
        .status,
    ).toBe(200);
    ai.state.answerModel = undefined;
    // Generate for the same post; for no post; and for a post deleted afterwards. Each is the
    // writer's several calls (decision 334): counted here as the test server saw them.
    const generate = { topic: "Worm bins", blogId: blog.id, length: "short" };
    const callsOf = async (body: Record<string, unknown>) => {
      const before = ai.state.requests.length;
      expect((await owner.post("/api/ai/generate-post", body)).status).toBe(200);
      return ai.state.requests.length - before;
    };
    const forPost = await callsOf({ ...generate, postId: post.id });
    const forNone = await callsOf(generate);
    const forGone = await callsOf({ ...generate, postId: gone.id });
    expect(Math.min(forPost, forNone, forGone)).toBeGreaterThan(4);
    const written = forPost + forNone + forGone;
    expect((await owner.delete(`/api/posts/${gone.id}`)).status).toBe(204);
    // A model with no price in the table.
    ai.state.answerModel = "mystery-model";
    expect(
      (await owner.post(`/api/blogs/${blog.id}/affiliate-recommendations/generate`)).status,
    ).toBe(201);

    const rows = await app.db.select().from(aiUsage).where(eq(aiUsage.blogId, blog.id));
    const times = <T>(n: number, row: T) => Array.from({ length: n }, () => row);
    expect(rows.map((r) => [r.kind, r.model, r.postId]).sort()).toEqual(
      [
        ["optimize-meta", "test-model", post.id],
        ["optimize-meta", "test-model-2024-08-06", post.id],
        ...times(forPost, ["generate-post", "test-model", post.id]),
        ...times(forNone, ["generate-post", "test-model", null]),
        ...times(forGone, ["generate-post", "test-model", gone.id]),
        ["affiliate-programs", "mystery-model", null],
      ].sort(),
    );

    // Another owner's calls are not in the report.
    const other = await createOwner(app);
    const theirs = await createPost(other, (await createBlog(other)).id);
    expect(
      (await other.post("/api/ai/optimize-meta", { ...optimize, postId: theirs.id })).status,
    ).toBe(200);

    const report = (await owner.get<AiUsageReport>("/api/ai/usage")).body;
    expect(report.last30DaysTotal).toBe((written + 3) * 1000);
    expect(report.last30DaysCost).toEqual({
      usd: round((written + 2) * perCall),
      unpricedTokens: 1000,
    });
    expect(report.features).toEqual([
      {
        feature: "generate-post",
        promptTokens: 120 * written,
        completionTokens: 880 * written,
        cost: { usd: round(written * perCall), unpricedTokens: 0 },
      },
      {
        feature: "optimize-meta",
        promptTokens: 240,
        completionTokens: 1760,
        cost: { usd: round(2 * perCall), unpricedTokens: 0 },
      },
      {
        feature: "affiliate-programs",
        promptTokens: 120,
        completionTokens: 880,
        // Unknown, not free.
        cost: { usd: null, unpricedTokens: 1000 },
      },
    ]);
    expect(report.posts).toEqual([
      {
        postId: post.id,
        title: "Feeding worms",
        blogName: "Worm Notes",
        tokens: (forPost + 2) * 1000,
        cost: { usd: round((forPost + 2) * perCall), unpricedTokens: 0 },
      },
      {
        postId: gone.id,
        title: null,
        blogName: null,
        tokens: forGone * 1000,
        cost: { usd: round(forGone * perCall), unpricedTokens: 0 },
      },
    ]);
    expect(report.unpricedModels).toEqual(["mystery-model"]);
  });

  it("records nothing for another owner's post, or a post of another blog", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const elsewhere = await createPost(owner, (await createBlog(owner)).id);
    const other = await createOwner(app);
    const theirs = await createPost(other, (await createBlog(other)).id);
    const before = ai.state.requests.length;
    for (const [path, body] of [
      ["/api/ai/optimize-meta", { title: "x", postId: theirs.id }],
      ["/api/ai/generate-post", { topic: "x", postId: theirs.id }],
      ["/api/ai/optimize-meta", { title: "x", blogId: blog.id, postId: elsewhere.id }],
    ] as const) {
      const res = await owner.post(path, body);
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    expect(ai.state.requests.length).toBe(before);
  });
});
