import { describe, expect, it } from "vitest";
import { generatedPostSchema } from "../../contracts/ai.ts";
import { suggestedProgramsSchema } from "../../contracts/recommendations.ts";
import { z } from "../../contracts/zod.ts";
import { strictJsonSchema } from "./provider.ts";

describe("strictJsonSchema", () => {
  it("is the zod schema as strict structured output takes it", () => {
    expect(strictJsonSchema(generatedPostSchema)).toEqual({
      type: "object",
      additionalProperties: false,
      required: ["title", "content", "metaTitle", "metaDescription", "suggestedKeywords", "slug"],
      properties: {
        title: { type: "string" },
        content: { type: "string" },
        metaTitle: { type: "string" },
        metaDescription: { type: "string" },
        suggestedKeywords: { type: "array", items: { type: "string" } },
        slug: { type: "string" },
      },
    });
  });

  it("requires every property of nested objects, optional ones too, and drops formats", () => {
    const schema = strictJsonSchema(
      z.object({ list: z.array(z.object({ a: z.string(), b: z.string().optional() })) }),
    );
    expect(schema).toMatchObject({
      properties: {
        list: { items: { required: ["a", "b"], additionalProperties: false } },
      },
    });
    const programs = JSON.stringify(strictJsonSchema(suggestedProgramsSchema));
    expect(programs).not.toMatch(/format|maxLength|minLength|maxItems|\$schema/);
  });
});
