import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { ownerActionLimits } from "../../../contracts/limits.ts";
import { invitations, users } from "../../db/schema.ts";
import { parseEnv } from "../../env.ts";
import { type TestClient, testApps } from "../../test/harness.ts";
import { createSessionStore } from "../sessions.ts";

const { start, closeAll } = testApps();
afterAll(closeAll);

const password = "correct horse battery";
const signUp = (client: TestClient, email: string, extra: Record<string, string> = {}) =>
  client.post("/auth/sign-up", { email, password, ...extra });

describe("sign-ups per address (issue 13, finding 5)", () => {
  it("lets 5 accounts a hour be created from one address, not 60", async () => {
    expect(parseEnv({}).SIGN_UPS_PER_ADDRESS).toBe(5);
    const app = await start({ env: { SIGN_UPS_PER_ADDRESS: "5" } });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await signUp(app.client(), `n${i}@example.com`)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    const refused = await signUp(app.client(), "late@example.com");
    expect(refused.body).toEqual({
      code: "rate_limited",
      message: "Too many new accounts from your address. Try again later.",
    });
  });

  it("counts only accounts created: refused sign-ups do not use up the allowance", async () => {
    const app = await start({ env: { SIGN_UPS_PER_ADDRESS: "2" } });
    expect((await signUp(app.client(), "same@example.com")).status).toBe(201);
    for (let i = 0; i < 4; i++)
      expect((await signUp(app.client(), "same@example.com")).status).toBe(409);
    expect((await signUp(app.client(), "other@example.com")).status).toBe(201);
    expect((await signUp(app.client(), "third@example.com")).status).toBe(429);
  });
});

describe("registration setting (issue 13, finding 5)", () => {
  it("by default is open for the first owner, then needs an invitation from an owner", async () => {
    const app = await start({ env: { REGISTRATION: "" } });
    const first = app.client();
    expect((await signUp(first, "first@example.com")).status).toBe(201);

    const uninvited = await signUp(app.client(), "second@example.com");
    expect(uninvited.status).toBe(403);
    expect(uninvited.body).toEqual({
      code: "invitation_required",
      message: "New accounts need an invitation link on this server. Ask an owner for one.",
    });

    const created = await first.post("/api/invitations", {});
    expect(created.status).toBe(201);
    const link = new URL(created.body.url);
    expect(link.origin).toBe(app.origin);
    expect(link.pathname).toBe("/auth/sign-in");
    const invite = link.searchParams.get("invite") as string;
    expect(invite).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Date(created.body.expiresAt).getTime()).toBeGreaterThan(Date.now());

    // The link opens the sign-in page with the invitation in the form.
    const page = await app.client().get(link.pathname + link.search);
    expect(page.text).toContain(`<input type="hidden" name="invite" value="${invite}">`);
    const invited = app.client();
    const form = await invited.request("POST", "/auth/sign-up", {
      form: { email: "second@example.com", password, invite },
    });
    expect(form.status).toBe(303);
    expect((await invited.get("/api/auth/user")).body.email).toBe("second@example.com");

    // One account per invitation.
    const again = await signUp(app.client(), "third@example.com", { invite });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe("invitation_invalid");
    const forged = await signUp(app.client(), "third@example.com", { invite: "x".repeat(32) });
    expect(forged.body.code).toBe("invitation_invalid");
    // The invitation form keeps its token when a sign-up is refused.
    const refusedForm = await app.client().request("POST", "/auth/sign-up", {
      form: { email: "third@example.com", password, invite },
    });
    expect(refusedForm.status).toBe(403);
    expect(refusedForm.text).toContain(`name="invite" value="${invite}"`);
  });

  it("needs a signed-in owner to create an invitation", async () => {
    const app = await start({ env: { REGISTRATION: "" } });
    expect((await app.client().post("/api/invitations", {})).status).toBe(401);
  });

  it("REGISTRATION=invite needs an invitation even for the first account", async () => {
    const app = await start({ env: { REGISTRATION: "invite" } });
    const refused = await signUp(app.client(), "first@example.com");
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("invitation_required");
  });

  it("expires invitations after 7 days", async () => {
    let now = new Date("2026-11-23T10:00:00Z");
    const app = await start({ env: { REGISTRATION: "" }, clock: () => now });
    const first = app.client();
    expect((await signUp(first, "first@example.com")).status).toBe(201);
    const { url } = (await first.post("/api/invitations", {})).body;
    const invite = new URL(url).searchParams.get("invite") as string;
    now = new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000 + 1);
    const late = await signUp(app.client(), "late@example.com", { invite });
    expect(late.status).toBe(403);
    expect(late.body.code).toBe("invitation_invalid");
  });

  it("makes no invitations when an OpenID provider decides who signs in", async () => {
    const app = await start({
      env: {
        OIDC_ISSUER_URL: "http://127.0.0.1:9/",
        OIDC_CLIENT_ID: "blogfleet",
        OIDC_CLIENT_SECRET: "secret",
      },
    });
    const [user] = await app.db.insert(users).values({ email: "sso@example.com" }).returning();
    const { token } = await createSessionStore(app.db).create((user as { id: string }).id);
    const owner = app.client();
    owner.cookies.set("session", token);
    const res = await owner.post("/api/invitations", {});
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("invitations_unavailable");
  });

  it("REGISTRATION=closed refuses every sign-up and every invitation", async () => {
    const app = await start({ env: { REGISTRATION: "closed" } });
    const refused = await signUp(app.client(), "first@example.com");
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: "registration_closed",
      message: "New accounts are not accepted on this server. Ask its administrator.",
    });
    // An owner who exists (created before the server was closed) cannot hand out invitations.
    const [user] = await app.db.insert(users).values({ email: "earlier@example.com" }).returning();
    const { token } = await createSessionStore(app.db).create((user as { id: string }).id);
    const owner = app.client();
    owner.cookies.set("session", token);
    const invitation = await owner.post("/api/invitations", {});
    expect(invitation.status).toBe(409);
    expect(invitation.body.code).toBe("registration_closed");
  });
});

describe("a stranger's wrong passwords do not lock the owner out (issue 13, finding 8)", () => {
  it("limits failures per e-mail and address; the owner signs in from elsewhere", async () => {
    // Behind a proxy on loopback, so each test request can carry its own client address.
    const app = await start({ env: { TRUST_PROXY: "true" } });
    expect((await signUp(app.client(), "owner@example.com")).status).toBe(201);
    const from = (address: string) => ({ headers: { "x-forwarded-for": address } });
    const stranger: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await app
        .client()
        .post(
          "/auth/sign-in",
          { email: "owner@example.com", password: "wrong password!" },
          from("203.0.113.66"),
        );
      stranger.push(res.status);
    }
    expect(stranger).toEqual([...Array(10).fill(401), 429, 429]);
    const owner = await app
      .client()
      .post("/auth/sign-in", { email: "owner@example.com", password }, from("198.51.100.7"));
    expect(owner.status).toBe(200);
  });
});

describe("invitations: owners only, a few an hour, a bounded number open (issue 29, finding 8)", () => {
  const { invitationsPerHour, openInvitations } = ownerActionLimits;
  const inviteOf = (url: string) => new URL(url).searchParams.get("invite") as string;

  it("lets the server's owner invite, and refuses an account that came in by invitation", async () => {
    const app = await start({ env: { REGISTRATION: "" } });
    const owner = app.client();
    expect((await signUp(owner, "first@example.com")).status).toBe(201);
    expect((await owner.get("/api/invitations/status")).body).toEqual({
      canInvite: true,
      reason: null,
      open: 0,
      maxOpen: openInvitations,
    });
    const link = await owner.post("/api/invitations", {});
    expect(link.status).toBe(201);
    expect((await owner.get("/api/invitations/status")).body.open).toBe(1);

    const invited = app.client();
    expect(
      (await signUp(invited, "guest@example.com", { invite: inviteOf(link.body.url) })).status,
    ).toBe(201);
    const refused = await invited.post("/api/invitations", {});
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: "owners_only",
      message:
        "Only this server's owners can invite people. Ask one of them for an invitation link.",
    });
    expect((await invited.get("/api/invitations/status")).body).toEqual({
      canInvite: false,
      reason:
        "Only this server's owners can invite people. Ask one of them for an invitation link.",
      open: 0,
      maxOpen: openInvitations,
    });
    // Nothing was created for the invited account, and a stranger still cannot sign up.
    const guest = (await invited.get("/api/auth/user")).body.id as string;
    expect(await app.db.select().from(invitations).where(eq(invitations.createdBy, guest))).toEqual(
      [],
    );
    expect((await signUp(app.client(), "third@example.com")).body.code).toBe("invitation_required");
    // The used link is no longer open; the owner goes on inviting.
    expect((await owner.get("/api/invitations/status")).body.open).toBe(0);
    expect((await owner.post("/api/invitations", {})).status).toBe(201);
  });

  it(`creates at most ${invitationsPerHour} links an hour per owner: a burst of 60 gets ${invitationsPerHour}`, async () => {
    const app = await start({ env: { REGISTRATION: "" } });
    const owner = app.client();
    expect((await signUp(owner, "first@example.com")).status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => owner.post("/api/invitations", {})),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([
      ...Array(invitationsPerHour).fill(201),
      ...Array(60 - invitationsPerHour).fill(429),
    ]);
    expect(answers.find((res) => res.status === 429)?.body).toEqual({
      code: "rate_limited",
      message: `You can create at most ${invitationsPerHour} invitation links an hour. Try again later.`,
    });
    expect(await app.db.select().from(invitations)).toHaveLength(invitationsPerHour);
  });

  it(`keeps at most ${openInvitations} of an owner's links open; used and expired ones do not count`, async () => {
    let now = new Date("2026-11-29T10:00:00Z");
    const app = await start({ env: { REGISTRATION: "" }, clock: () => now });
    const owner = app.client();
    expect((await signUp(owner, "first@example.com")).status).toBe(201);
    const ownerId = (await owner.get("/api/auth/user")).body.id as string;
    const day = 24 * 60 * 60 * 1000;
    // Links made over the past days (the hourly limit allows that many), written directly.
    await app.db.insert(invitations).values(
      Array.from({ length: openInvitations }, (_, i) => ({
        id: `open-${i}`,
        createdBy: ownerId,
        expiresAt: new Date(now.getTime() + day + i * 60_000),
      })),
    );
    await app.db.insert(invitations).values([
      { id: "expired", createdBy: ownerId, expiresAt: new Date(now.getTime() - 1) },
      {
        id: "used",
        createdBy: ownerId,
        expiresAt: new Date(now.getTime() + day),
        usedAt: now,
      },
    ]);
    expect((await owner.get("/api/invitations/status")).body).toMatchObject({
      canInvite: true,
      open: openInvitations,
      maxOpen: openInvitations,
    });

    const refused = await owner.post("/api/invitations", {});
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: "limit_reached",
      message: `You have ${openInvitations} invitation links nobody has used yet, the most you can have open. Wait until one is used or expires (the next on 2026-11-30 10:00 UTC).`,
    });
    expect(await app.db.select().from(invitations)).toHaveLength(openInvitations + 2);

    // The first of them expires: one place is free, and links asked for at once take it once.
    now = new Date(now.getTime() + day + 1);
    const raced = await Promise.all(
      Array.from({ length: 5 }, () => owner.post("/api/invitations", {})),
    );
    expect(raced.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await app.db.select().from(invitations)).toHaveLength(openInvitations + 3);
  });
});
