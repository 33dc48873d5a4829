import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogs } from "../../db/schema.ts";
import { startDnsServer } from "../../test/dns-server.ts";
import { createBlog, createOwner } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { unverifiedClaimDays } from "../blogs/presenter.ts";
import { createDnsResolver } from "./dns.ts";

let dns: Awaited<ReturnType<typeof startDnsServer>>;
let app: TestApp;
beforeAll(async () => {
  dns = await startDnsServer(new Map());
  app = await startTestApp({
    env: {
      BLOG_DOMAIN: "blogs.test",
      DOMAIN_CNAME_TARGET: "sites.blogs.test",
      DOMAIN_TARGET_ADDRESSES: "203.0.113.10",
    },
    dnsResolver: createDnsResolver({ servers: [dns.server], timeoutMs: 300 }),
  });
});
afterAll(async () => {
  await app.close();
  await dns.close();
});

describe("subdomains", () => {
  it("sets, normalizes and clears a subdomain; the same one cannot serve two blogs", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const set = await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain: "  Garden-Notes " });
    expect(set.status).toBe(200);
    expect(set.body.subdomain).toBe("garden-notes");
    const other = await createBlog(await createOwner(app));
    const thief = await createOwner(app);
    const theirs = await createBlog(thief);
    const taken = await thief.patch(`/api/blogs/${theirs.id}/domain`, {
      subdomain: "garden-notes",
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("That subdomain is taken. Choose another one.");
    expect(other.id).not.toBe(blog.id);
    const cleared = await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain: "" });
    expect(cleared.body.subdomain).toBeNull();
  });

  it("refuses bad and reserved subdomains, and both fields at once", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    for (const [subdomain, message] of [
      [
        "-garden",
        "Subdomain may contain only letters, digits and hyphens, and cannot start or end with a hyphen",
      ],
      [
        "gar.den",
        "Subdomain may contain only letters, digits and hyphens, and cannot start or end with a hyphen",
      ],
      ["www", "That subdomain is reserved. Choose another one."],
      ["a".repeat(64), "Subdomain must be at most 63 characters"],
    ] as const) {
      const res = await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain });
      expect(res.status, subdomain).toBe(400);
      expect(res.body.issues[0].message).toBe(message);
    }
    const both = await owner.patch(`/api/blogs/${blog.id}/domain`, {
      subdomain: "x",
      customDomain: "x.example.com",
    });
    expect(both.status).toBe(400);
    expect(both.body.issues[0].message).toBe(
      "Send either subdomain or customDomain, one at a time",
    );
  });
});

describe("custom domains", () => {
  it("shows instructions, refuses platform domains, resets verification on change", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const res = await owner.patch(`/api/blogs/${blog.id}/domain`, {
      customDomain: "WWW.Garden.Example.com.",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      customDomain: "www.garden.example.com",
      domainVerified: false,
    });
    expect(res.body.domainInstructions).toEqual({
      cnameTarget: "sites.blogs.test",
      addresses: ["203.0.113.10"],
      txtName: "_blogfleet.www.garden.example.com",
      txtValue: expect.stringMatching(/^blogfleet-verify=[0-9a-f]{32}$/),
    });
    const platform = await owner.patch(`/api/blogs/${blog.id}/domain`, {
      customDomain: "evil.blogs.test",
    });
    expect(platform.status).toBe(400);
    expect(res.body.domainClaimExpiresAt).toEqual(expect.any(String));
    expect(res.body.domainNotice).toBeNull();
    expect(
      (await owner.patch(`/api/blogs/${blog.id}/domain`, { customDomain: "not a domain" })).status,
    ).toBe(400);
  });

  it("verifies only with both the pointer and the TXT token, naming what is missing", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const { body } = await owner.patch(`/api/blogs/${blog.id}/domain`, {
      customDomain: "shop.example.org",
    });
    const { txtName, txtValue } = body.domainInstructions;

    const nothing = await owner.post(`/api/blogs/${blog.id}/domain/verify`);
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe(
      `No CNAME record for shop.example.org: add one pointing to sites.blogs.test. No TXT record ${txtName} with the value ${txtValue}.`,
    );

    dns.records.set("shop.example.org", { CNAME: ["elsewhere.example.net"] });
    dns.records.set(txtName, { TXT: [[txtValue]] });
    const wrongCname = await owner.post(`/api/blogs/${blog.id}/domain/verify`);
    expect(wrongCname.body.message).toBe(
      "shop.example.org is a CNAME to elsewhere.example.net, not to sites.blogs.test.",
    );

    dns.records.set("shop.example.org", { CNAME: ["sites.blogs.test"] });
    dns.records.set(txtName, { TXT: [["blogfleet-verify=someone-elses-token"]] });
    const wrongToken = await owner.post(`/api/blogs/${blog.id}/domain/verify`);
    expect(wrongToken.body.message).toBe(`No TXT record ${txtName} with the value ${txtValue}.`);

    dns.records.set(txtName, { TXT: [[txtValue]] });
    const verified = await owner.post(`/api/blogs/${blog.id}/domain/verify`);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ domainVerified: true, domainInstructions: null });
    expect((await app.client().get("/api/tls/allowed?domain=shop.example.org")).status).toBe(200);

    // A new domain starts unverified again.
    const changed = await owner.patch(`/api/blogs/${blog.id}/domain`, {
      customDomain: "other.example.org",
    });
    expect(changed.body.domainVerified).toBe(false);
    expect((await app.client().get("/api/tls/allowed?domain=shop.example.org")).status).toBe(404);
  });

  it("accepts A records pointing at the platform's addresses", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const { body } = await owner.patch(`/api/blogs/${blog.id}/domain`, {
      customDomain: "apex.example.org",
    });
    dns.records.set("apex.example.org", { A: ["203.0.113.10"] });
    dns.records.set(body.domainInstructions.txtName, {
      TXT: [["blogfleet-verify=", body.domainInstructions.txtValue.slice(17)]],
    });
    const verified = await owner.post(`/api/blogs/${blog.id}/domain/verify`);
    expect(verified.status).toBe(200);
  });

  it("fails cleanly when DNS does not answer", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    await owner.patch(`/api/blogs/${blog.id}/domain`, { customDomain: "slow.example.org" });
    dns.state.silent = true;
    try {
      const res = await owner.post(`/api/blogs/${blog.id}/domain/verify`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        "The DNS lookup for slow.example.org timed out. Try again in a few minutes.",
      );
    } finally {
      dns.state.silent = false;
    }
  });
});

describe("custom domain claims", () => {
  const day = 24 * 60 * 60 * 1000;
  const publishRecords = (domain: string, instructions: { txtName: string; txtValue: string }) => {
    dns.records.set(domain, { CNAME: ["sites.blogs.test"] });
    dns.records.set(instructions.txtName, { TXT: [[instructions.txtValue]] });
  };

  it("lets a squatter's unverified claim block nobody: the first to verify wins, the others are told", async () => {
    const squatter = await createOwner(app);
    const squatted = await createBlog(squatter);
    const claim = await squatter.patch(`/api/blogs/${squatted.id}/domain`, {
      customDomain: "real-owner.example.net",
    });
    expect(claim.status).toBe(200);

    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const own = await owner.patch(`/api/blogs/${blog.id}/domain`, {
      customDomain: "real-owner.example.net",
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      customDomain: "real-owner.example.net",
      domainVerified: false,
    });
    publishRecords("real-owner.example.net", own.body.domainInstructions);
    const verified = await owner.post(`/api/blogs/${blog.id}/domain/verify`);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ domainVerified: true, domainNotice: null });
    expect((await app.client().get("/api/tls/allowed?domain=real-owner.example.net")).status).toBe(
      200,
    );

    // The other claim ended, and its owner reads why on the blog (and the domain card).
    const after = await squatter.get(`/api/blogs/${squatted.id}`);
    expect(after.body).toMatchObject({
      customDomain: null,
      domainVerified: false,
      domainInstructions: null,
      domainClaimExpiresAt: null,
      domainNotice:
        "Another blog verified real-owner.example.net first, so it now belongs to that blog and this blog's claim was removed. If the domain is yours, check who controls its DNS records, then set it again.",
    });
    const again = await squatter.patch(`/api/blogs/${squatted.id}/domain`, {
      customDomain: "real-owner.example.net",
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("That domain is already used by another blog.");
    // A new claim of another domain replaces the notice.
    const other = await squatter.patch(`/api/blogs/${squatted.id}/domain`, {
      customDomain: "squatter-own.example.net",
    });
    expect(other.body.domainNotice).toBeNull();
  });

  it(`expires an unverified claim after ${unverifiedClaimDays} days and says so`, async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const claim = await owner.patch(`/api/blogs/${blog.id}/domain`, {
      customDomain: "late.example.net",
    });
    const claimedAt = new Date(Date.now() - unverifiedClaimDays * day - 60_000);
    await app.db.update(blogs).set({ domainClaimedAt: claimedAt }).where(eq(blogs.id, blog.id));
    expect((await owner.get(`/api/blogs/${blog.id}`)).body.domainClaimExpiresAt).toBe(
      new Date(claimedAt.getTime() + unverifiedClaimDays * day).toISOString(),
    );
    publishRecords("late.example.net", claim.body.domainInstructions);
    const late = await owner.post(`/api/blogs/${blog.id}/domain/verify`);
    expect(late.status).toBe(400);
    const expired = `late.example.net was not verified within ${unverifiedClaimDays} days, so the claim on it expired. Set the domain again to get a new TXT value.`;
    expect(late.body).toMatchObject({ code: "domain_claim_expired", message: expired });
    expect((await owner.get(`/api/blogs/${blog.id}`)).body).toMatchObject({
      customDomain: null,
      domainVerified: false,
      domainNotice: expired,
    });
    expect((await app.client().get("/api/tls/allowed?domain=late.example.net")).status).toBe(404);

    // Any domain change sweeps every expired claim, so stale claims do not linger.
    const idle = await createOwner(app);
    const idleBlog = await createBlog(idle);
    await idle.patch(`/api/blogs/${idleBlog.id}/domain`, { customDomain: "idle.example.net" });
    await app.db
      .update(blogs)
      .set({ domainClaimedAt: new Date(Date.now() - 8 * day) })
      .where(eq(blogs.id, idleBlog.id));
    await owner.patch(`/api/blogs/${blog.id}/domain`, { customDomain: "late.example.net" });
    expect((await idle.get(`/api/blogs/${idleBlog.id}`)).body).toMatchObject({
      customDomain: null,
      domainNotice: `idle.example.net was not verified within ${unverifiedClaimDays} days, so the claim on it expired. Set the domain again to get a new TXT value.`,
    });
  });
});

describe("TLS ask endpoint", () => {
  it("answers 200 only for hosts this platform serves", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain: "tls-check" });
    await owner.patch(`/api/blogs/${blog.id}/domain`, { customDomain: "unverified.example.org" });
    const ask = (domain: string) =>
      app.client().get(`/api/tls/allowed?domain=${encodeURIComponent(domain)}`);
    expect((await ask("tls-check.blogs.test")).status).toBe(200);
    expect((await ask("TLS-CHECK.blogs.test.")).status).toBe(200);
    for (const domain of [
      "nobody.blogs.test",
      "unverified.example.org",
      "blogs.test",
      "a.tls-check.blogs.test",
      "evil.example",
    ]) {
      expect((await ask(domain)).status, domain).toBe(404);
    }
    expect((await app.client().get("/api/tls/allowed")).status).toBe(400);
  });
});
