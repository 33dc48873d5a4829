import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetRequestedMessage } from "../auth/local/password-pages.ts";
import { parseEnv } from "../env.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { decodeQuotedPrintable, startSmtpPeer } from "../test/smtp-peer.ts";

const appOrigin = "http://app.example.test";
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let app: TestApp;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  app = await startTestApp({
    env: { SMTP_URL: smtp.url, SMTP_FROM: "Blogfleet <blogs@example.test>", APP_ORIGIN: appOrigin },
    signInRateLimit: { resetsPerEmail: 2, resetsPerAddress: 1000 },
  });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

describe("password reset by e-mail (SMTP configured)", () => {
  it("e-mails a one-time link to the APP_ORIGIN and answers every address the same", async () => {
    const client = () => app.client({ origin: appOrigin });
    const email = `mail-${Date.now().toString(36)}@example.com`;
    // Requests come from APP_ORIGIN's pages (the Origin check compares with it).
    const phone = client();
    await phone.post("/auth/sign-up", { email, password: "correct horse battery" });
    expect((await phone.get("/api/auth/user")).status).toBe(200);

    const form = await client().get("/auth/forgot-password");
    expect(form.text).toContain('action="/auth/forgot-password"');
    expect(form.text).not.toContain("npm run user:reset-password");

    const unknown = await client().request("POST", "/auth/forgot-password", {
      form: { email: "nobody@example.com" },
    });
    const known = await client().request("POST", "/auth/forgot-password", {
      form: { email: email.toUpperCase() },
    });
    expect(unknown.status).toBe(200);
    expect(known.text).toBe(unknown.text);
    expect(known.text).toContain(resetRequestedMessage);

    const mail = await smtp.next();
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe("blogs@example.test");
    expect(mail.raw).toMatch(/^Subject: Reset your Blogfleet password\r?$/m);
    const body = decodeQuotedPrintable(mail.raw);
    const link =
      /http:\/\/app\.example\.test\/auth\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(body);
    expect(link).not.toBeNull();
    // Only the known address got mail.
    expect(smtp.received).toHaveLength(1);

    const path = `/auth/reset-password?token=${link?.[1]}`;
    expect((await client().get(path)).status).toBe(200);
    const visitor = client();
    const done = await visitor.request("POST", "/auth/reset-password", {
      form: {
        token: link?.[1] as string,
        password: "a new one for mail",
        confirmPassword: "a new one for mail",
      },
    });
    expect(done.status).toBe(303);
    expect((await visitor.get("/api/auth/user")).body.email).toBe(email);
    expect((await phone.get("/api/auth/user")).status).toBe(401);
    expect((await client().get(path)).status).toBe(410);
  });

  it("limits requests per address (e-mail), whether or not an account has it", async () => {
    const post = () =>
      app
        .client({ origin: appOrigin })
        .request("POST", "/auth/forgot-password", { form: { email: "limited@example.com" } });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(limited.text).toContain("Too many attempts.");
  });
});

describe("SMTP settings", () => {
  it("needs SMTP_FROM and APP_ORIGIN with SMTP_URL, and an smtp(s) URL", () => {
    expect(() => parseEnv({ SMTP_URL: "smtp://mail.example.com:587" })).toThrow(
      /SMTP_FROM: is required when SMTP_URL is set[\s\S]*APP_ORIGIN: is required when SMTP_URL is set/,
    );
    expect(() => parseEnv({ SMTP_FROM: "blogs@example.com" })).toThrow(
      /SMTP_URL: is required when SMTP_FROM is set/,
    );
    expect(() =>
      parseEnv({
        SMTP_URL: "http://mail.example.com",
        SMTP_FROM: "blogs@example.com",
        APP_ORIGIN: "https://app.example.com",
      }),
    ).toThrow(/SMTP_URL: must be an SMTP URL/);
    const env = parseEnv({
      SMTP_URL: "smtps://user:secret@mail.example.com:465",
      SMTP_FROM: "Blogfleet <blogs@example.com>",
      APP_ORIGIN: "https://app.example.com",
    });
    expect(env.SMTP_URL).toBe("smtps://user:secret@mail.example.com:465");
  });
});
