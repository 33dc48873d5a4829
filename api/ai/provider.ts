import OpenAI from "openai";
import {
  type GeneratedPost,
  type GeneratePostInput,
  generatedPostSchema,
  lengthWords,
  metaLimits,
  type OptimizeMetaInput,
  optimizedMetaSchema,
} from "../../contracts/ai.ts";
import { clipAtWord, htmlToText } from "../../contracts/content-text.ts";
import {
  type SuggestedBlogIdea,
  suggestedBlogIdeasSchema,
  suggestedProgramsSchema,
} from "../../contracts/recommendations.ts";
import { slugify } from "../../contracts/slug.ts";
import type { z } from "../../contracts/zod.ts";
import { HttpError } from "../http/errors.ts";
import { ideaCatalogue } from "./offline-ideas.ts";
import { optimizeMetaOffline } from "./offline-meta.ts";
import { programCatalogue } from "./offline-programs.ts";
import { writeOfflineDraft } from "./offline-writer.ts";

export type AiUsage = { model: string; promptTokens: number; completionTokens: number };

export type SuggestedProgram = {
  programName: string;
  category: string;
  description: string;
  commissionRate: string | null;
  reasoning: string;
  signupUrl: string;
};
export type ProgramContext = {
  blogName: string;
  niche: string | null;
  categories: string[];
  recentTitles: string[];
};
export type PostContext = { niche?: string | null; blogName?: string };
export type PostMeta = { metaTitle: string; metaDescription: string };

/**
 * The model calls themselves. With a key configured it uses the official `openai` SDK against
 * any OpenAI-compatible endpoint; without one, the offline writer. Only the AI gate
 * (`gate.ts`) constructs a provider; everything else receives the gate, which applies the
 * limits and records usage.
 */
export type AiProvider = {
  configured: boolean;
  model: string;
  /** `signal` ends the model call when the owner cancels (the request closes). */
  generatePost: (
    input: GeneratePostInput,
    context: PostContext,
    signal?: AbortSignal,
  ) => Promise<{ post: GeneratedPost; usage?: AiUsage }>;
  /** Meta title and description for a post, within `metaLimits` (docs/decisions/033). */
  optimizeMeta: (
    input: OptimizeMetaInput,
    context: { blogName?: string },
    signal?: AbortSignal,
  ) => Promise<{ meta: PostMeta; source: "ai" | "offline"; usage?: AiUsage }>;
  /** New blog ideas for an owner (none whose name or niche is in `exclude`). */
  suggestBlogIdeas: (
    context: { existingNiches: string[] },
    exclude: string[],
    count: number,
  ) => Promise<{ ideas: SuggestedBlogIdea[]; source: "ai" | "offline"; usage?: AiUsage }>;
  /** Affiliate programs worth joining for a blog (at most `count`, none of `exclude` by name). */
  suggestPrograms: (
    context: ProgramContext,
    exclude: string[],
    count: number,
  ) => Promise<{ programs: SuggestedProgram[]; source: "ai" | "offline"; usage?: AiUsage }>;
};

export type AiSettings = {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  model: string;
  timeoutMs?: number;
  maxRetries?: number;
};

export const AiFailed = (message: string) => new HttpError(502, "ai_failed", message);

/** What one completion used, as the provider reported it. */
function usageFrom(completion: OpenAI.Chat.Completions.ChatCompletion, model: string): AiUsage {
  return {
    model: completion.model || model,
    promptTokens: completion.usage?.prompt_tokens ?? 0,
    completionTokens: completion.usage?.completion_tokens ?? 0,
  };
}

const spentTokens = Symbol("spentTokens");

/** An error for an answer that came back unusable: its tokens were spent all the same. */
function withUsage<E extends Error>(error: E, usage: AiUsage): E {
  Object.defineProperty(error, spentTokens, { value: usage });
  return error;
}

/** The usage an error carries (an unusable answer), for the AI gate to record. */
export function usageOf(error: unknown): AiUsage | undefined {
  return error instanceof Error
    ? ((error as Error & { [spentTokens]?: AiUsage })[spentTokens] ?? undefined)
    : undefined;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Catalogue programs, those that fit the blog's words first; the reasoning says it is a general pick. */
function offlinePrograms(
  context: ProgramContext,
  exclude: string[],
  count: number,
): SuggestedProgram[] {
  const vocabulary = new Set(
    words(
      [context.blogName, context.niche ?? "", ...context.categories, ...context.recentTitles].join(
        " ",
      ),
    ),
  );
  const excluded = new Set(exclude.map((name) => name.toLowerCase()));
  return programCatalogue
    .filter((p) => !excluded.has(p.programName.toLowerCase()))
    .map((p) => ({ program: p, fit: p.fits.filter((w: string) => vocabulary.has(w)) }))
    .sort((a, b) => b.fit.length - a.fit.length)
    .slice(0, count)
    .map(({ program, fit }) => ({
      programName: program.programName,
      category: program.category,
      description: program.description,
      commissionRate: program.commissionRate,
      signupUrl: program.signupUrl,
      reasoning:
        fit.length > 0
          ? `Offline suggestion: a general program that suits blogs about ${fit.join(", ")}. Set an AI provider for programs researched for this blog.`
          : "Offline suggestion: a general program most blogs can join. Set an AI provider for programs researched for this blog.",
    }));
}

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

/** The model's meta fields (strict structured output; limits checked and trimmed afterwards). */
const metaJsonSchema = {
  type: "object",
  additionalProperties: false,
  required: ["metaTitle", "metaDescription"],
  properties: { metaTitle: text, metaDescription: text },
};

/** About this many words of the post go to the model for meta fields: the opening says most. */
const metaContextWords = 1200;

function describeError(error: unknown): string {
  if (error instanceof OpenAI.APIUserAbortError) return "The request was cancelled.";
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

const programsJsonSchema = {
  type: "object",
  additionalProperties: false,
  required: ["programs"],
  properties: {
    programs: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: [
          "programName",
          "category",
          "description",
          "commissionRate",
          "reasoning",
          "signupUrl",
        ],
        properties: {
          programName: text,
          category: text,
          description: text,
          commissionRate: text,
          reasoning: text,
          signupUrl: text,
        },
      },
    },
  },
};

const ideaFields = [
  "suggestedName",
  "suggestedNiche",
  "suggestedDomain",
  "targetAudience",
  "monetizationPotential",
  "marketOpportunity",
  "contentStrategy",
  "suggestedTopics",
  "reasoning",
];
const ideasJsonSchema = {
  type: "object",
  additionalProperties: false,
  required: ["ideas"],
  properties: {
    ideas: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ideaFields,
        properties: Object.fromEntries(
          ideaFields.map((f) => [
            f,
            f === "suggestedTopics" ? { type: "array", items: text } : text,
          ]),
        ),
      },
    },
  },
};

export function createAiProvider(
  settings: AiSettings,
  sanitize: (html: string) => string,
): AiProvider {
  if (!settings.apiKey) {
    return {
      configured: false,
      model: "offline-writer",
      generatePost: async (input, context) => ({ post: writeOfflineDraft(input, context) }),
      optimizeMeta: async (input, context) => ({
        meta: optimizeMetaOffline(input, context),
        source: "offline",
      }),
      suggestPrograms: async (context, exclude, count) => ({
        programs: offlinePrograms(context, exclude, count),
        source: "offline",
      }),
      suggestBlogIdeas: async (_context, exclude, count) => {
        const excluded = new Set(exclude.map((e) => e.toLowerCase()));
        return {
          ideas: ideaCatalogue
            .filter(
              (i) =>
                !excluded.has(i.suggestedName.toLowerCase()) &&
                !excluded.has(i.suggestedNiche.toLowerCase()),
            )
            .slice(0, count),
          source: "offline",
        };
      },
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
    async generatePost(input, context, signal) {
      const words = lengthWords[input.length];
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create(
          {
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
          },
          { signal },
        );
      } catch (error) {
        throw AiFailed(describeError(error));
      }
      const text = completion.choices[0]?.message?.content ?? "";
      let parsed: z.infer<typeof generatedPostSchema>;
      try {
        parsed = generatedPostSchema.parse(JSON.parse(text));
      } catch {
        throw withUsage(
          AiFailed("The AI provider's answer was not a usable post. Try again."),
          usageFrom(completion, settings.model),
        );
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
        usage: usageFrom(completion, settings.model),
      };
    },
    async optimizeMeta(input, context, signal) {
      const keyword = input.keywords.find((k) => k.trim());
      const body = htmlToText(input.content).split(/\s+/).slice(0, metaContextWords).join(" ");
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create(
          {
            model: settings.model,
            response_format: {
              type: "json_schema",
              json_schema: { name: "post_meta", strict: true, schema: metaJsonSchema },
            },
            messages: [
              {
                role: "system",
                content:
                  "You write search-result snippets for blog posts. Answer only with JSON matching the schema. " +
                  `metaTitle: 50-${metaLimits.title} characters, never more than ${metaLimits.title}, compelling and specific. ` +
                  `metaDescription: 150-${metaLimits.description} characters, never more than ${metaLimits.description}, ` +
                  "a plain summary that makes a searcher want to read on. Use the focus keyword naturally in both when one is given. " +
                  "Do not invent facts that are not in the post.",
              },
              {
                role: "user",
                content: [
                  `Title: ${input.title}`,
                  keyword ? `Focus keyword: ${keyword}` : "",
                  context.blogName ? `Blog: ${context.blogName}` : "",
                  body ? `Post:\n${body}` : "",
                ]
                  .filter(Boolean)
                  .join("\n"),
              },
            ],
          },
          { signal },
        );
      } catch (error) {
        throw AiFailed(describeError(error));
      }
      let parsed: z.infer<typeof optimizedMetaSchema>;
      try {
        parsed = optimizedMetaSchema.parse(
          JSON.parse(completion.choices[0]?.message?.content ?? ""),
        );
      } catch {
        throw withUsage(
          AiFailed("The AI provider's answer was not a usable title and description. Try again."),
          usageFrom(completion, settings.model),
        );
      }
      return {
        source: "ai",
        // Models overshoot character limits now and then: a cut at a word keeps the answer.
        meta: {
          metaTitle: clipAtWord(parsed.metaTitle, metaLimits.title),
          metaDescription: clipAtWord(parsed.metaDescription, metaLimits.description, true),
        },
        usage: usageFrom(completion, settings.model),
      };
    },
    async suggestBlogIdeas(context, exclude, count) {
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create({
          model: settings.model,
          response_format: {
            type: "json_schema",
            json_schema: { name: "blog_ideas", strict: true, schema: ideasJsonSchema },
          },
          messages: [
            {
              role: "system",
              content:
                "You research profitable blog ideas for an affiliate publisher. Answer only with JSON matching the schema: " +
                "a memorable name, the niche, an available-looking .com domain, audience, how it earns, the market opening, " +
                "a content strategy, 5-10 first post topics and your reasoning.",
            },
            {
              role: "user",
              content: [
                context.existingNiches.length
                  ? `The owner already runs blogs about: ${context.existingNiches.join("; ")}`
                  : "",
                exclude.length ? `Do not repeat: ${exclude.join("; ")}` : "",
                `Propose ${count} new blog ideas.`,
              ]
                .filter(Boolean)
                .join("\n"),
            },
          ],
        });
      } catch (error) {
        throw AiFailed(describeError(error));
      }
      let parsed: z.infer<typeof suggestedBlogIdeasSchema>;
      try {
        parsed = suggestedBlogIdeasSchema.parse(
          JSON.parse(completion.choices[0]?.message?.content ?? ""),
        );
      } catch {
        throw withUsage(
          AiFailed("The AI provider's answer was not a usable list of ideas. Try again."),
          usageFrom(completion, settings.model),
        );
      }
      return {
        source: "ai",
        ideas: parsed.ideas.slice(0, count),
        usage: usageFrom(completion, settings.model),
      };
    },
    async suggestPrograms(context, exclude, count) {
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create({
          model: settings.model,
          response_format: {
            type: "json_schema",
            json_schema: { name: "affiliate_programs", strict: true, schema: programsJsonSchema },
          },
          messages: [
            {
              role: "system",
              content:
                "You recommend real affiliate programs a blog can join. Answer only with JSON matching the schema. " +
                "Each program: its real name, a short category, what it offers, the commission rate if publicly known (else an empty string), " +
                "why it suits this blog, and the program's official sign-up URL (https).",
            },
            {
              role: "user",
              content: [
                `Blog: ${context.blogName}`,
                context.niche ? `Niche: ${context.niche}` : "",
                context.categories.length ? `Categories: ${context.categories.join(", ")}` : "",
                context.recentTitles.length
                  ? `Recent posts: ${context.recentTitles.join("; ")}`
                  : "",
                exclude.length ? `Do not suggest: ${exclude.join(", ")}` : "",
                `Suggest up to ${count} programs.`,
              ]
                .filter(Boolean)
                .join("\n"),
            },
          ],
        });
      } catch (error) {
        throw AiFailed(describeError(error));
      }
      let parsed: z.infer<typeof suggestedProgramsSchema>;
      try {
        parsed = suggestedProgramsSchema.parse(
          JSON.parse(completion.choices[0]?.message?.content ?? ""),
        );
      } catch {
        throw withUsage(
          AiFailed("The AI provider's answer was not a usable list of programs. Try again."),
          usageFrom(completion, settings.model),
        );
      }
      const excluded = new Set(exclude.map((name) => name.toLowerCase()));
      return {
        source: "ai",
        programs: parsed.programs
          .filter((p) => !excluded.has(p.programName.toLowerCase()))
          .slice(0, count)
          .map((p) => ({ ...p, commissionRate: p.commissionRate || null })),
        usage: usageFrom(completion, settings.model),
      };
    },
  };
}
