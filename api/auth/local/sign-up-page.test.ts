import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe("the sign-up page (decision 354)", () => {
  it("is where 'Start free' leads: a page titled and buttoned for a new account, with the way to sign in", async () => {
    const client = app.client();
    const login = await client.get("/api/login?mode=sign-up");
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/auth/sign-up");
    // Without the mode, sign-in as before.
    expect((await client.get("/api/login")).headers.get("location")).toBe("/auth/sign-in");

    const page = await client.get("/auth/sign-up");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<title>Create your account · Blogfleet</title>");
    expect(page.text).toContain("<h1>Create your account</h1>");
    expect(page.text).toContain('<form method="post" action="/auth/sign-up"');
    expect(page.text.match(/<button[^>]*>[^<]*<\/button>/g)).toEqual([
      '<button class="primary" type="submit">Create account</button>',
    ]);
    expect(page.text).toContain('autocomplete="new-password"');
    expect(page.text).toContain('Already have an account? <a href="/auth/sign-in">Sign in</a>');
  });

  it("shows the sign-up page again, with every reason, when a sign-up is refused", async () => {
    const refused = await app.client().request("POST", "/auth/sign-up", {
      form: { email: "not an address", password: "short" },
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("<h1>Create your account</h1>");
    expect(refused.text).toContain('role="alert"');
    expect(refused.text.match(/<li>/g)?.length).toBeGreaterThanOrEqual(2);
    expect(refused.text).toContain('value="not an address"');
  });

  it("sends a signed-in owner on, and keeps an invitation in the form and the sign-in link", async () => {
    const owner = app.client();
    const created = await owner.request("POST", "/auth/sign-up", {
      form: { email: "first-hour@example.com", password: "correct horse battery" },
    });
    expect(created.status).toBe(303);
    const again = await owner.get("/auth/sign-up");
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/");

    const invite = "a".repeat(32);
    const page = await app.client().get(`/auth/sign-up?invite=${invite}`);
    expect(page.text).toContain(`<input type="hidden" name="invite" value="${invite}">`);
    expect(page.text).toContain(`<a href="/auth/sign-in?invite=${invite}">Sign in</a>`);
  });
});
