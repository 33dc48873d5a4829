import type OpenAI from "openai";

export type OpenAiClientSettings = {
  apiKey: string;
  baseUrl?: string;
  timeoutMs: number;
  /** The SDK retries 408/409/429/5xx and connection errors with backoff. */
  maxRetries: number;
};

/**
 * The official SDK's client for an OpenAI-compatible endpoint, made at the first call: the SDK
 * loads then, not at start (decision 160). Every caller of a model endpoint connects this way.
 */
export function lazyOpenAi(
  settings: OpenAiClientSettings,
): () => Promise<{ sdk: typeof OpenAI; client: OpenAI }> {
  let connecting: Promise<{ sdk: typeof OpenAI; client: OpenAI }> | undefined;
  return () =>
    (connecting ??= import("openai").then(({ default: sdk }) => ({
      sdk,
      client: new sdk({
        apiKey: settings.apiKey,
        baseURL: settings.baseUrl,
        timeout: settings.timeoutMs,
        maxRetries: settings.maxRetries,
      }),
    })));
}
