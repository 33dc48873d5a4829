import { expect, test } from "@playwright/test";
import { expectAccessible, saveScreenshot, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

test("a visitor sees the landing page, and every call to action starts sign-in", async ({
  page,
}, testInfo) => {
  const noErrors = watchForErrors(page);
  await page.goto("/");
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: "Run a fleet of profitable blogs from one dashboard",
    }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/Blogfleet/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /original, plagiarism-free, E-E-A-T-compliant posts/,
  );

  // The hero's bundled illustrations load.
  const hero = page.getByRole("img", { name: /The Blogfleet dashboard/ });
  await expect(hero).toBeVisible();
  expect(await hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await expect(page.getByText("THE DIFFERENCE", { exact: true })).toBeVisible();
  await expect(page.getByText("INSTANT WINS", { exact: true })).toBeVisible();
  for (const claim of [
    "Original, E-E-A-T-compliant posts",
    "Published in about 60 seconds",
    "Affiliate links by keyword",
    "Unlimited blogs, custom domains",
    "Scheduled posts",
    "Free trial, no credit card",
  ]) {
    await expect(page.getByRole("heading", { level: 3, name: claim })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: /Start your free trial today/ })).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "Already running blogs with Blogfleet?" }),
  ).toBeVisible();

  // Sign-in links start sign-in; the free-trial ones start it at the sign-up form (decision 354).
  const ctas = page.locator('a:not([href^="#"]):not([href="/"])');
  expect(await ctas.count()).toBeGreaterThanOrEqual(5);
  for (const link of await ctas.evaluateAll((links) =>
    links.map((a) => ({ href: a.getAttribute("href"), text: a.textContent?.trim() ?? "" })),
  )) {
    expect(link.href, link.text).toBe(
      /free/i.test(link.text) ? "/api/login?mode=sign-up" : "/api/login",
    );
  }

  await expectAccessible(page, "landing page, light");
  await saveScreenshot(page, testInfo, "landing-1280-light", true);

  await page.getByRole("button", { name: "Toggle theme" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectAccessible(page, "landing page, dark");
  await saveScreenshot(page, testInfo, "landing-1280-dark", true);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, "landing page on a phone, dark");
  await saveScreenshot(page, testInfo, "landing-390-dark", true);
  await page.getByRole("button", { name: "Toggle theme" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await saveScreenshot(page, testInfo, "landing-390-light", true);

  await page.getByRole("link", { name: "Start your free trial" }).click();
  await expect(page).toHaveURL(/\/auth\/sign-up$/);
  noErrors();
});

test("a visitor gets the 404 page for an unknown address, and sign-in for the dashboard's addresses", async ({
  page,
}) => {
  const noErrors = watchForErrors(page);
  // Signed out, a dashboard address leads to sign-in and back (issue 16, decision 102).
  for (const path of ["/dashboard", "/settings"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
  }
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
  await expectAccessible(page, "404 page");
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: /Run a fleet/ })).toBeVisible();
  noErrors();
});

test("'Loading...' shows until sign-in state is known", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/auth/user", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");
  await expect(page.getByText("Loading...", { exact: true })).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 1, name: /Run a fleet/ })).toBeVisible();
  await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
});
