import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "../db/query.ts";
import { sessions } from "../db/schema.ts";
import { createOwner } from "../test/factories.ts";
import { startTestApp, type TestApp } from "../test/harness.ts";
import { hashToken, sessionLifetimeMs } from "./sessions.ts";

let now = Date.parse("2026-11-01T12:00:00Z");
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ clock: () => new Date(now) });
});
afterAll(() => app.close());

const day = 24 * 60 * 60 * 1000;

describe("sessions", () => {
  it("stores only the SHA-256 of the token", async () => {
    const owner = await createOwner(app);
    const token = owner.cookies.get("session") as string;
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const byToken = await first(app.db.select().from(sessions).where(eq(sessions.id, token)));
    expect(byToken).toBeUndefined();
    const byHash = await first(
      app.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    );
    expect(byHash?.expiresAt.getTime()).toBe(now + sessionLifetimeMs);
  });

  it("refuses a tampered token", async () => {
    const owner = await createOwner(app);
    const token = owner.cookies.get("session") as string;
    const last = token.at(-1) === "a" ? "b" : "a";
    owner.cookies.set("session", token.slice(0, -1) + last);
    const res = await owner.get("/api/auth/user");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: "unauthorized", message: "Sign in to continue" });
    // The bad cookie is cleared.
    expect(owner.cookies.has("session")).toBe(false);
  });

  it("renews in the second half of its life and expires after 30 idle days", async () => {
    const owner = await createOwner(app);
    const token = owner.cookies.get("session") as string;
    const start = now;
    now = start + 10 * day;
    let res = await owner.get("/api/auth/user");
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(false);

    now = start + 16 * day;
    res = await owner.get("/api/auth/user");
    expect(res.status).toBe(200);
    const renewed = res.headers.getSetCookie().find((c) => c.startsWith("session="));
    expect(renewed).toContain(new Date(now + sessionLifetimeMs).toUTCString());
    const row = await first(
      app.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    );
    expect(row?.expiresAt.getTime()).toBe(now + sessionLifetimeMs);

    now += sessionLifetimeMs + 1;
    res = await owner.get("/api/auth/user");
    expect(res.status).toBe(401);
    const gone = await first(
      app.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    );
    expect(gone).toBeUndefined();
    now = start;
  });
});

describe("sessions kept in memory (one process)", () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await startTestApp({ clock: () => new Date(now), sessionCacheMs: 60_000 });
  });
  afterAll(() => cached.close());

  it("answers a validated session from memory, and a sign-out counts at once", async () => {
    const owner = await createOwner(cached);
    const token = owner.cookies.get("session") as string;
    expect((await owner.get("/api/auth/user")).status).toBe(200);
    // The row is gone behind the store's back (as another process would do it): memory answers.
    await cached.db.delete(sessions).where(eq(sessions.id, hashToken(token)));
    expect((await owner.get("/api/auth/user")).status).toBe(200);

    const other = await createOwner(cached);
    const otherToken = other.cookies.get("session") as string;
    expect((await other.get("/api/auth/user")).status).toBe(200);
    expect((await other.post("/api/logout", {})).status).toBe(303);
    other.cookies.set("session", otherToken);
    expect((await other.get("/api/auth/user")).status).toBe(401);
  });

  it("signs out every other session of a new password at once, memory too", async () => {
    const email = `memory-${Date.now().toString(36)}@example.com`;
    const phone = await createOwner(cached, email);
    const laptop = cached.client();
    await laptop.post("/auth/sign-in", { email, password: "correct horse battery" });
    // Both sessions are in memory now.
    expect((await phone.get("/api/auth/user")).status).toBe(200);
    expect((await laptop.get("/api/auth/user")).status).toBe(200);
    const changed = await phone.put("/api/auth/password", {
      currentPassword: "correct horse battery",
      newPassword: "a brand new secret",
      confirmPassword: "a brand new secret",
    });
    expect(changed.status).toBe(204);
    expect((await laptop.get("/api/auth/user")).status).toBe(401);
    expect((await phone.get("/api/auth/user")).status).toBe(200);
  });

  it("reads the user again after it changes", async () => {
    const owner = await createOwner(cached);
    expect((await owner.get("/api/account/settings")).body).toEqual({ maximumTrust: false });
    expect((await owner.patch("/api/account/settings", { maximumTrust: true })).status).toBe(200);
    expect((await owner.get("/api/account/settings")).body).toEqual({ maximumTrust: true });
  });

  it("renews and expires as without memory", async () => {
    const owner = await createOwner(cached);
    const start = now;
    try {
      expect((await owner.get("/api/auth/user")).status).toBe(200);
      now = start + 16 * day;
      const res = await owner.get("/api/auth/user");
      expect(res.status).toBe(200);
      const renewed = res.headers.getSetCookie().find((c) => c.startsWith("session="));
      expect(renewed).toContain(new Date(now + sessionLifetimeMs).toUTCString());
      now += sessionLifetimeMs + 1;
      expect((await owner.get("/api/auth/user")).status).toBe(401);
    } finally {
      now = start;
    }
  });
});
