import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { untrusted, untrustedRule } from "../../ai/untrusted.ts";
import { aiUsage } from "../../db/schema.ts";
import { createOwnerWithBlog } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { makeImage, uploadFile } from "../../test/images.ts";
import { startOpenAiServer } from "../../test/openai-server.ts";
import { offlineAltSuggestion } from "./alt-text.ts";

describe("offline alt text", () => {
  it("reads words from the file name, dropping camera numbers and dates", () => {
    expect(offlineAltSuggestion("harbour-at-night.jpg", "").alt).toBe("Harbour at night");
    expect(offlineAltSuggestion("IMG_20240611_1234_red_boat.JPG", "").alt).toBe("Red boat");
    expect(offlineAltSuggestion("sunsetOverTheBay.png", "").alt).toBe("Sunset over the bay");
  });

  it("falls back to the text around the image, and says it guessed", () => {
    const suggestion = offlineAltSuggestion(
      "IMG_4411.jpg",
      "<p>Our new greenhouse, finished in May. It holds forty plants.</p>",
    );
    expect(suggestion).toEqual({
      alt: "Our new greenhouse, finished in May",
      source: "offline",
      label: expect.stringContaining("no AI looked at the picture"),
    });
    expect(offlineAltSuggestion("DSC0001.jpg", "").alt).toBe("");
  });
});

describe("suggest alt text through the API", () => {
  let offline: TestApp;
  let withVision: TestApp;
  let ai: Awaited<ReturnType<typeof startOpenAiServer>>;
  beforeAll(async () => {
    ai = await startOpenAiServer();
    offline = await startTestApp({
      env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: ai.baseUrl },
    });
    withVision = await startTestApp({
      env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: ai.baseUrl, AI_VISION_MODEL: "gpt-4o" },
    });
  });
  afterAll(async () => {
    await offline.close();
    await withVision.close();
    await ai.close();
  });

  it("without a vision model: the offline suggestion, no model call", async () => {
    const { owner, blogId } = await createOwnerWithBlog(offline);
    const item = (await uploadFile(owner, blogId, await makeImage({ width: 90 }), "red-boat.jpg"))
      .body;
    const before = ai.state.requests.length;
    const res = await owner.post(`/api/blogs/${blogId}/media/${item.id}/alt-suggestion`, {
      context: "",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ alt: "Red boat", source: "offline" });
    expect(ai.state.requests.length).toBe(before);
  });

  it("with a vision model: the model sees the image through the gate, usage recorded", async () => {
    const { owner, blogId } = await createOwnerWithBlog(withVision);
    const item = (await uploadFile(owner, blogId, await makeImage({ width: 600 }), "x.jpg")).body;
    const res = await owner.post(`/api/blogs/${blogId}/media/${item.id}/alt-suggestion`, {
      context: "The harbour at night.",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      alt: "Boats moored under a lighthouse at night",
      source: "ai",
      label: "Written by AI from the image: check that it is accurate before saving.",
    });
    const sent = ai.state.requests.at(-1)?.body;
    expect(sent.model).toBe("gpt-4o");
    const image = sent.messages[1].content.find((p: { type: string }) => p.type === "image_url");
    expect(image.image_url.url).toMatch(/^data:image\/webp;base64,/);
    // The text around the image and its file name are the owner's: fenced, under the rule.
    const text = sent.messages[1].content.find((p: { type: string }) => p.type === "text");
    expect(text.text).toBe(
      `${untrusted("file name", "x.jpg")}\n${untrusted("text around the image", "The harbour at night.")}`,
    );
    expect(sent.messages[0].content).toContain(untrustedRule);
    const rows = await withVision.db.select().from(aiUsage).where(eq(aiUsage.kind, "alt-text"));
    expect(rows.reduce((sum, row) => sum + row.promptTokens + row.completionTokens, 0)).toBe(1000);
  });
});
