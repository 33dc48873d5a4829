import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    signInRateLimit: { windowMs: 60_000, perAddress: 1000, perEmail: 5 },
  });
});
afterAll(() => app.close());

const password = "correct horse battery";

describe("built-in sign-in", () => {
  it("sends /api/login to the sign-in page with Email, Password, Sign in and Create account", async () => {
    const client = app.client();
    const login = await client.get("/api/login");
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/auth/sign-in");
    const page = await client.get("/auth/sign-in");
    expect(page.status).toBe(200);
    expect(page.text).toContain('<label for="email">Email</label>');
    expect(page.text).toContain('<label for="password">Password</label>');
    expect(page.text).toMatch(/<button[^>]*>Sign in<\/button>/);
    expect(page.text).toMatch(
      /<button[^>]*formaction="\/auth\/sign-up"[^>]*>Create account<\/button>/,
    );
  });

  it("signs up with the form, lands on / with a session, and /api/auth/user answers the user", async () => {
    const client = app.client();
    const res = await client.request("POST", "/auth/sign-up", {
      form: { email: "  Ada@Example.com ", password },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("session="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: expect.any(String),
      firstName: null,
      lastName: null,
      email: "ada@example.com",
      profileImageUrl: null,
    });
  });

  it("refuses a second account for the same e-mail", async () => {
    await app.client().post("/auth/sign-up", { email: "twice@example.com", password });
    const again = await app
      .client()
      .post("/auth/sign-up", { email: "TWICE@example.com", password });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("An account with this email already exists. Sign in instead.");
  });

  it("signs in with the right password and refuses a wrong one without a session", async () => {
    await app.client().post("/auth/sign-up", { email: "grace@example.com", password });
    const wrong = app.client();
    const refused = await wrong.request("POST", "/auth/sign-in", {
      form: { email: "grace@example.com", password: "wrong password!" },
    });
    expect(refused.status).toBe(401);
    expect(refused.text).toContain("Incorrect email or password.");
    expect(refused.text).toContain('value="grace@example.com"');
    expect(wrong.cookies.has("session")).toBe(false);
    expect((await wrong.get("/api/auth/user")).status).toBe(401);

    const unknown = await app
      .client()
      .post("/auth/sign-in", { email: "nobody@example.com", password });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe("Incorrect email or password.");

    const right = app.client();
    const ok = await right.post("/auth/sign-in", { email: "grace@example.com", password });
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe("grace@example.com");
    expect((await right.get("/api/auth/user")).status).toBe(200);
  });

  it("lists every problem with the credentials", async () => {
    const res = await app
      .client()
      .post("/auth/sign-up", { email: "not-an-email", password: "short" });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: "email", message: "Enter a valid email address" },
      { path: "password", message: "Password must be at least 8 characters" },
    ]);
    const page = await app
      .client()
      .request("POST", "/auth/sign-up", { form: { email: "", password: "" } });
    expect(page.status).toBe(400);
    expect(page.text).toContain("Enter a valid email address");
    expect(page.text).toContain("Password must be at least 8 characters");
  });

  it("logs out: the session ends on the server and the cookie is cleared", async () => {
    const client = app.client();
    await client.post("/auth/sign-up", { email: "leaver@example.com", password });
    const token = client.cookies.get("session");
    const out = await client.get("/api/logout");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/");
    expect(client.cookies.has("session")).toBe(false);
    // The old token no longer works even if someone kept it.
    const replay = app.client();
    replay.cookies.set("session", token as string);
    expect((await replay.get("/api/auth/user")).status).toBe(401);
  });

  it("rate limits failed sign-ins per e-mail", async () => {
    await app.client().post("/auth/sign-up", { email: "target@example.com", password });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await app
        .client()
        .post("/auth/sign-in", { email: "target@example.com", password: `guess-${i}-xx` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const blocked = await app
      .client()
      .post("/auth/sign-in", { email: "target@example.com", password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe("Too many sign-in attempts. Wait 1 minutes and try again.");
  });
});
