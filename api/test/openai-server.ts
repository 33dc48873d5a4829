import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { makeImage } from "./images.ts";
import { userText, writerAnswer } from "./writer-model.ts";

export type AiServerMode = "ok" | "slow" | "rate-limited" | "malformed" | "scripts";

/** How `/v1/embeddings` answers: vectors, 404 as from an endpoint without it, or 500. */
export type EmbeddingsMode = "ok" | "missing" | "failing";

/**
 * How `/v1/images/generations` answers: as OpenAI does ("ok": base64 when asked or for a GPT
 * image model, else a link), always a link ("url", a server that ignores `response_format`),
 * or 500.
 */
export type ImagesMode = "ok" | "url" | "failing";

/** GPT image models refuse `response_format` and report tokens; DALL·E does neither. */
const isGptImage = (model: unknown) => /gpt-image/i.test(String(model));

const embeddingDimensions = 64;

/**
 * A text's vector in the test server: its words (lower case, first five letters, so
 * "tomatoes" and "tomato" agree) hashed into 64 dimensions, so texts sharing words point the
 * same way and cosine similarity means word overlap.
 */
export function hashedEmbedding(text: string): number[] {
  const vector: number[] = new Array(embeddingDimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let h = 0x811c9dc5;
    for (const char of word.slice(0, 5)) h = Math.imul(h ^ (char.codePointAt(0) ?? 0), 16777619);
    const at = (h >>> 0) % embeddingDimensions;
    vector[at] = (vector[at] ?? 0) + 1;
  }
  return vector;
}

/** What the "scripts" mode writes: markup a sanitizer must take out. */
const hostileHtml = `<p onclick="steal()">Hi</p><script>alert(1)</script><a href="javascript:alert(2)">x</a><img src=x onerror=alert(3)>`;

/**
 * An OpenAI-compatible chat completions endpoint on loopback, for tests of the real SDK: it
 * records each request and answers as `mode` says. `/v1/embeddings` answers as `embeddings`
 * says, `/v1/images/generations` as `images` says, with a real PNG.
 */
export async function startOpenAiServer() {
  const state = {
    mode: "ok" as AiServerMode,
    /** Fields replacing the written post's in "ok" mode (e.g. hostile content for XSS checks). */
    post: {} as Record<string, unknown>,
    /** The model the answers name (as a provider names a dated snapshot); unset: the one asked. */
    answerModel: undefined as string | undefined,
    /** Tokens each answer reports. */
    usage: { prompt_tokens: 120, completion_tokens: 880 },
    embeddings: "ok" as EmbeddingsMode,
    /** The vector of each text `/v1/embeddings` is given (default: `hashedEmbedding`). */
    embed: hashedEmbedding as (text: string) => number[],
    images: "ok" as ImagesMode,
    /** The size of the PNG each image answer holds (each answer's pixels differ). */
    image: { width: 1024, height: 1024 },
    /** Tokens a GPT image model's answer reports (`usage.input_tokens`, `output_tokens`). */
    imageUsage: { input_tokens: 60, output_tokens: 1056 },
    requests: [] as { path: string; body: any; auth: string | undefined }[],
    /** Milliseconds before each answer of the AI writer's steps (a slow model). */
    writerDelayMs: 0,
    /**
     * A test's own answer to a writer step or the substance review (by schema name), given the
     * answer the scripted model would give and the user message; undefined keeps that answer.
     */
    answer: undefined as
      | ((schemaName: string, written: unknown, prompt: string) => unknown)
      | undefined,
  };
  let requestCount = 0;
  let imageCount = 0;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => resolve(Buffer.concat(chunks).toString()));
    });
  const server = createServer(async (req, res) => {
    const body = JSON.parse((await read(req)) || "{}");
    state.requests.push({ path: req.url ?? "", body, auth: req.headers.authorization });
    if (req.url?.endsWith("/images/generations")) {
      const json = (status: number, answer: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(answer));
      };
      if (state.images === "failing") {
        json(500, { error: { message: "Internal error", type: "server_error" } });
        return;
      }
      if (isGptImage(body.model) && body.response_format !== undefined) {
        json(400, {
          error: {
            message: "Unknown parameter: 'response_format'.",
            type: "invalid_request_error",
            param: "response_format",
            code: "unknown_parameter",
          },
        });
        return;
      }
      const base64 = isGptImage(body.model) || body.response_format === "b64_json";
      const seed = ++imageCount;
      json(200, {
        created: 1,
        data: [
          state.images === "ok" && base64
            ? {
                b64_json: (
                  await makeImage({ ...state.image, format: "png", seed: seed * 7919 })
                ).toString("base64"),
              }
            : { url: `https://images.example.com/generated/${seed}.png` },
        ],
        ...(isGptImage(body.model)
          ? {
              usage: {
                ...state.imageUsage,
                total_tokens: state.imageUsage.input_tokens + state.imageUsage.output_tokens,
                input_tokens_details: {
                  text_tokens: state.imageUsage.input_tokens,
                  image_tokens: 0,
                },
              },
            }
          : {}),
      });
      return;
    }
    if (req.url?.endsWith("/embeddings")) {
      if (state.embeddings !== "ok") {
        const missing = state.embeddings === "missing";
        res.writeHead(missing ? 404 : 500, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            error: { message: missing ? "Not found" : "Internal error", type: "server_error" },
          }),
        );
        return;
      }
      const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          object: "list",
          model: body.model,
          data: inputs.map((text, index) => ({
            object: "embedding",
            index,
            embedding: state.embed(String(text)),
          })),
          usage: { prompt_tokens: inputs.length * 10, total_tokens: inputs.length * 10 },
        }),
      );
      return;
    }
    const reply = (content: string) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "chatcmpl-test",
          object: "chat.completion",
          created: 1,
          model: state.answerModel ?? body.model,
          choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
          usage: {
            ...state.usage,
            total_tokens: state.usage.prompt_tokens + state.usage.completion_tokens,
          },
        }),
      );
    };
    const post = {
      title: "Composting in Small Spaces",
      content: "<h2>Start small</h2><p>A bokashi bin fits under a sink.</p>",
      metaTitle: "Composting in Small Spaces: A Guide",
      metaDescription: "How to compost in a flat: bins, bokashi and worms.",
      suggestedKeywords: ["composting", "bokashi"],
      slug: "composting-in-small-spaces",
    };
    if (body.response_format?.json_schema?.name === "affiliate_programs") {
      reply(
        JSON.stringify({
          programs: [
            {
              programName: "Worm Farm Supply Partners",
              category: "Garden supplies",
              description: "Composting worms and bins.",
              commissionRate: "8%",
              reasoning: "Your readers compost at home.",
              signupUrl: "https://wormfarm.example.com/affiliates",
            },
          ],
        }),
      );
      return;
    }
    // A vision request (alt text): a plain sentence about the picture.
    const parts = body.messages?.at?.(-1)?.content;
    if (state.mode === "ok" && Array.isArray(parts) && parts.some((p) => p?.type === "image_url")) {
      reply("Boats moored under a lighthouse at night");
      return;
    }
    // The AI writer's steps: answered as a model following the prompt would.
    const schemaName = String(body.response_format?.json_schema?.name ?? "");
    const scripted = writerAnswer(schemaName, body);
    const written =
      scripted !== undefined && state.answer
        ? (state.answer(schemaName, scripted, userText(body)) ?? scripted)
        : scripted;
    if (written !== undefined && ["ok", "slow", "scripts"].includes(state.mode)) {
      const answer =
        state.mode === "scripts" && schemaName === "post_section" ? { html: hostileHtml } : written;
      const delay = state.mode === "slow" ? 2000 : state.writerDelayMs;
      if (delay > 0) setTimeout(() => reply(JSON.stringify(answer)), delay);
      else reply(JSON.stringify(answer));
      return;
    }
    if (state.mode === "ok" && body.response_format?.json_schema?.name === "blog_ideas") {
      const n = requestCount++;
      reply(
        JSON.stringify({
          ideas: [0, 1, 2].map((i) => ({
            suggestedName: `Test Idea ${n}-${i}`,
            suggestedNiche: `Test niche ${n}-${i}`,
            suggestedDomain: `test-idea-${n}-${i}.com`,
            targetAudience: "People who test",
            monetizationPotential: "Affiliate links",
            marketOpportunity: "Few good blogs",
            contentStrategy: "Guides and reviews",
            suggestedTopics: [
              "First topic",
              "Second topic",
              "Third topic",
              "Fourth topic",
              "Fifth topic",
            ],
            reasoning: "It fits.",
          })),
        }),
      );
      return;
    }
    switch (state.mode) {
      case "slow":
        setTimeout(() => reply(JSON.stringify(post)), 2000);
        return;
      case "rate-limited":
        res.writeHead(429, { "content-type": "application/json", "retry-after": "0" });
        res.end(
          JSON.stringify({ error: { message: "Rate limit reached", type: "rate_limit_error" } }),
        );
        return;
      case "malformed":
        reply("{ this is not json");
        return;
      case "scripts":
        reply(
          JSON.stringify({
            ...post,
            content: hostileHtml,
          }),
        );
        return;
      default:
        reply(JSON.stringify({ ...post, ...state.post }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
