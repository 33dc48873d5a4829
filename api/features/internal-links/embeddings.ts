import type OpenAI from "openai";
import { lazyOpenAi } from "../../ai/openai-client.ts";
import type { Env } from "../../env.ts";
import type { Logger } from "../../logger.ts";

/**
 * Text embeddings from the configured OpenAI-compatible endpoint (`/v1/embeddings`), behind the
 * small interface the internal link suggestions rank with. Tests talk to a loopback server of
 * the same protocol; the suggestions work without it (full-text ranking).
 */
export type Embeddings = {
  model: string;
  /** One vector per text, in the texts' order. Throws when the endpoint fails or has none. */
  embed: (texts: string[], signal?: AbortSignal) => Promise<number[][]>;
};

export type EmbeddingSettings = {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  /** The embeddings model (`AI_EMBEDDING_MODEL`); none: no embeddings. */
  model: string | undefined;
  timeoutMs?: number;
  maxRetries?: number;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
  logger?: Logger;
};

export const embeddingSettings = (env: Env, logger?: Logger): EmbeddingSettings => ({
  apiKey: env.OPENAI_API_KEY,
  baseUrl: env.OPENAI_BASE_URL,
  model: env.AI_EMBEDDING_MODEL,
  logger,
});

/**
 * After an answer saying the endpoint has no embeddings (404, 405, 501), it is not asked again
 * for this long: every suggestion would otherwise pay a failing round trip first.
 */
export const notOfferedPauseMs = 10 * 60_000;

/** Statuses that mean "this endpoint does not offer embeddings" rather than "try again". */
const notOffered = new Set([404, 405, 501]);

/** The production adapter: the official `openai` SDK, as the AI provider uses it. */
export function createEmbeddings(settings: EmbeddingSettings): Embeddings | undefined {
  const { apiKey, model } = settings;
  if (!apiKey || !model) return undefined;
  const now = settings.now ?? Date.now;
  const connect = lazyOpenAi({
    apiKey,
    baseUrl: settings.baseUrl,
    // An owner waits for the answer in the editor: a slow endpoint is skipped, not awaited.
    timeoutMs: settings.timeoutMs ?? 15_000,
    maxRetries: settings.maxRetries ?? 1,
  });
  let pausedUntil = 0;

  return {
    model,
    async embed(texts, signal) {
      if (texts.length === 0) return [];
      if (now() < pausedUntil) throw new Error("The AI endpoint does not offer embeddings.");
      const { sdk, client } = await connect();
      let answer: OpenAI.CreateEmbeddingResponse;
      try {
        // Floats, not the SDK's default base64: not every compatible server encodes them.
        answer = await client.embeddings.create(
          { model, input: texts, encoding_format: "float" },
          { signal },
        );
      } catch (error) {
        if (error instanceof sdk.APIError && notOffered.has(error.status ?? 0)) {
          pausedUntil = now() + notOfferedPauseMs;
          settings.logger?.warn(
            { status: error.status, model },
            "the AI endpoint has no embeddings: internal links are ranked by full-text search",
          );
        }
        throw error;
      }
      const vectors = [...answer.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
      if (
        vectors.length !== texts.length ||
        vectors.some((v) => !Array.isArray(v) || v.length !== vectors[0]?.length || v.length === 0)
      )
        throw new Error("The AI endpoint's embeddings did not match the texts sent.");
      return vectors;
    },
  };
}

/** Cosine similarity of two vectors of one model: 1 the same direction, 0 unrelated. */
export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    aa += x * x;
    bb += y * y;
  }
  return aa === 0 || bb === 0 ? 0 : dot / Math.sqrt(aa * bb);
}
