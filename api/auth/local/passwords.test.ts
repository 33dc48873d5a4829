import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResets, users } from "../../db/schema.ts";
import type { Mail, Mailer } from "../../mail/mailer.ts";
import { createOwner } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { createSessionStore } from "../sessions.ts";
import { resetRequestedMessage } from "./password-pages.ts";
import { createPasswords, resetLinkLifetimeMs } from "./passwords-service.ts";

const password = "correct horse battery";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    signInRateLimit: { changesPerPerson: 3, resetsPerEmail: 2, resetsPerAddress: 1000 },
  });
});
afterAll(() => app.close());

let counter = 0;
/** A built-in account signed in on two clients (two devices). */
async function ownerOnTwoDevices() {
  const email = `pw-${Date.now().toString(36)}-${counter++}@example.com`;
  const phone = await createOwner(app, email);
  const laptop = app.client();
  const signedIn = await laptop.post("/auth/sign-in", { email, password });
  expect(signedIn.status).toBe(200);
  const me = await phone.get("/api/auth/user");
  return { email, phone, laptop, userId: me.body.id as string };
}

const signInWorks = async (email: string, pw: string) =>
  (await app.client().post("/auth/sign-in", { email, password: pw })).status === 200;
const isSignedIn = async (client: TestClient) =>
  (await client.get("/api/auth/user")).status === 200;

describe("changing the password in Account Settings", () => {
  it("says a built-in account has a password", async () => {
    const { phone } = await ownerOnTwoDevices();
    expect((await phone.get("/api/auth/password")).body).toEqual({ builtIn: true });
    expect((await app.client().get("/api/auth/password")).status).toBe(401);
  });

  it("lists every problem of the input in one 400 and changes nothing", async () => {
    const { email, phone, laptop } = await ownerOnTwoDevices();
    const res = await phone.put("/api/auth/password", {
      currentPassword: "",
      newPassword: "short",
      confirmPassword: "other",
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: "currentPassword", message: "Enter your current password" },
      { path: "newPassword", message: "Password must be at least 8 characters" },
      { path: "confirmPassword", message: "The new passwords do not match" },
    ]);
    expect(await signInWorks(email, password)).toBe(true);
    expect(await isSignedIn(laptop)).toBe(true);
  });

  it("refuses a wrong current password clearly and changes nothing", async () => {
    const { email, phone, laptop } = await ownerOnTwoDevices();
    const res = await phone.put("/api/auth/password", {
      currentPassword: "not my password",
      newPassword: "a brand new secret",
      confirmPassword: "a brand new secret",
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "current_password_incorrect",
      issues: [{ path: "currentPassword", message: "Your current password is not right." }],
    });
    expect(await signInWorks(email, password)).toBe(true);
    expect(await signInWorks(email, "a brand new secret")).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);
  });

  it("sets the new password and signs out every other session, keeping this one", async () => {
    const { email, phone, laptop, userId } = await ownerOnTwoDevices();
    // An open reset link stops working when the password changes.
    const passwords = createPasswords({ db: app.db, sessions: createSessionStore(app.db) });
    const { url } = await passwords.operatorLink(email, app.origin);
    const res = await phone.put("/api/auth/password", {
      currentPassword: password,
      newPassword: "a brand new secret",
      confirmPassword: "a brand new secret",
    });
    expect(res.status).toBe(204);
    expect(await isSignedIn(phone)).toBe(true);
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await signInWorks(email, password)).toBe(false);
    expect(await signInWorks(email, "a brand new secret")).toBe(true);
    const link = await app.client().get(new URL(url).pathname + new URL(url).search);
    expect(link.status).toBe(410);
    const rows = await app.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, userId));
    expect(rows).toEqual([]);
  });

  it("is rate limited like sign-in: failed attempts per person", async () => {
    const { phone } = await ownerOnTwoDevices();
    const wrong = {
      currentPassword: "not my password",
      newPassword: "a brand new secret",
      confirmPassword: "a brand new secret",
    };
    for (let i = 0; i < 3; i++) {
      expect((await phone.put("/api/auth/password", wrong)).status).toBe(400);
    }
    const limited = await phone.put("/api/auth/password", { ...wrong, currentPassword: password });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
  });

  it("answers 409 for an account without a password (OpenID provider)", async () => {
    const [user] = await app.db
      .insert(users)
      .values({ email: "provider@example.com", oidcIssuer: "https://id.test", oidcSubject: "s1" })
      .returning();
    const { token } = await createSessionStore(app.db).create(user?.id as string);
    const client = app.client();
    client.cookies.set("session", token);
    expect((await client.get("/api/auth/password")).body).toEqual({ builtIn: false });
    const res = await client.put("/api/auth/password", {
      currentPassword: "anything at all",
      newPassword: "a brand new secret",
      confirmPassword: "a brand new secret",
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("password_managed_elsewhere");
  });
});

/** A mailer that keeps what it is given (the real SMTP path: smtp-mailer.test.ts). */
function keptMail(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    from: "blogs@example.test",
    sent,
    send: async (mail) => void sent.push(mail),
    close: () => {},
  };
}

const tokenIn = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)?.[1] as string;

describe("one-time reset links", () => {
  it("stores only the SHA-256 of a random 32-byte token, for 1 hour", async () => {
    const { email, userId } = await ownerOnTwoDevices();
    const now = new Date("2026-11-29T10:00:00Z");
    const mailer = keptMail();
    const passwords = createPasswords({
      db: app.db,
      sessions: createSessionStore(app.db),
      clock: () => now,
      mailer,
      appOrigin: "https://app.example.test",
    });
    await passwords.request(email.toUpperCase());
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]?.to).toBe(email);
    const token = tokenIn(mailer.sent[0]?.text ?? "");
    expect(mailer.sent[0]?.text).toContain(`https://app.example.test/auth/reset-password?token=`);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const [row] = await app.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, userId));
    expect(row?.id).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.expiresAt.getTime()).toBe(now.getTime() + resetLinkLifetimeMs);
  });

  it("sends nothing for an unknown address or an account without a password", async () => {
    const mailer = keptMail();
    const passwords = createPasswords({
      db: app.db,
      sessions: createSessionStore(app.db),
      mailer,
      appOrigin: "https://app.example.test",
    });
    await app.db
      .insert(users)
      .values({ email: "oidc-only@example.com", oidcIssuer: "https://id.test", oidcSubject: "s2" });
    await passwords.request("nobody@example.com");
    await passwords.request("oidc-only@example.com");
    expect(mailer.sent).toEqual([]);
  });

  it("expires after an hour", async () => {
    const { email } = await ownerOnTwoDevices();
    let now = new Date("2026-11-29T10:00:00Z");
    const passwords = createPasswords({
      db: app.db,
      sessions: createSessionStore(app.db),
      clock: () => now,
    });
    const token = tokenIn((await passwords.operatorLink(email, app.origin)).url);
    now = new Date(now.getTime() + resetLinkLifetimeMs - 1000);
    expect(await passwords.linkWorks(token)).toBe(true);
    now = new Date(now.getTime() + 2000);
    expect(await passwords.linkWorks(token)).toBe(false);
    await expect(passwords.reset(token, "too late for this")).rejects.toMatchObject({
      status: 410,
    });
    expect(await signInWorks(email, password)).toBe(true);
  });

  it("works once, voids the older links and signs out every session", async () => {
    const { email, phone, laptop } = await ownerOnTwoDevices();
    const passwords = createPasswords({ db: app.db, sessions: createSessionStore(app.db) });
    const older = tokenIn((await passwords.operatorLink(email, app.origin)).url);
    const token = tokenIn((await passwords.operatorLink(email, app.origin)).url);
    expect(await passwords.linkWorks(older)).toBe(false);
    expect(await passwords.linkWorks(token)).toBe(true);

    await passwords.reset(token, "river stones at dawn");
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await signInWorks(email, "river stones at dawn")).toBe(true);
    await expect(passwords.reset(token, "and once again")).rejects.toMatchObject({ status: 410 });
    expect(await signInWorks(email, "river stones at dawn")).toBe(true);
  });

  it("refuses the operator's link for an unknown address and for a provider's account", async () => {
    const passwords = createPasswords({ db: app.db, sessions: createSessionStore(app.db) });
    await expect(passwords.operatorLink("ghost@example.com", app.origin)).rejects.toThrow(
      "No account on this server signs in with ghost@example.com.",
    );
    await app.db
      .insert(users)
      .values({ email: "oidc-two@example.com", oidcIssuer: "https://id.test", oidcSubject: "s3" });
    await expect(passwords.operatorLink("oidc-two@example.com", app.origin)).rejects.toThrow(
      "signs in with an OpenID provider",
    );
  });
});

describe("the reset pages", () => {
  it("has 'Forgot password?' on the sign-in page; without SMTP it names the operator's command", async () => {
    const signIn = await app.client().get("/auth/sign-in");
    expect(signIn.text).toContain('<a href="/auth/forgot-password">Forgot password?</a>');
    const page = await app.client().get("/auth/forgot-password");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Reset your password</h1>");
    expect(page.text).toContain("npm run user:reset-password");
    expect(page.text).not.toContain('action="/auth/forgot-password"');
    // Posting anyway answers the same page for every address.
    const { email } = await ownerOnTwoDevices();
    const known = await app.client().request("POST", "/auth/forgot-password", { form: { email } });
    const unknown = await app
      .client()
      .request("POST", "/auth/forgot-password", { form: { email: "nobody@example.com" } });
    expect(known.status).toBe(200);
    expect(known.text).toBe(unknown.text);
    expect(known.text).not.toContain(resetRequestedMessage);
  });

  it("sets a new password from the link, signs in and answers 410 for a used or made-up link", async () => {
    const { email, phone } = await ownerOnTwoDevices();
    const passwords = createPasswords({ db: app.db, sessions: createSessionStore(app.db) });
    const token = tokenIn((await passwords.operatorLink(email, app.origin)).url);
    const page = await app.client().get(`/auth/reset-password?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<h1>Choose a new password</h1>");

    const visitor = app.client();
    const bad = await visitor.request("POST", "/auth/reset-password", {
      form: { token, password: "short", confirmPassword: "other" },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Password must be at least 8 characters");
    expect(bad.text).toContain("The new passwords do not match");
    expect(await passwords.linkWorks(token)).toBe(true);

    const ok = await visitor.request("POST", "/auth/reset-password", {
      form: { token, password: "river stones at dawn", confirmPassword: "river stones at dawn" },
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/");
    expect(await isSignedIn(visitor)).toBe(true);
    expect(await isSignedIn(phone)).toBe(false);

    const again = await app.client().get(`/auth/reset-password?token=${token}`);
    expect(again.status).toBe(410);
    expect(again.text).toContain("<h1>This link no longer works</h1>");
    const madeUp = await app.client().request("POST", "/auth/reset-password", {
      form: {
        token: "A".repeat(43),
        password: "whatever it is",
        confirmPassword: "whatever it is",
      },
    });
    expect(madeUp.status).toBe(410);
  });
});
