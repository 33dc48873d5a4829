import { afterEach, describe, expect, it, vi } from "vitest";
import {
  apiRequest,
  createFetcher,
  errorMessage,
  fieldIssuesOf,
  isUnauthorized,
  pathOf,
  statusOf,
  throwIfNotOk,
} from "./api-client.ts";

type Call = { url: string; init: RequestInit | undefined };

/** Answers every request with `response` and records what was asked. */
function serve(response: () => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return response();
  });
  return calls;
}

const json = (status: number, body: unknown, statusText = "") =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { "Content-Type": "application/json" },
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("error format (spec section 8)", () => {
  it("is the status, a colon and a space, then the body text", async () => {
    const body = { code: "validation_failed", message: "name: Blog name is required" };
    await expect(throwIfNotOk(json(400, body))).rejects.toThrow(`400: ${JSON.stringify(body)}`);
  });
  it("uses the status text when the body is empty", async () => {
    await expect(
      throwIfNotOk(new Response(null, { status: 503, statusText: "Service Unavailable" })),
    ).rejects.toThrow(/^503: Service Unavailable$/);
  });
  it("lets success through", async () => {
    await expect(throwIfNotOk(json(200, {}))).resolves.toBeUndefined();
  });
});

describe("apiRequest", () => {
  it("sends cookies and a JSON body with a JSON content type", async () => {
    const calls = serve(() => json(201, { id: "b1", name: "Trail" }));
    const blog = await apiRequest("POST", "/api/blogs", { name: "Trail", description: "" });
    expect(blog).toEqual({ id: "b1", name: "Trail" });
    expect(calls[0]?.url).toBe("/api/blogs");
    expect(calls[0]?.init?.method).toBe("POST");
    expect(calls[0]?.init?.credentials).toBe("include");
    expect(calls[0]?.init?.headers).toEqual({ "Content-Type": "application/json" });
    expect(calls[0]?.init?.body).toBe(JSON.stringify({ name: "Trail", description: "" }));
  });
  it("sends no body and no content type without a payload", async () => {
    const calls = serve(() => new Response(null, { status: 204 }));
    await expect(apiRequest("DELETE", "/api/posts/p1")).resolves.toBeUndefined();
    expect(calls[0]?.init?.body).toBeUndefined();
    expect(calls[0]?.init?.headers).toEqual({});
  });
  it("throws the spec's error for a failed answer", async () => {
    serve(() => json(409, { code: "conflict", message: "Taken" }));
    await expect(apiRequest("POST", "/api/blogs", {})).rejects.toThrow(
      '409: {"code":"conflict","message":"Taken"}',
    );
  });
});

describe("default reads", () => {
  it("join key parts with slashes and send cookies", async () => {
    const calls = serve(() => json(200, { ok: true }));
    expect(pathOf(["/api/blogs", "b1", "posts"])).toBe("/api/blogs/b1/posts");
    await expect(createFetcher()(["/api/blogs", "b1"])).resolves.toEqual({ ok: true });
    expect(calls[0]?.url).toBe("/api/blogs/b1");
    expect(calls[0]?.init?.credentials).toBe("include");
  });
  it("throw on 401 by default", async () => {
    serve(() => json(401, { code: "unauthorized", message: "Sign in to continue" }));
    const error = await createFetcher()("/api/blogs").catch((e: unknown) => e);
    expect(isUnauthorized(error)).toBe(true);
  });
  it("answer null on 401 when asked to", async () => {
    serve(() => json(401, { code: "unauthorized", message: "Sign in to continue" }));
    await expect(createFetcher({ on401: "returnNull" })("/api/auth/user")).resolves.toBeNull();
  });
  it("still throw other failures when null on 401 is asked", async () => {
    serve(() => json(500, { code: "internal", message: "Something went wrong" }));
    await expect(createFetcher({ on401: "returnNull" })("/api/auth/user")).rejects.toThrow(
      /^500: /,
    );
  });
});

describe("messages for toasts", () => {
  it("show the server's message from the JSON body", () => {
    const error = new Error('400: {"code":"validation_failed","message":"name: Too long"}');
    expect(statusOf(error)).toBe(400);
    expect(errorMessage(error, "Failed to create blog")).toBe("name: Too long");
  });
  it("tell a 400's field issues with the fields' names for people, never the API's", () => {
    const body = {
      code: "validation_failed",
      message: "scheduledPublishAt: Scheduled time must be in the future; primaryColor: Invalid",
      issues: [
        { path: "scheduledPublishAt", message: "Scheduled time must be in the future" },
        { path: "primaryColor", message: "Must be a hex colour such as #2563eb" },
        { path: "keywords.2", message: "String must contain at most 100 character(s)" },
        { path: "someNewField", message: "Required" },
      ],
    };
    const shown = errorMessage(new Error(`400: ${JSON.stringify(body)}`), "Failed");
    expect(shown).toBe(
      "Scheduled time must be in the future. Primary color: Must be a hex colour such as #2563eb. Keywords: String must contain at most 100 character(s). Some new field: Required.",
    );
    expect(shown).not.toMatch(/scheduledPublishAt|primaryColor|someNewField/);
  });
  it("fall back when the body is not the API's JSON", () => {
    expect(errorMessage(new Error("502: Bad Gateway"), "Failed to create blog")).toBe(
      "Failed to create blog",
    );
    expect(errorMessage(new TypeError("Failed to fetch"), "Failed to create blog")).toBe(
      "Failed to create blog",
    );
    expect(errorMessage("nope", "Fallback")).toBe("Fallback");
    expect(errorMessage(new Error('500: {"message":"  "}'), "Fallback")).toBe("Fallback");
  });
  it("read field issues of a 400 answer", () => {
    const error = new Error(
      `400: ${JSON.stringify({
        code: "validation_failed",
        message: "…",
        issues: [
          { path: "name", message: "Blog name is required" },
          { path: "description", message: "String must contain at most 500 character(s)" },
        ],
      })}`,
    );
    expect(fieldIssuesOf(error)).toEqual({
      name: "Blog name is required",
      description: "String must contain at most 500 character(s)",
    });
    expect(fieldIssuesOf(new Error("500: {}"))).toEqual({});
  });
});
