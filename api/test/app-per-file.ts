import { afterAll, beforeAll } from "vitest";
import { createOwner, createOwnerWithBlog } from "./factories.ts";
import { type StartOptions, startTestApp, type TestApp } from "./harness.ts";
import { startOpenAiServer } from "./openai-server.ts";

/**
 * One app for a whole test file, started before its first test and closed after its last.
 * Tests reach it as `app()` and make signed-in owners on it with `newOwner()` and
 * `ownerWithBlog()`. Options that depend on something the file starts first (a loopback AI
 * server) come from a function, called when the app starts.
 */
export function testAppForFile(options: StartOptions | (() => StartOptions) = {}) {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(typeof options === "function" ? options() : options);
  });
  afterAll(() => started?.close());
  const app = () => {
    if (!started) throw new Error("The test app starts in beforeAll: use app() inside a test");
    return started;
  };
  return {
    app,
    newOwner: (email?: string) => createOwner(app(), email),
    ownerWithBlog: () => createOwnerWithBlog(app()),
  };
}

/**
 * A loopback OpenAI-compatible server and a test app whose AI settings point at it; `env` adds
 * the models and limits a test needs, `options` what depends on the server (a provider on it).
 * `close` closes the app, then the server.
 */
export async function startTestAppWithAiServer(
  env: Record<string, string>,
  options: (ai: AiServer) => StartOptions = () => ({}),
) {
  const ai = await startOpenAiServer();
  const app = await startTestApp({
    ...options(ai),
    env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: ai.baseUrl, ...env },
  });
  return {
    ai,
    app,
    close: async () => {
      await app.close();
      await ai.close();
    },
  };
}

export type AiServer = Awaited<ReturnType<typeof startOpenAiServer>>;
