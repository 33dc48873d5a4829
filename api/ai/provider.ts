import OpenAI from "openai";
import {
  type GeneratedPost,
  type GeneratePostInput,
  generatedPostSchema,
  lengthWords,
} from "../../contracts/ai.ts";
import { slugify } from "../../contracts/slug.ts";
import type { z } from "../../contracts/zod.ts";
import { HttpError } from "../http/errors.ts";
import { writeOfflineDraft } from "./offline-writer.ts";

export type AiUsage = { model: string; promptTokens: number; completionTokens: number };
export type PostContext = { niche?: string | null; blogName?: string };

/**
 * Every AI call in the product goes through here. With a key configured it uses the official
 * `openai` SDK against any OpenAI-compatible endpoint; without one, the offline writer.
 */
export type AiProvider = {
  configured: boolean;
  model: string;
  generatePost: (
    input: GeneratePostInput,
    context: PostContext,
  ) => Promise<{ post: GeneratedPost; usage?: AiUsage }>;
};

export type AiSettings = {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  model: string;
  timeoutMs?: number;
  maxRetries?: number;
};

export const AiFailed = (message: string) => new HttpError(502, "ai_failed", message);

/**
 * The JSON schema a model must answer with (strict structured output). Limits are left to the
 * zod check afterwards: strict mode does not accept length keywords on every provider.
 */
const text = { type: "string" };
const postJsonSchema = {
  type: "object",
  additionalProperties: false,
  required: ["title", "content", "metaTitle", "metaDescription", "suggestedKeywords", "slug"],
  properties: {
    title: text,
    content: text,
    metaTitle: text,
    metaDescription: text,
    suggestedKeywords: { type: "array", items: text },
    slug: text,
  },
};

function describeError(error: unknown): string {
  if (error instanceof OpenAI.APIConnectionTimeoutError)
    return "The AI provider did not answer in time. Try again.";
  if (error instanceof OpenAI.RateLimitError)
    return "The AI provider is busy (rate limited). Try again in a minute.";
  if (error instanceof OpenAI.AuthenticationError)
    return "The AI provider refused the API key. Check OPENAI_API_KEY.";
  if (error instanceof OpenAI.APIConnectionError)
    return "The AI provider could not be reached. Check OPENAI_BASE_URL.";
  if (error instanceof OpenAI.APIError)
    return `The AI provider answered with an error (${error.status ?? "unknown"}). Try again.`;
  return "The AI provider failed. Try again.";
}

export function createAiProvider(
  settings: AiSettings,
  sanitize: (html: string) => string,
): AiProvider {
  if (!settings.apiKey) {
    return {
      configured: false,
      model: "offline-writer",
      generatePost: async (input, context) => ({ post: writeOfflineDraft(input, context) }),
    };
  }
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    timeout: settings.timeoutMs ?? 90_000,
    // The SDK retries 408/409/429/5xx and connection errors with backoff.
    maxRetries: settings.maxRetries ?? 2,
  });
  return {
    configured: true,
    model: settings.model,
    async generatePost(input, context) {
      const words = lengthWords[input.length];
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create({
          model: settings.model,
          response_format: {
            type: "json_schema",
            json_schema: { name: "blog_post", strict: true, schema: postJsonSchema },
          },
          messages: [
            {
              role: "system",
              content:
                "You write original, accurate, helpful blog posts that show real experience and expertise (E-E-A-T). " +
                "Answer only with JSON matching the schema. `content` is HTML using only h2, h3, p, ul, ol, li, a, strong, em, " +
                "blockquote, code and pre. metaTitle at most 60 characters, metaDescription at most 160, slug lower-case words joined by hyphens.",
            },
            {
              role: "user",
              content: [
                `Topic: ${input.topic}`,
                input.category ? `Category: ${input.category}` : "",
                context.niche ? `Blog niche: ${context.niche}` : "",
                context.blogName ? `Blog: ${context.blogName}` : "",
                `Tone: ${input.tone}`,
                `Length: about ${words} words`,
              ]
                .filter(Boolean)
                .join("\n"),
            },
          ],
        });
      } catch (error) {
        throw AiFailed(describeError(error));
      }
      const text = completion.choices[0]?.message?.content ?? "";
      let parsed: z.infer<typeof generatedPostSchema>;
      try {
        parsed = generatedPostSchema.parse(JSON.parse(text));
      } catch {
        throw AiFailed("The AI provider's answer was not a usable post. Try again.");
      }
      const post: GeneratedPost = {
        ...parsed,
        // Model HTML is treated like owner HTML: only the allowlist survives.
        content: sanitize(parsed.content),
        metaTitle: parsed.metaTitle.slice(0, 60),
        metaDescription: parsed.metaDescription.slice(0, 160),
        slug: slugify(parsed.slug || parsed.title),
        source: "ai",
      };
      return {
        post,
        usage: {
          model: completion.model || settings.model,
          promptTokens: completion.usage?.prompt_tokens ?? 0,
          completionTokens: completion.usage?.completion_tokens ?? 0,
        },
      };
    },
  };
}
