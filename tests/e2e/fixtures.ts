import { test as base, expect, type Page } from "@playwright/test";
import { createFirstBlog } from "./content-helpers.ts";

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

export const test = base.extend<{
  signedIn: { email: string; password: string };
  /**
   * A new owner's first blog: signed in, optionally on the page `at` first (else where sign-in
   * left them), the blog is made through the header as a person would; returns its id and slug.
   */
  firstBlog: (name: string, at?: string) => ReturnType<typeof createFirstBlog>;
}>({
  signedIn: async ({ page }, use) => {
    await use(await signIn(page));
  },
  firstBlog: async ({ page, signedIn }, use) => {
    expect(signedIn.email).toContain("@");
    await use(async (name, at) => {
      if (at !== undefined) await page.goto(at);
      return createFirstBlog(page, name);
    });
  },
});
export { expect };
