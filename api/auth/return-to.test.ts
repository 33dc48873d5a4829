import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const password = "correct horse battery";
let n = 0;
const email = () => `return-${++n}@example.com`;

describe("signing in leads back to the page asked for (decision 102)", () => {
  it("remembers a deep link through sign-up and sign-in, once", async () => {
    const client = app.client();
    const login = await client.get(`/api/login?returnTo=${encodeURIComponent("/editor?id=abc")}`);
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/auth/sign-in");
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith("return_to="));
    expect(cookie).toMatch(/HttpOnly/i);
    const account = email();
    const signedUp = await client.request("POST", "/auth/sign-up", {
      form: { email: account, password },
    });
    expect(signedUp.status).toBe(303);
    expect(signedUp.headers.get("location")).toBe("/editor?id=abc");
    expect(client.cookies.has("return_to")).toBe(false);

    // Signed in already: /api/login goes straight to the page.
    const again = await client.get("/api/login?returnTo=%2Fsettings");
    expect(again.headers.get("location")).toBe("/settings");

    // A later sign-in without a deep link lands on '/'.
    const other = app.client();
    await other.get("/api/login?returnTo=%2Fposts");
    const signedIn = await other.request("POST", "/auth/sign-in", {
      form: { email: account, password },
    });
    expect(signedIn.headers.get("location")).toBe("/posts");
    const plain = app.client();
    await plain.get("/api/login?returnTo=%2Fposts");
    // Starting again without a page forgets the one before.
    await plain.get("/api/login");
    const home = await plain.request("POST", "/auth/sign-in", {
      form: { email: account, password },
    });
    expect(home.headers.get("location")).toBe("/");
  });

  it("never leads to another site, whatever the link or the cookie says", async () => {
    for (const returnTo of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const client = app.client();
      const login = await client.get(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
      expect(login.headers.getSetCookie().some((c) => c.startsWith("return_to="))).toBe(false);
      const res = await client.request("POST", "/auth/sign-up", {
        form: { email: email(), password },
      });
      expect(res.headers.get("location")).toBe("/");
    }
    const forged = app.client();
    forged.cookies.set("return_to", encodeURIComponent("//evil.example/x"));
    const res = await forged.request("POST", "/auth/sign-up", {
      form: { email: email(), password },
    });
    expect(res.headers.get("location")).toBe("/");
  });
});
