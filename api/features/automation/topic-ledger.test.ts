import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "../../../contracts/zod.ts";
import type { StructuredRequest } from "../../ai/provider.ts";
import { createBlog, createOwner, createPost } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { scriptedWriter } from "../../test/writer-model.ts";
import { closeness, collisionsOf, trigramSimilarity } from "./topic-ledger.ts";

const asked: StructuredRequest<z.ZodType>[] = [];
const writer = scriptedWriter();
let app: TestApp;
let offline: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    env: { AI_CALLS_PER_MINUTE: "10000" },
    ai: {
      ...writer,
      structured: async (request) => {
        if (!writer.structured) throw new Error("the scripted writer answers structured calls");
        if (request.name !== "topic_suggestions") return writer.structured(request);
        asked.push(request);
        return {
          data: request.schema.parse({
            topics: [
              "Tomatoes on a balcony", // a reworded repeat of the post below
              "Herbs", // already a topic
              "Herbs", // the same again
              "Pots, soil and drainage", // holds a comma: would split in the topics field
              "Rain barrels for small gardens",
              "Vertical strawberry towers",
            ],
          }),
          usage: { model: "test-model", promptTokens: 50, completionTokens: 50 },
        };
      },
    },
  });
  offline = await startTestApp();
});
afterAll(async () => {
  await app.close();
  await offline.close();
});

describe("topic closeness (decision 341)", () => {
  it("refuses a new topic close to a title of the blog, and names the title", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    await createPost(owner, blog.id, { title: "Balcony tomatoes: what we learned in one summer" });
    const found = await collisionsOf(app.db, blog.id, [
      "Growing tomatoes on a balcony",
      "balcony tomatos",
      "Worm bins",
      "Tomato pests",
    ]);
    expect(found).toEqual([
      "Balcony tomatoes: what we learned in one summer",
      "Balcony tomatoes: what we learned in one summer",
      undefined,
      undefined,
    ]);
    // Stated thresholds, each on the side of the pair it decides.
    expect(trigramSimilarity("balcony tomatos", "balcony tomatoes")).toBeGreaterThanOrEqual(
      closeness.trigram,
    );
    expect(trigramSimilarity("compost bins", "compost tea")).toBeLessThan(closeness.trigram);

    const res = await owner.post(`/api/blogs/${blog.id}/automation`, {
      enabled: true,
      topics: ["Worm bins", "Tomatoes on my balcony"],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("topic_too_close");
    expect(res.body.issues).toEqual([
      {
        path: "topics.1",
        message:
          '"Tomatoes on my balcony" is too close to "Balcony tomatoes: what we learned in one summer", already on this blog. Choose a different topic.',
      },
    ]);
  });

  it("suggests topics through the AI gate, dropping every one the rule would refuse", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    await createPost(owner, blog.id, { title: "Balcony tomatoes: A Practical Guide" });
    expect(
      (await owner.post(`/api/blogs/${blog.id}/automation`, { topics: ["Herbs"] })).status,
    ).toBe(201);
    const res = await owner.post(`/api/blogs/${blog.id}/automation/topic-suggestions`, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      topics: ["Rain barrels for small gardens", "Vertical strawberry towers"],
      source: "ai",
      message: null,
    });
    // The blog's titles went to the model fenced as data.
    expect(asked.at(-1)?.user.join("\n")).toContain("Balcony tomatoes: A Practical Guide");
    // Accepting them is an ordinary save, and passes the rule.
    const accepted = await owner.patch(`/api/blogs/${blog.id}/automation`, {
      topics: ["Herbs", ...res.body.topics],
    });
    expect(accepted.status).toBe(200);
    const other = await createOwner(app);
    expect(
      (await other.post(`/api/blogs/${blog.id}/automation/topic-suggestions`, {})).status,
    ).toBe(404);
  });

  it("offline, says no topics can be suggested rather than inventing them", async () => {
    const owner = await createOwner(offline);
    const blog = await createBlog(owner);
    await owner.post(`/api/blogs/${blog.id}/automation`, { topics: ["Herbs"] });
    const res = await owner.post(`/api/blogs/${blog.id}/automation/topic-suggestions`, {});
    expect(res.status).toBe(200);
    expect(res.body.topics).toEqual([]);
    expect(res.body.source).toBe("offline");
    expect(res.body.message).toContain("No AI model is configured");
  });
});
