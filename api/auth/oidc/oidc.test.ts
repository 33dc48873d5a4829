import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import Provider from "oidc-provider";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { first } from "../../db/query.ts";
import { sessions, users } from "../../db/schema.ts";
import { startTestApp, type TestApp, TestClient } from "../../test/harness.ts";

type Profile = { given_name: string; family_name: string; email: string; picture: string };

type ProviderOptions = {
  /** oidc-provider's default: profile claims only from UserInfo, not in the ID token. */
  conformIdTokenClaims?: boolean;
};

/**
 * A real OpenID provider (oidc-provider) on loopback and the app configured to use it.
 * The provider's login form accepts any password for an account id present in `accounts`.
 */
async function startAppWithProvider(options: ProviderOptions = {}) {
  const accounts = new Map<string, Profile>();
  const requests: string[] = [];
  const providerErrors: unknown[] = [];

  // The issuer must be known before the app starts and the redirect URI only after,
  // so the provider's server listens first and gets its handler once the app is up.
  let handle: RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handle(req, res));
  const issuer = await listen(server);
  const clientId = "blogfleet";
  const clientSecret = "a-client-secret-of-reasonable-length";
  const app = await startTestApp({
    env: { OIDC_ISSUER_URL: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
  });

  // Its start-up warnings are about running it in production (in-memory store, dev keys,
  // dev login pages), which this test does not; they would only bury the test output.
  const startupWarnings = vi.spyOn(console, "warn").mockImplementation(() => {});
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${app.baseUrl}/api/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email"],
      profile: ["given_name", "family_name", "picture"],
    },
    conformIdTokenClaims: options.conformIdTokenClaims ?? false,
    cookies: { keys: ["provider-cookie-signing-key"] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    findAccount: async (_ctx, sub) => {
      if (!accounts.has(sub)) return undefined;
      return {
        accountId: sub,
        // Read at token time, so a test can change the profile between sign-ins.
        claims: async () => ({ sub, ...accounts.get(sub) }),
      };
    },
  });
  startupWarnings.mockRestore();
  provider.use(async (ctx, next) => {
    requests.push(`${ctx.method} ${ctx.path}`);
    await next();
  });
  // A listener keeps Koa from printing errors itself; the tests assert there were none.
  provider.on("server_error", (_ctx: unknown, error: unknown) => providerErrors.push(error));
  provider.on("error", (error: unknown) => providerErrors.push(error));
  handle = provider.callback();

  return {
    app,
    issuer,
    accounts,
    requests,
    providerErrors,
    /** A browser's cookie jar at the provider, separate from its jar at the app. */
    providerBrowser: () => new TestClient(issuer, issuer),
    close: async () => {
      await app.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
type Setup = Awaited<ReturnType<typeof startAppWithProvider>>;

async function listen(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

/**
 * What a person does at the provider: follow its redirects, sign in as `login` on its form
 * and approve the consent page (or cancel at the first form), until it sends the browser
 * back to the app. Returns that URL.
 */
async function authorizeAtProvider(
  browser: TestClient,
  authorizationUrl: URL,
  login: string,
  { cancel = false } = {},
): Promise<URL> {
  let next = authorizationUrl;
  for (let step = 0; step < 12; step++) {
    const res = await browser.get(pathOf(next));
    if (res.status >= 300 && res.status < 400) {
      next = new URL(res.headers.get("location") as string, browser.baseUrl);
      if (next.origin !== browser.baseUrl) return next;
      continue;
    }
    const form =
      /<form[^>]*action="([^"]+)"[^>]*>\s*<input type="hidden" name="prompt" value="(\w+)"/.exec(
        res.text,
      );
    if (res.status !== 200 || !form) {
      throw new Error(`unexpected answer from the provider: ${res.status} ${res.text}`);
    }
    const [, action = "", prompt = ""] = form;
    if (cancel) {
      next = new URL(`${action}/abort`, browser.baseUrl);
      continue;
    }
    const fields: Record<string, string> =
      prompt === "login" ? { prompt, login, password: "any password" } : { prompt };
    const submitted = await browser.request("POST", pathOf(new URL(action, browser.baseUrl)), {
      form: fields,
    });
    expect(submitted.status, submitted.text).toBe(303);
    next = new URL(submitted.headers.get("location") as string, browser.baseUrl);
  }
  throw new Error("the provider never sent the browser back to the app");
}

/** Starts sign-in at the app, completes it at the provider, and returns the callback URL. */
async function signInUpTo(
  setup: Setup,
  browser: TestClient,
  login: string,
  providerBrowser?: TestClient,
) {
  const start = await browser.get("/api/login");
  expect(start.status).toBe(302);
  const authorizationUrl = new URL(start.headers.get("location") as string);
  const callbackUrl = await authorizeAtProvider(
    providerBrowser ?? setup.providerBrowser(),
    authorizationUrl,
    login,
  );
  return { start, authorizationUrl, callbackUrl };
}

const sessionCookieOf = (headers: Headers) =>
  headers.getSetCookie().find((cookie) => cookie.startsWith("session="));

async function sessionCount(app: TestApp): Promise<number> {
  const row = await first(app.db.select({ n: count() }).from(sessions));
  return row?.n ?? 0;
}

const ada: Profile = {
  given_name: "Ada",
  family_name: "Lovelace",
  email: "Ada@Example.com",
  picture: "https://images.example.com/ada.png",
};

describe("sign-in with an OpenID Connect provider", () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await startAppWithProvider();
  });
  afterAll(() => setup.close());
  afterEach(() => {
    expect(setup.providerErrors).toEqual([]);
  });

  it("goes to the provider with PKCE, state and nonce, and comes back signed in", async () => {
    setup.accounts.set("ada", ada);
    const browser = setup.app.client();
    const { start, authorizationUrl, callbackUrl } = await signInUpTo(setup, browser, "ada");

    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(`${setup.issuer}/auth`);
    const params = authorizationUrl.searchParams;
    expect(params.get("client_id")).toBe("blogfleet");
    expect(params.get("response_type")).toBe("code");
    expect(params.get("redirect_uri")).toBe(`${setup.app.baseUrl}/api/callback`);
    expect(params.get("scope")?.split(" ").sort()).toEqual(["email", "openid", "profile"]);
    expect(params.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("state")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.get("nonce")).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const flowCookie = start.headers.getSetCookie().find((c) => c.startsWith("oidc_flow="));
    expect(flowCookie).toMatch(/HttpOnly/i);
    expect(flowCookie).toMatch(/Path=\/api\/callback/i);

    expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(
      `${setup.app.baseUrl}/api/callback`,
    );
    expect(callbackUrl.searchParams.get("code")).toBeTruthy();
    expect(callbackUrl.searchParams.get("state")).toBe(params.get("state"));

    const done = await browser.get(pathOf(callbackUrl));
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/");
    const cookie = sessionCookieOf(done.headers);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(browser.cookies.has("oidc_flow")).toBe(false);

    const me = await browser.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: expect.any(String),
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      profileImageUrl: "https://images.example.com/ada.png",
    });
    // The profile came in the ID token; UserInfo was not needed.
    expect(setup.requests.filter((request) => request.endsWith(" /me"))).toEqual([]);
  });

  it("updates the same user from the provider's profile on the next sign-in", async () => {
    setup.accounts.set("grace", {
      given_name: "Grace",
      family_name: "Murray",
      email: "grace@example.com",
      picture: "https://images.example.com/grace.png",
    });
    const providerBrowser = setup.providerBrowser();
    const first = setup.app.client();
    const { callbackUrl } = await signInUpTo(setup, first, "grace", providerBrowser);
    await first.get(pathOf(callbackUrl));
    const before = await first.get("/api/auth/user");
    expect(before.body.lastName).toBe("Murray");

    setup.accounts.set("grace", {
      given_name: "Grace Brewster",
      family_name: "Hopper",
      email: "Grace.Hopper@Example.com",
      picture: "https://images.example.com/grace-2.png",
    });
    // Same person, same provider session (no login form this time), new browser at the app.
    const second = setup.app.client();
    const again = await signInUpTo(setup, second, "grace", providerBrowser);
    expect((await second.get(pathOf(again.callbackUrl))).status).toBe(302);
    const after = await second.get("/api/auth/user");
    expect(after.body).toEqual({
      id: before.body.id,
      firstName: "Grace Brewster",
      lastName: "Hopper",
      email: "grace.hopper@example.com",
      profileImageUrl: "https://images.example.com/grace-2.png",
    });
    const rows = await setup.app.db.select().from(users).where(eq(users.oidcSubject, "grace"));
    expect(rows).toHaveLength(1);
  });

  it("refuses a callback whose state was tampered with", async () => {
    setup.accounts.set("mallory", ada);
    const browser = setup.app.client();
    const { callbackUrl } = await signInUpTo(setup, browser, "mallory");
    callbackUrl.searchParams.set("state", "forged-state-value-0123456789");

    const res = await browser.get(pathOf(callbackUrl));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("sign_in_failed");
    expect(sessionCookieOf(res.headers)).toBeUndefined();
    expect(browser.cookies.has("session")).toBe(false);
    expect((await browser.get("/api/auth/user")).status).toBe(401);
  });

  it("refuses a replayed callback and a used code injected into a new attempt", async () => {
    setup.accounts.set("replay", ada);
    const browser = setup.app.client();
    const { callbackUrl } = await signInUpTo(setup, browser, "replay");
    const flowToken = browser.cookies.get("oidc_flow") as string;
    expect((await browser.get(pathOf(callbackUrl))).status).toBe(302);
    const sessionsAfterSignIn = await sessionCount(setup.app);

    // The exact callback again, with the same flow cookie (an attacker who saw both).
    const replayer = setup.app.client();
    replayer.cookies.set("oidc_flow", flowToken);
    const replay = await replayer.get(pathOf(callbackUrl));
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe("sign_in_failed");
    expect(sessionCookieOf(replay.headers)).toBeUndefined();

    // The used code inside a fresh attempt of the attacker's own: PKCE and the provider refuse it.
    const injector = setup.app.client();
    const fresh = await injector.get("/api/login");
    const freshState = new URL(fresh.headers.get("location") as string).searchParams.get("state");
    const injected = new URL(callbackUrl);
    injected.searchParams.set("state", freshState as string);
    const injection = await injector.get(pathOf(injected));
    expect(injection.status).toBe(400);
    expect(injection.body.code).toBe("sign_in_failed");
    expect(sessionCookieOf(injection.headers)).toBeUndefined();

    expect(await sessionCount(setup.app)).toBe(sessionsAfterSignIn);
  });

  it("refuses a callback without the flow cookie", async () => {
    setup.accounts.set("elsewhere", ada);
    const browser = setup.app.client();
    const { callbackUrl } = await signInUpTo(setup, browser, "elsewhere");
    const sessionsBefore = await sessionCount(setup.app);

    const otherBrowser = setup.app.client();
    const res = await otherBrowser.get(pathOf(callbackUrl));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: "sign_in_failed",
      message:
        "This sign-in link has expired or was opened in another browser. Start signing in again.",
    });
    expect(sessionCookieOf(res.headers)).toBeUndefined();
    expect((await otherBrowser.get("/api/auth/user")).status).toBe(401);
    expect(await sessionCount(setup.app)).toBe(sessionsBefore);
  });

  it("refuses sign-in when the person cancels at the provider", async () => {
    setup.accounts.set("undecided", ada);
    const browser = setup.app.client();
    const start = await browser.get("/api/login");
    const callbackUrl = await authorizeAtProvider(
      setup.providerBrowser(),
      new URL(start.headers.get("location") as string),
      "undecided",
      { cancel: true },
    );
    expect(callbackUrl.searchParams.get("error")).toBe("access_denied");
    expect(callbackUrl.searchParams.has("code")).toBe(false);

    const res = await browser.get(pathOf(callbackUrl));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("sign_in_failed");
    expect(sessionCookieOf(res.headers)).toBeUndefined();
    expect((await browser.get("/api/auth/user")).status).toBe(401);
  });

  it("does not serve the built-in sign-in page", async () => {
    const client = setup.app.client();
    const sessionsBefore = await sessionCount(setup.app);
    expect((await client.get("/auth/sign-in")).status).toBe(404);
    const signIn = await client.request("POST", "/auth/sign-in", {
      form: { email: "someone@example.com", password: "correct horse battery" },
    });
    expect(signIn.status).toBe(404);
    const signUp = await client.request("POST", "/auth/sign-up", {
      form: { email: "someone@example.com", password: "correct horse battery" },
    });
    expect(signUp.status).toBe(404);
    expect(await sessionCount(setup.app)).toBe(sessionsBefore);
    expect(client.cookies.has("session")).toBe(false);
  });
});

describe("a provider that sends the profile only from UserInfo", () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await startAppWithProvider({ conformIdTokenClaims: true });
  });
  afterAll(() => setup.close());

  it("reads name, e-mail and picture from the UserInfo endpoint", async () => {
    setup.accounts.set("ada", ada);
    const browser = setup.app.client();
    const { callbackUrl } = await signInUpTo(setup, browser, "ada");
    expect((await browser.get(pathOf(callbackUrl))).status).toBe(302);
    expect(setup.requests).toContainEqual(expect.stringMatching(/ \/me$/));
    expect((await browser.get("/api/auth/user")).body).toEqual({
      id: expect.any(String),
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      profileImageUrl: "https://images.example.com/ada.png",
    });
    expect(setup.providerErrors).toEqual([]);
  });
});

describe("an unreachable provider", () => {
  let app: TestApp;
  beforeAll(async () => {
    // A port that was free a moment ago and now has no one listening.
    const probe = createServer();
    const issuer = await listen(probe);
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    app = await startTestApp({
      env: { OIDC_ISSUER_URL: issuer, OIDC_CLIENT_ID: "blogfleet", OIDC_CLIENT_SECRET: "secret" },
    });
  });
  afterAll(() => app.close());

  it("answers /api/login with 503 sign_in_provider_unavailable", async () => {
    const client = app.client();
    const res = await client.get("/api/login");
    expect(res.status).toBe(503);
    expect(res.body.code).toBe("sign_in_provider_unavailable");
    expect(res.body.message).toContain("could not be reached");
    expect(client.cookies.has("oidc_flow")).toBe(false);
  });
});
