import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exec } from "../db/query.ts";
import { createOwner } from "../test/factories.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe("API conventions", () => {
  it("refuses mutating requests from another origin with 403 and changes nothing", async () => {
    const owner = await createOwner(app);
    for (const origin of [
      "https://evil.example",
      "null",
      "http://blog.localhost:3000",
      `${app.origin}.evil.example`,
    ]) {
      const res = await owner.post("/api/blogs", { name: "Forged" }, { origin });
      expect(res.status, origin).toBe(403);
      expect(res.body.code).toBe("cross_origin_refused");
    }
    const signUp = await app
      .client()
      .post(
        "/auth/sign-up",
        { email: "csrf@example.com", password: "long enough" },
        { origin: "https://evil.example" },
      );
    expect(signUp.status).toBe(403);
    expect((await owner.get("/api/blogs")).body).toEqual([]);
  });

  it("accepts the app's own origin and requests without an Origin header", async () => {
    const owner = await createOwner(app);
    expect((await owner.post("/api/blogs", { name: "Own origin" })).status).toBe(201);
    expect((await owner.post("/api/blogs", { name: "No origin" }, { origin: null })).status).toBe(
      201,
    );
  });

  it("uses APP_ORIGIN, when set, as the only accepted origin", async () => {
    const configured = await startTestApp({ env: { APP_ORIGIN: "https://app.example.com" } });
    try {
      const owner = await configured.client({ origin: "https://app.example.com" });
      const res = await owner.post("/auth/sign-up", {
        email: "o@example.com",
        password: "long enough",
      });
      expect(res.status).toBe(201);
      const fromLoopback = await owner.post(
        "/api/blogs",
        { name: "x" },
        { origin: configured.origin },
      );
      expect(fromLoopback.status).toBe(403);
    } finally {
      await configured.close();
    }
  });

  it("answers 413 for bodies over 1 MB and 400 for malformed JSON", async () => {
    const owner = await createOwner(app);
    const big = await owner.post("/api/blogs", { name: "x", description: "y".repeat(1024 * 1024) });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({
      code: "payload_too_large",
      message: "Request body is larger than 1 MB",
    });
    const malformed = await owner.request("POST", "/api/blogs", {
      headers: { "content-type": "application/json" },
      json: undefined,
    });
    expect(malformed.status).toBe(400);
    const broken = await fetch(`${app.baseUrl}/api/blogs`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: `session=${owner.cookies.get("session")}`,
      },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({
      code: "invalid_json",
      message: "Request body is not valid JSON",
    });
  });

  it("answers JSON 404 for unknown API paths and sets security headers", async () => {
    const res = await app.client().get("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: "route_not_found", message: "No API endpoint at this path" });
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("x-powered-by")).toBeNull();
  });
});

describe("unexpected errors", () => {
  it("answer 500 with a request id and no internals", async () => {
    const broken = await startTestApp();
    try {
      const owner = await createOwner(broken);
      const { sql } = await import("drizzle-orm");
      await exec(broken.db, sql`ALTER TABLE blogs RENAME TO blogs_moved`);
      const res = await owner.get("/api/blogs");
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        code: "internal_error",
        message:
          "Something went wrong on our side. Try again; if it keeps happening, quote the request id.",
        requestId: res.headers.get("x-request-id"),
      });
      expect(res.text).not.toMatch(/blogs|sqlite|no such table|at /i);
    } finally {
      await broken.close();
    }
  });
});
