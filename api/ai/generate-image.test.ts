import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { aiUsage, blogs } from "../db/schema.ts";
import { loopbackProvider, testGate } from "../test/ai.ts";
import { type AiServer, startTestAppWithAiServer } from "../test/app-per-file.ts";
import { createOwnerWithBlog } from "../test/factories.ts";
import type { TestApp } from "../test/harness.ts";
import { isAiRefusal } from "./gate.ts";
import { createAiProvider } from "./provider.ts";

describe("image generation through the provider and the gate", () => {
  let ai: AiServer;
  let app: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    // The gate as the server builds it from the environment.
    ({ ai, app, close } = await startTestAppWithAiServer({ AI_IMAGE_MODEL: "gpt-image-1" }));
  });
  afterEach(() => {
    ai.state.requests.length = 0;
    ai.state.images = "ok";
  });
  afterAll(() => close());

  const imageRequests = () => ai.state.requests.filter((r) => r.path === "/v1/images/generations");
  const gateFor = (imageModel: string | undefined) =>
    testGate(app.db, loopbackProvider(ai, { imageModel }));
  async function caller() {
    const { blogId } = await createOwnerWithBlog(app);
    const [blog] = await app.db.select().from(blogs).where(eq(blogs.id, blogId));
    return {
      ownerId: blog?.ownerId as string,
      blogId,
      postId: "post-1",
      feature: "feature-image" as const,
    };
  }
  const usageRows = (ownerId: string) =>
    app.db.select().from(aiUsage).where(eq(aiUsage.ownerId, ownerId));

  it("asks a GPT image model for one image without response_format and records its tokens", async () => {
    expect(app.aiGate.imageConfigured).toBe(true);
    const who = await caller();
    const made = await app.aiGate.generateImage(who, { prompt: "A worm bin on a balcony" });
    const meta = await sharp(made?.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1024, 1024]);
    expect(imageRequests().map((r) => r.body)).toEqual([
      { model: "gpt-image-1", prompt: "A worm bin on a balcony", n: 1 },
    ]);
    expect(imageRequests()[0]?.auth).toBe("Bearer sk-test");
    const rows = await usageRows(who.ownerId);
    expect(
      rows.map((r) => [r.kind, r.model, r.promptTokens, r.completionTokens, r.blogId, r.postId]),
    ).toEqual([["feature-image", "gpt-image-1", 60, 1056, who.blogId, "post-1"]]);
  });

  it("asks other models for b64_json, sends a size when given, and records 0 tokens when none are reported", async () => {
    const who = await caller();
    const made = await gateFor("dall-e-3").generateImage(who, {
      prompt: "A compost heap",
      size: "1792x1024",
    });
    expect((await sharp(made?.image).metadata()).format).toBe("png");
    expect(imageRequests().map((r) => r.body)).toEqual([
      {
        model: "dall-e-3",
        prompt: "A compost heap",
        n: 1,
        response_format: "b64_json",
        size: "1792x1024",
      },
    ]);
    const rows = await usageRows(who.ownerId);
    expect(rows.map((r) => [r.kind, r.model, r.promptTokens + r.completionTokens])).toEqual([
      ["feature-image", "dall-e-3", 0],
    ]);
  });

  it("refuses an answer that is only a link, without following it", async () => {
    ai.state.images = "url";
    const who = await caller();
    const error = await gateFor("dall-e-3")
      .generateImage(who, { prompt: "A compost heap" })
      .catch((e) => e);
    expect(error).toMatchObject({
      status: 502,
      code: "ai_failed",
      message:
        "The image model answered with a link instead of the image (b64_json). Use a model or server that returns images as b64_json.",
    });
    // One request, to the model: the link (https://images.example.com/…) is never fetched.
    expect(ai.state.requests.map((r) => r.path)).toEqual(["/v1/images/generations"]);
    expect((await usageRows(who.ownerId)).map((r) => r.kind)).toEqual(["feature-image"]);
  });

  it("says what failed when the endpoint fails", async () => {
    ai.state.images = "failing";
    const who = await caller();
    await expect(gateFor("gpt-image-1").generateImage(who, { prompt: "x" })).rejects.toMatchObject({
      status: 502,
      code: "ai_failed",
      message: "The AI provider answered with an error (500). Try again.",
    });
  });

  it("is not there without AI_IMAGE_MODEL: nothing is asked", async () => {
    const gate = gateFor(undefined);
    expect(gate.imageConfigured).toBe(false);
    expect(await gate.generateImage(await caller(), { prompt: "x" })).toBeUndefined();
    expect(imageRequests()).toEqual([]);
  });

  it("is refused by the gate when the allowance is spent: nothing reaches the model", async () => {
    const provider = createAiProvider({
      apiKey: "sk-test",
      baseUrl: ai.baseUrl,
      model: "m",
      imageModel: "gpt-image-1",
    });
    const gate = testGate(app.db, provider, { ownerDailyTokens: 0 });
    const error = await gate.generateImage(await caller(), { prompt: "x" }).catch((e) => e);
    expect(isAiRefusal(error)).toBe(true);
    expect(error.code).toBe("ai_daily_limit");
    expect(imageRequests()).toEqual([]);
  });
});
