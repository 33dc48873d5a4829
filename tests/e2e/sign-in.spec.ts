import { expect, signIn, test } from "./fixtures.ts";

test("a new owner creates an account, signs out and signs back in", async ({ page }) => {
  const { email, password } = await signIn(page);
  await expect(page.getByText(email)).toBeVisible();

  await page.goto("/api/logout");
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);

  await page.goto("/api/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.");
  await expect(page.getByLabel("Email")).toHaveValue(email);

  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(email)).toBeVisible();
});

test("an owner creates an invitation link in Account Settings; it opens the sign-up with the invitation", async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.goto("/settings");
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const link = await page.getByLabel("Invitation link").inputValue();
  expect(link).toMatch(/\/auth\/sign-in\?invite=[A-Za-z0-9_-]{32}$/);

  const guest = await browser.newContext();
  try {
    const invited = await guest.newPage();
    await invited.goto(link);
    await expect(invited.getByText("You were invited to this server")).toBeVisible();
    const email = `guest-${Date.now().toString(36)}@example.com`;
    await invited.getByLabel("Email").fill(email);
    await invited.getByLabel("Password").fill("correct horse battery");
    await invited.getByRole("button", { name: "Create account" }).click();
    await expect(invited).toHaveURL(/\/$/);
    await expect(invited.getByText(email)).toBeVisible();
  } finally {
    await guest.close();
  }
});

test("a link to /api/logout on another page asks before signing out", async ({ page, baseURL }) => {
  await signIn(page);
  // Another site's page (answered by the test itself, no network) links to the sign-out address.
  await page.route("http://elsewhere.test/", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Prize</title><a href="${baseURL}/api/logout">Win a prize</a>`,
    }),
  );
  await page.goto("http://elsewhere.test/");
  await page.getByRole("link", { name: "Win a prize" }).click();
  await expect(page.getByRole("heading", { name: "Sign out of Blogfleet?" })).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(200);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});
