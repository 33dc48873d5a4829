import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../api/db/schema.ts";
import { createOwner } from "../api/test/factories.ts";
import { startTestApp, type TestApp } from "../api/test/harness.ts";

const run = promisify(execFile);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** `npm run user:reset-password -- <email>` as an operator runs it, on the test's database. */
async function resetPassword(email: string, env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["scripts/reset-password.ts", email], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: app.env.DATABASE_URL,
        LOG_LEVEL: "silent",
        ...env,
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// Each run starts Node and opens the database: seconds on a busy machine.
describe("npm run user:reset-password", { timeout: 120_000 }, () => {
  it("prints a one-time link at APP_ORIGIN for a built-in account", async () => {
    const email = `script-${Date.now().toString(36)}@example.com`;
    const phone = await createOwner(app, email);
    const result = await resetPassword(email.toUpperCase(), { APP_ORIGIN: app.origin });
    expect(result.code).toBe(0);
    const link = result.stdout
      .split("\n")
      .find((line) => line.startsWith(`${app.origin}/auth/reset-password?token=`));
    expect(link).toMatch(/\?token=[A-Za-z0-9_-]{43}$/);
    expect(result.stdout).toContain(`A password reset link for ${email}.`);

    const path = (link as string).slice(app.origin.length);
    expect((await app.client().get(path)).status).toBe(200);
    const token = new URL(link as string).searchParams.get("token") as string;
    const done = await app.client().request("POST", "/auth/reset-password", {
      form: {
        token,
        password: "set by the operator's link",
        confirmPassword: "set by the operator's link",
      },
    });
    expect(done.status).toBe(303);
    expect((await phone.get("/api/auth/user")).status).toBe(401);
    expect((await app.client().get(path)).status).toBe(410);
  });

  it("uses http://localhost:PORT without APP_ORIGIN", async () => {
    const email = `script-port-${Date.now().toString(36)}@example.com`;
    await createOwner(app, email);
    const result = await resetPassword(email, { PORT: "4321" });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^http:\/\/localhost:4321\/auth\/reset-password\?token=/m);
  });

  it("fails clearly for an unknown e-mail, an OpenID account or no e-mail", async () => {
    const unknown = await resetPassword("ghost@example.com");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No account on this server signs in with ghost@example.com.");
    expect(unknown.stdout).not.toContain("token=");

    await app.db.insert(users).values({
      email: "oidc-script@example.com",
      oidcIssuer: "https://id.test",
      oidcSubject: "x",
    });
    const provider = await resetPassword("oidc-script@example.com");
    expect(provider.code).toBe(1);
    expect(provider.stderr).toContain("signs in with an OpenID provider");

    const none = await resetPassword("");
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("Usage: npm run user:reset-password -- <email>");
  });
});
