import { vi } from "vitest";

/** One request a component made, as the tests read it. */
export type Call = { url: string; method: string; body: unknown };

/** A JSON answer (an empty body for `undefined`). */
export const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

/** The request as a `Call`: its method (GET when unset) and its JSON body, if any. */
export const callOf = (url: string, init?: RequestInit): Call => ({
  url,
  method: init?.method ?? "GET",
  body: init?.body ? JSON.parse(String(init.body)) : undefined,
});

/**
 * Replaces `fetch` with `answer`, recording every call in order. Undone by
 * `vi.unstubAllGlobals()` (see `cleanUpAfterEach`).
 */
export function stubFetch(answer: (call: Call) => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const call = callOf(url, init);
    calls.push(call);
    return answer(call);
  });
  return calls;
}
