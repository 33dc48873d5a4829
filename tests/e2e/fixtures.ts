import { test as base, expect, type Page } from "@playwright/test";

let counter = 0;

/** Creates a fresh built-in account through the sign-in page, as a person would, and lands signed in. */
export async function signIn(
  page: Page,
  email = `e2e-${Date.now().toString(36)}-${counter++}@example.com`,
) {
  await page.goto("/api/login");
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);
  return { email, password: "correct horse battery" };
}

export const test = base.extend<{ signedIn: { email: string; password: string } }>({
  signedIn: async ({ page }, use) => {
    await use(await signIn(page));
  },
});
export { expect };
