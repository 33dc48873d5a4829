import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer } from "../../test/dns-server.ts";
import { createBlog, createOwner } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
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
  it("shows instructions, refuses platform and duplicate domains, resets verification on change", async () => {
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
    const intruder = await createOwner(app);
    const theirs = await createBlog(intruder);
    const duplicate = await intruder.patch(`/api/blogs/${theirs.id}/domain`, {
      customDomain: "www.garden.example.com",
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe("That domain is already used by another blog.");
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
