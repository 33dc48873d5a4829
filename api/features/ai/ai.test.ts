import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { untrusted, untrustedList, untrustedRule } from "../../ai/untrusted.ts";
import { sanitizePostHtml } from "../../content/sanitize.ts";
import { aiGenerations, aiUsage } from "../../db/schema.ts";
import { loopbackProvider } from "../../test/ai.ts";
import { type AiServer, startTestAppWithAiServer } from "../../test/app-per-file.ts";
import { createBlog, createOwner } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { startOpenAiServer } from "../../test/openai-server.ts";

describe("AI writing with no provider configured (offline writer)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it("answers a structured outline, clearly labelled, with SEO fields in bounds", async () => {
    const owner = await createOwner(app);
    const res = await owner.post("/api/ai/generate-post", {
      topic: "raised bed gardening",
      tone: "casual",
      length: "short",
      category: "Beds",
    });
    expect(res.status).toBe(200);
    expect(res.body.source).toBe("offline");
    expect(res.body.title).toBe("Raised Bed Gardening: A Practical Guide");
    expect(res.body.content).toContain(
      "Offline draft: an outline to write from, made without an AI model.",
    );
    expect(res.body.content.match(/<h2>/g)).toHaveLength(3);
    expect(res.body.metaTitle.length).toBeLessThanOrEqual(60);
    expect(res.body.metaDescription.length).toBeLessThanOrEqual(160);
    expect(res.body.slug).toBe("raised-bed-gardening");
    expect(res.body.suggestedKeywords).toContain("raised bed gardening");
    expect(sanitizePostHtml(res.body.content)).toBe(res.body.content);
  });

  it("requires a topic and valid options", async () => {
    const owner = await createOwner(app);
    const res = await owner.post("/api/ai/generate-post", {
      topic: "  ",
      tone: "angry",
      length: "epic",
    });
    expect(res.status).toBe(400);
    expect(
      res.body.issues.map((i: { path: string; message: string }) => [i.path, i.message]),
    ).toEqual([
      ["topic", "Topic is required"],
      ["tone", expect.any(String)],
      ["length", expect.any(String)],
    ]);
    expect((await app.client().post("/api/ai/generate-post", { topic: "x" })).status).toBe(401);
    const other = await createBlog(await createOwner(app));
    expect(
      (await owner.post("/api/ai/generate-post", { topic: "x", blogId: other.id })).status,
    ).toBe(404);
  });

  it("optimizes meta fields offline, deterministically, and says so", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Trail Notes");
    const input = {
      title: "Hill Repeats for Beginners",
      content:
        "<p>Hill repeats make you a stronger runner in a few weeks. Find a hill that takes a minute to climb.</p>",
      keywords: ["hill repeats"],
      blogId: blog.id,
    };
    const res = await owner.post("/api/ai/optimize-meta", input);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      metaTitle: "Hill Repeats for Beginners | Trail Notes",
      metaDescription:
        "Hill repeats make you a stronger runner in a few weeks. Find a hill that takes a minute to climb.",
      offline: true,
    });
    expect((await owner.post("/api/ai/optimize-meta", input)).body).toEqual(res.body);
    // Nothing is recorded: no model was used.
    expect(await app.db.select().from(aiUsage)).toEqual([]);
  });

  it("needs a title for meta fields, and the owner's own blog", async () => {
    const owner = await createOwner(app);
    const res = await owner.post("/api/ai/optimize-meta", { title: " ", keywords: "x" });
    expect(res.status).toBe(400);
    expect(
      res.body.issues.map((i: { path: string; message: string }) => [i.path, i.message]),
    ).toEqual([
      ["title", "Title is required"],
      ["keywords", expect.any(String)],
    ]);
    const other = await createBlog(await createOwner(app));
    expect(
      (await owner.post("/api/ai/optimize-meta", { title: "x", blogId: other.id })).status,
    ).toBe(404);
    expect((await app.client().post("/api/ai/optimize-meta", { title: "x" })).status).toBe(401);
  });
});

describe("AI writing through an OpenAI-compatible endpoint", () => {
  let ai: AiServer;
  let app: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ ai, app, close } = await startTestAppWithAiServer(
      { AI_MODEL: "test-model", AI_DAILY_TOKEN_LIMIT: "12000", AI_CALLS_PER_MINUTE: "1000" },
      (server) => ({
        ai: loopbackProvider(server, { timeoutMs: 500 }),
      }),
    ));
  });
  afterAll(() => close());

  it("writes a post in steps with structured output, recording each step's usage", async () => {
    ai.state.mode = "ok";
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const before = ai.state.requests.length;
    const res = await owner.post("/api/ai/generate-post", {
      topic: "composting",
      length: "short",
      blogId: blog.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe("composting: A Practical Guide");
    expect(res.body.source).toBe("ai");
    expect(res.body.content).toContain("<h2>Frequently asked questions</h2>");
    expect(res.body.slug).toBe("composting");
    const requests = ai.state.requests.slice(before);
    const steps = requests.map((r) => r.body.response_format.json_schema.name);
    // Brief, outline, one call per section, the introduction/conclusion/FAQ, the revision.
    expect(steps[0]).toBe("post_brief");
    expect(steps[1]).toBe("post_outline");
    const sections = steps.filter((s) => s === "post_section").length;
    expect(sections).toBeGreaterThanOrEqual(2);
    expect(steps.slice(2, 2 + sections).every((s) => s === "post_section")).toBe(true);
    expect(steps[2 + sections]).toBe("post_assembly");
    expect(steps.slice(3 + sections).every((s) => s === "post_revision")).toBe(true);
    for (const request of requests) {
      expect(request.auth).toBe("Bearer sk-test");
      expect(request.body.model).toBe("test-model");
      expect(request.body.response_format.json_schema.strict).toBe(true);
      expect(request.body.max_tokens).toBeGreaterThan(0);
      expect(request.body.messages[0].content).toContain(untrustedRule);
      expect(request.body.messages[1].content).toContain(untrusted("topic", "composting"));
    }
    // With no source, the writer is told to state no figures or quotes.
    expect(requests[2]?.body.messages[1].content).toContain("There are no sources for this post");
    const usage = await app.db.select().from(aiUsage).where(eq(aiUsage.blogId, blog.id));
    expect(usage).toHaveLength(requests.length);
    expect(
      new Set(usage.map((u) => `${u.kind} ${u.model} ${u.promptTokens} ${u.completionTokens}`)),
    ).toEqual(new Set(["generate-post test-model 120 880"]));
  });

  it("sanitizes HTML from the model like owner HTML", async () => {
    ai.state.mode = "scripts";
    const owner = await createOwner(app);
    const res = await owner.post("/api/ai/generate-post", { topic: "x", length: "short" });
    expect(res.status).toBe(200);
    expect(res.body.content).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(res.body.content).toContain("<p>Hi</p>");
  });

  it("turns a slow, rate-limited or malformed answer into a clear error", async () => {
    const owner = await createOwner(app);
    for (const [mode, message] of [
      ["slow", "The AI provider did not answer in time. Try again."],
      ["rate-limited", "The AI provider is busy (rate limited). Try again in a minute."],
      ["malformed", "The AI provider's answer was not a usable brief. Try again."],
    ] as const) {
      ai.state.mode = mode;
      const res = await owner.post("/api/ai/generate-post", { topic: "x" });
      expect(res.status, mode).toBe(502);
      expect(res.body).toEqual({ code: "ai_failed", message });
    }
  });

  it("stops an owner at the daily token allowance, in the middle of a post", async () => {
    ai.state.mode = "ok";
    const owner = await createOwner(app);
    // A short post is about eight calls of 1,000 tokens: the first fits in 12,000…
    expect(
      (await owner.post("/api/ai/generate-post", { topic: "one", length: "short" })).status,
    ).toBe(200);
    // …the second runs out part way, and says why.
    const second = await owner.post("/api/ai/generate-post", { topic: "two", length: "short" });
    expect(second.status).toBe(429);
    expect(second.body.message).toBe(
      "You have used today's AI allowance of 12,000 tokens. It renews at midnight UTC.",
    );
    // Once spent, a new post is refused before it starts.
    const third = await owner.post("/api/ai/generate-post", { topic: "three" });
    expect(third.status).toBe(429);
    // Another owner has their own allowance.
    expect(
      (
        await (
          await createOwner(app)
        ).post("/api/ai/generate-post", { topic: "x", length: "short" })
      ).status,
    ).toBe(200);
  });

  it("asks the model for meta fields with structured output and records the usage", async () => {
    ai.state.mode = "ok";
    ai.state.post = {};
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Compost Corner");
    const res = await owner.post("/api/ai/optimize-meta", {
      title: "Composting in a flat",
      content: "<h2>Bins</h2><p>A bokashi bin fits under a sink.</p>",
      keywords: ["composting", "bokashi"],
      blogId: blog.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      metaTitle: "Composting in Small Spaces: A Guide",
      metaDescription: "How to compost in a flat: bins, bokashi and worms.",
      offline: false,
    });
    const request = ai.state.requests.at(-1);
    expect(request?.body.response_format.json_schema.name).toBe("post_meta");
    expect(request?.body.response_format.json_schema.strict).toBe(true);
    // Every field the owner wrote goes in as fenced data, under the rule for it.
    expect(request?.body.messages[1].content).toBe(
      [
        untrusted("post title", "Composting in a flat"),
        untrusted("focus keyword", "composting"),
        untrusted("blog name", "Compost Corner"),
        untrusted("post body", "Bins A bokashi bin fits under a sink."),
      ].join("\n"),
    );
    expect(request?.body.messages[0].content).toContain(untrustedRule);
    const usage = await app.db.select().from(aiUsage).where(eq(aiUsage.blogId, blog.id));
    expect(usage.map((u) => [u.kind, u.promptTokens + u.completionTokens])).toEqual([
      ["optimize-meta", 1000],
    ]);
  });

  it("trims a model's too-long meta fields at a word, and refuses an empty or broken answer", async () => {
    ai.state.mode = "ok";
    ai.state.post = {
      metaTitle:
        "Composting in Small Spaces: The Complete Guide for Flats, Balconies and Tiny Yards",
      metaDescription: `${"Bokashi bins, worm farms and balcony tumblers compared. ".repeat(4)}`,
    };
    const owner = await createOwner(app);
    const res = await owner.post("/api/ai/optimize-meta", { title: "Composting" });
    expect(res.status).toBe(200);
    expect(res.body.metaTitle).toBe("Composting in Small Spaces: The Complete Guide for Flats");
    expect(res.body.metaDescription.length).toBeLessThanOrEqual(160);
    expect(res.body.metaDescription).toMatch(/^Bokashi bins, worm farms .* tumblers…$/);

    ai.state.post = { metaTitle: " ", metaDescription: "x" };
    const empty = await owner.post("/api/ai/optimize-meta", { title: "Composting" });
    expect(empty.status).toBe(502);
    expect(empty.body.message).toBe(
      "The AI provider's answer was not a usable title and description. Try again.",
    );
    ai.state.post = {};
    ai.state.mode = "malformed";
    expect((await owner.post("/api/ai/optimize-meta", { title: "Composting" })).status).toBe(502);
    ai.state.mode = "ok";
  });

  it("counts meta optimization against the daily allowance", async () => {
    ai.state.mode = "ok";
    ai.state.post = {};
    const owner = await createOwner(app);
    // Most of the day's allowance spent already: one more call may start, then none.
    await app.db.insert(aiUsage).values({
      ownerId: (await owner.get<{ id: string }>("/api/auth/user")).body.id,
      kind: "generate-post",
      model: "test-model",
      promptTokens: 10_000,
      completionTokens: 1_500,
    });
    expect((await owner.post("/api/ai/optimize-meta", { title: "Post" })).status).toBe(200);
    const spent = await owner.post("/api/ai/optimize-meta", { title: "One more" });
    expect(spent.status).toBe(429);
    expect(spent.body.code).toBe("ai_daily_limit");
    expect((await owner.post("/api/ai/generate-post", { topic: "x" })).status).toBe(429);
  });

  it("asks the model for affiliate programs and stores them as pending, once", async () => {
    ai.state.mode = "ok";
    const owner = await createOwner(app);
    const blog = await createBlog(owner, "Compost Corner");
    const res = await owner.post(`/api/blogs/${blog.id}/affiliate-recommendations/generate`);
    expect(res.status).toBe(201);
    expect(res.body).toEqual([
      expect.objectContaining({
        programName: "Worm Farm Supply Partners",
        commissionRate: "8%",
        signupUrl: "https://wormfarm.example.com/affiliates",
        status: "pending",
        source: "ai",
      }),
    ]);
    const request = ai.state.requests.at(-1);
    expect(request?.body.messages[1].content).toContain(untrusted("blog name", "Compost Corner"));
    // The same program is not suggested twice.
    const again = await owner.post(`/api/blogs/${blog.id}/affiliate-recommendations/generate`);
    expect(again.body).toEqual([]);
    expect(ai.state.requests.at(-1)?.body.messages[1].content).toContain(
      `Do not suggest any of these programs:\n${untrustedList("programs to avoid", ["Worm Farm Supply Partners"])}`,
    );
  });
});

describe("cancelling a generation", () => {
  let ai: Awaited<ReturnType<typeof startOpenAiServer>>;
  let app: TestApp;
  beforeAll(async () => {
    ai = await startOpenAiServer();
    app = await startTestApp({
      ai: loopbackProvider(ai, { timeoutMs: 10_000 }),
    });
  });
  afterAll(async () => {
    await app.close();
    await ai.close();
  });

  it("ends the model call when the owner goes away, and records nothing", async () => {
    ai.state.mode = "slow";
    const owner = await createOwner(app);
    const before = ai.state.requests.length;
    const controller = new AbortController();
    const request = fetch(`${app.baseUrl}/api/ai/generate-post`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        origin: app.origin,
      },
      body: JSON.stringify({ topic: "composting" }),
      signal: controller.signal,
    });
    // Cancel once the model has the request.
    while (ai.state.requests.length === before) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    await expect(request).rejects.toThrow();
    // The slow answer comes after 2 s; had the call gone on, its usage would be recorded by then,
    // and the next step's call would have been made.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await app.db.select().from(aiUsage)).toEqual([]);
    expect(ai.state.requests.length).toBe(before + 1);
    const [generation] = await app.db.select().from(aiGenerations);
    expect(generation?.status).toBe("cancelled");
    // The server is fine and answers the next request.
    ai.state.mode = "ok";
    expect(
      (await owner.post("/api/ai/generate-post", { topic: "composting", length: "short" })).status,
    ).toBe(200);
    expect((await app.db.select().from(aiUsage)).length).toBeGreaterThan(4);
  });
});
