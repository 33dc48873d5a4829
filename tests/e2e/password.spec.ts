import { execFileSync } from "node:child_process";
import type { Browser, Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures.ts";
import { watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });
// Several sign-ins, each a deliberately slow password hash, on a busy test machine.
test.setTimeout(240_000);

/** Signs in through the built-in sign-in page in a context of its own (a second device). */
async function signInElsewhere(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto("/auth/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  return { context, page };
}

const signedIn = async (page: Page) => (await page.request.get("/api/auth/user")).status();

test("a built-in account changes its password in Account Settings; other devices are signed out", async ({
  page,
  browser,
}) => {
  const noErrors = watchForErrors(page);
  const { email, password } = await signIn(page);
  const laptop = await signInElsewhere(browser, email, password);
  await expect(laptop.page).toHaveURL(/\/$/);
  expect(await signedIn(laptop.page)).toBe(200);

  await page.goto("/settings");
  const account = page.locator('[aria-labelledby="account-settings-title"]');
  await expect(account.getByText(email).first()).toBeVisible();
  // Built-in accounts are not managed by a provider.
  await expect(account.getByText(/managed by your sign-in provider/)).toHaveCount(0);

  const form = account.getByRole("form", { name: "Change Password" });
  const current = form.getByLabel("Current Password", { exact: true });
  const fresh = form.getByLabel("New Password", { exact: true });
  const confirm = form.getByLabel("Confirm New Password", { exact: true });
  const submit = form.getByRole("button", { name: "Change Password" });

  // The confirmation is checked before anything is sent.
  await current.fill(password);
  await fresh.fill("a brand new secret");
  await confirm.fill("a different secret");
  await submit.click();
  await expect(form.getByText("The new passwords do not match")).toBeVisible();

  // A wrong current password changes nothing.
  await current.fill("not my password");
  await confirm.fill("a brand new secret");
  await submit.click();
  await expect(form.getByText("Your current password is not right.")).toBeVisible();
  expect(await signedIn(laptop.page)).toBe(200);

  await current.fill(password);
  await submit.click();
  await expect(page.getByText("Password Changed", { exact: true })).toBeVisible();
  await expect(current).toHaveValue("");

  // This session stays; the laptop's is gone.
  await page.reload();
  await expect(account.getByRole("form", { name: "Change Password" })).toBeVisible();
  expect(await signedIn(page)).toBe(200);
  expect(await signedIn(laptop.page)).toBe(401);
  await laptop.context.close();

  const withOld = await signInElsewhere(browser, email, password);
  await expect(withOld.page.getByRole("alert")).toHaveText("Incorrect email or password.");
  await withOld.context.close();
  const withNew = await signInElsewhere(browser, email, "a brand new secret");
  await expect(withNew.page).toHaveURL(/\/$/);
  expect(await signedIn(withNew.page)).toBe(200);
  await withNew.context.close();
  noErrors();
});

/** `npm run user:reset-password -- <email>` against the e2e server's database. */
function operatorResetLink(email: string, origin: string): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  const out = execFileSync("npm", ["run", "--silent", "user:reset-password", "--", email], {
    encoding: "utf8",
    env: {
      ...process.env,
      DATABASE_URL: `file:${dir}/e2e.db`,
      APP_ORIGIN: origin,
      LOG_LEVEL: "silent",
    },
  });
  const link = out.match(/^https?:\/\/\S+\/auth\/reset-password\?token=[A-Za-z0-9_-]+$/m)?.[0];
  if (!link) throw new Error(`no link in the script's output:\n${out}`);
  return link;
}

test("forgot password without e-mail: the operator's one-time link sets a new password and signs out every session", async ({
  page,
  browser,
  baseURL,
}) => {
  const { email, password } = await signIn(page);
  expect(await signedIn(page)).toBe(200);

  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  const noErrors = watchForErrors(visitor);
  await visitor.goto("/auth/sign-in");
  await visitor.getByRole("link", { name: "Forgot password?" }).click();
  await expect(visitor).toHaveURL(/\/auth\/forgot-password$/);
  await expect(visitor.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  // This server sends no e-mail: the page says who can make a link.
  await expect(visitor.getByText("npm run user:reset-password", { exact: false })).toBeVisible();

  const link = operatorResetLink(email, baseURL as string);
  expect(new URL(link).origin).toBe(baseURL);
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await visitor.getByLabel("New password", { exact: true }).fill("short");
  await visitor.getByLabel("Confirm new password", { exact: true }).fill("other");
  await visitor.getByRole("button", { name: "Set new password" }).click();
  await expect(visitor.getByRole("alert")).toContainText("Password must be at least 8 characters");
  await expect(visitor.getByRole("alert")).toContainText("The new passwords do not match");

  await visitor.getByLabel("New password", { exact: true }).fill("river stones at dawn");
  await visitor.getByLabel("Confirm new password", { exact: true }).fill("river stones at dawn");
  await visitor.getByRole("button", { name: "Set new password" }).click();
  // Signed in with the new password, everywhere else signed out.
  await expect(visitor).toHaveURL(/\/$/);
  await expect(visitor.getByText(email)).toBeVisible();
  expect(await signedIn(visitor)).toBe(200);
  expect(await signedIn(page)).toBe(401);

  // The link worked once.
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Forgot password?" })).toBeVisible();
  noErrors();
  await context.close();

  const withOld = await signInElsewhere(browser, email, password);
  await expect(withOld.page.getByRole("alert")).toHaveText("Incorrect email or password.");
  await withOld.context.close();
  const withNew = await signInElsewhere(browser, email, "river stones at dawn");
  await expect(withNew.page).toHaveURL(/\/$/);
  await withNew.context.close();
});
