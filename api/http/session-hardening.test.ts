import { request } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "../env.ts";
import { createBlog, createOwner } from "../test/factories.ts";
import { type TestApp, testApps } from "../test/harness.ts";

const { start, closeAll } = testApps();
afterAll(closeAll);

const password = "correct horse battery";

describe("owner answers are never cached (issue 13, finding 9)", () => {
  it("sends Cache-Control: private, no-store and no ETag on /api/auth/user and /api/blogs", async () => {
    const app = await start({});
    const owner = await createOwner(app);
    await createBlog(owner);
    for (const path of ["/api/auth/user", "/api/blogs"]) {
      const res = await owner.get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("etag")).toBeNull();
      const again = await owner.get(path, { headers: { "if-none-match": "*" } });
      expect(again.status).toBe(200);
    }
    const refused = await app.client().get("/api/blogs");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("the session cookie on an https origin (issue 13, finding 10)", () => {
  it("is __Host-session with Secure, even when the request came over plain http", async () => {
    const origin = "https://app.example.com";
    const app = await start({ env: { APP_ORIGIN: origin } });
    const client = app.client({ origin });
    const res = await client.post("/auth/sign-up", { email: "secure@example.com", password });
    expect(res.status).toBe(201);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__Host-session="));
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(false);
    expect((await client.get("/api/auth/user")).body.email).toBe("secure@example.com");
    // The old name is not read there: a `session` cookie set by a sibling host means nothing.
    const token = client.cookies.get("__Host-session") as string;
    const stranger = app.client({ origin });
    stranger.cookies.set("session", token);
    expect((await stranger.get("/api/auth/user")).status).toBe(401);
  });
});

/** A failed sign-in sent from `localAddress`, claiming to come from `forwardedFor`. */
const failedSignIn = (app: TestApp, localAddress: string, forwardedFor: string, email: string) =>
  new Promise<number>((resolve, reject) => {
    const url = new URL(app.baseUrl);
    const body = JSON.stringify({ email, password: "wrong password!" });
    request(
      {
        hostname: url.hostname,
        port: url.port,
        localAddress,
        method: "POST",
        path: "/auth/sign-in",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "x-forwarded-for": forwardedFor,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    )
      .on("error", reject)
      .end(body);
  });

describe("forwarded headers only from configured proxies (issue 13, finding 11)", () => {
  const limit = { windowMs: 60_000, perAddress: 5, perEmail: 1000 };

  it("parses TRUST_PROXY: true means loopback, or a list of proxy addresses", () => {
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toEqual(["loopback"]);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "127.0.0.1, 10.0.0.5,10.1.0.0/16" }).TRUST_PROXY).toEqual([
      "127.0.0.1",
      "10.0.0.5",
      "10.1.0.0/16",
    ]);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.300" })).toThrow(/TRUST_PROXY: must be/);
  });

  it("with TRUST_PROXY=true, a client that is not on loopback cannot choose its address", async () => {
    const app = await start({ env: { TRUST_PROXY: "true" } });
    const trusts = app.express.get("trust proxy fn") as (address: string, hop: number) => boolean;
    expect(trusts("127.0.0.1", 0)).toBe(true);
    expect(trusts("203.0.113.9", 0)).toBe(false);
    expect(trusts("10.0.0.5", 0)).toBe(false);
  });

  it("ignores X-Forwarded-For from a peer that is not a configured proxy", async () => {
    // The proxy is 127.0.0.2; this client connects from 127.0.0.1 and spoofs a new address each time.
    const app = await start({ env: { TRUST_PROXY: "127.0.0.2" }, signInRateLimit: limit });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        await failedSignIn(app, "127.0.0.1", `203.0.113.${i + 1}`, `s${i}@example.com`),
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Through the proxy, each forwarded address has its own allowance.
    const proxied: number[] = [];
    for (let i = 0; i < 7; i++) {
      proxied.push(
        await failedSignIn(app, "127.0.0.2", `198.51.100.${i + 1}`, `p${i}@example.com`),
      );
    }
    expect(proxied.every((status) => status === 401)).toBe(true);
  });
});
