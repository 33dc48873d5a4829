/**
 * The one way the dashboard talks to the API: cookies always sent,
 * JSON bodies, and every non-success answer turned into `Error("{status}: {body or statusText}")`.
 */

import { describeIssue } from "@contracts/field-labels.ts";

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** Throws the API's error (`{ message }` or the status) for a non-success response; the body is read only then. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/** A mutation (or any call with a body). Returns the parsed JSON answer, or undefined for 204. */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
  });
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** An SWR key: a path, or path parts joined with '/' (`["/api/blogs", id]` → `/api/blogs/{id}`). */
export type ApiKey = string | readonly (string | number)[];

export function pathOf(key: ApiKey): string {
  return typeof key === "string" ? key : key.map(String).join("/");
}

/** How long a read started early waits for the screen that asked for it (then it is dropped). */
const earlyReadLifetimeMs = 10_000;
const earlyReads = new Map<string, { answer: Promise<unknown>; startedAt: number }>();

/**
 * Starts a read before any screen asks for it (the first screen's data, while its code loads:
 * `app/early-requests.ts`). The first read of the same path takes its answer, once; a read
 * nobody took within 10 s is dropped, so a later read never gets an old answer. Returns the
 * answer (for reads that follow from it).
 */
export function startEarlyRead<T>(path: string, read: (path: string) => Promise<T>): Promise<T> {
  // A read of the path already waiting is replaced, not handed to this one.
  earlyReads.delete(path);
  const answer = read(path);
  // Whoever takes it sees the failure; until then it is not an unhandled rejection.
  answer.catch(() => {});
  earlyReads.set(path, { answer, startedAt: performance.now() });
  return answer;
}

/** The answer of a read started early for `path`, if one is waiting (taken once). */
export function takeEarlyRead<T>(path: string): Promise<T> | undefined {
  const early = earlyReads.get(path);
  if (!early) return undefined;
  earlyReads.delete(path);
  if (performance.now() - early.startedAt > earlyReadLifetimeMs) return undefined;
  return early.answer as Promise<T>;
}

/**
 * The default read: GET the key's path and parse JSON. With `on401: "returnNull"` an
 * unauthorized answer is `null` instead of an error (used for "who is signed in?").
 */
export function createFetcher<T>(options: { on401: "throw" | "returnNull" } = { on401: "throw" }) {
  return async (key: ApiKey): Promise<T | null> => {
    const early = takeEarlyRead<T | null>(pathOf(key));
    if (early) return early;
    const res = await fetch(pathOf(key), { credentials: "include" });
    if (options.on401 === "returnNull" && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

export const defaultFetcher = createFetcher<unknown>();

/** The HTTP status an API error carries, if the error came from `throwIfNotOk`. */
export function statusOf(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

export const isUnauthorized = (error: unknown): boolean => statusOf(error) === 401;

/**
 * What a toast should say about a failed call: the server's `message` when the error body is
 * the API's JSON error, otherwise the caller's fallback (network failures, proxies' HTML pages
 * and bare status texts are not worth showing to people). A 400's field issues are told with
 * the fields' names for people ('Scheduled time', not `scheduledPublishAt`).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error) || statusOf(error) === undefined) return fallback;
  const body = error.message.slice(error.message.indexOf(": ") + 2);
  try {
    const parsed: unknown = JSON.parse(body);
    // A refused input (400) is told field by field in people's words; other answers that
    // carry issues (a 409 listing images without alt text) say it best in their message.
    const issues = statusOf(error) === 400 ? issuesIn(parsed) : [];
    if (issues.length > 0) return issues.map(describeIssue).join(" ");
    if (
      parsed &&
      typeof parsed === "object" &&
      "message" in parsed &&
      typeof parsed.message === "string" &&
      parsed.message.trim()
    ) {
      return parsed.message;
    }
  } catch {
    // Not JSON: fall through to the fallback.
  }
  return fallback;
}

/** The well-formed `issues` of an API error body, if any. */
function issuesIn(parsed: unknown): { path?: string; message: string }[] {
  if (!parsed || typeof parsed !== "object" || !("issues" in parsed)) return [];
  if (!Array.isArray(parsed.issues)) return [];
  return parsed.issues.flatMap((issue: unknown) => {
    if (!issue || typeof issue !== "object") return [];
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof message !== "string" || !message.trim()) return [];
    return [{ ...(typeof path === "string" ? { path } : {}), message: withStop(message) }];
  });
}

/** Issues are joined into one toast: each ends as a sentence. */
const withStop = (message: string) => (/[.!?]$/.test(message) ? message : `${message}.`);

/** The issues of a 400 answer that name a field, with their whole paths (`topicDetails.0.urls.1`). */
export function pathIssuesOf(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof Error) || statusOf(error) !== 400) return [];
  try {
    const parsed = JSON.parse(error.message.slice(error.message.indexOf(": ") + 2)) as {
      issues?: { path?: unknown; message?: unknown }[];
    };
    return (parsed.issues ?? []).flatMap(({ path, message }) =>
      typeof path === "string" && path && typeof message === "string" ? [{ path, message }] : [],
    );
  } catch {
    return [];
  }
}

/** Field messages of a 400 answer (`issues: [{path, message}]`), keyed by the first path segment. */
export function fieldIssuesOf(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of pathIssuesOf(error)) {
    const field = issue.path.split(".")[0] ?? "";
    if (field && !(field in fields)) fields[field] = issue.message;
  }
  return fields;
}
