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
