import type { Page } from "@playwright/test";
import { expectToast } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, saveScreenshot, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });
test.describe.configure({ timeout: 90_000 });

const automationCard = (page: Page) => page.getByRole("region", { name: "Content Automation" });
const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();

test("on a fresh install, automation with auto-publish holds its offline posts for review and says why", async ({
  page,
  firstBlog,
}, testInfo) => {
  const noErrors = watchForErrors(page);
  const blog = await firstBlog("Held Gardens", "/settings");

  // The browser tests run without an AI key: the card says what will happen.
  const card = automationCard(page);
  await card.getByRole("switch", { name: "Enable Content Automation" }).click();
  await expect(card.getByRole("switch", { name: "Auto-Publish" })).toBeChecked();
  await expect(card.getByRole("note")).toContainText(
    "No AI provider is configured. Posts are written by the built-in offline writer as outlines and are always held for review, never published automatically.",
  );
  await card.getByLabel("Topics").fill("worm bins");
  await card.getByRole("button", { name: "Save Settings" }).click();
  await expectToast(page, "Settings saved", "Content automation is on for Held Gardens.");
  await expectAccessible(page, "settings, automation on without an AI provider");

  // The first post is written at once, and held: its card says why.
  await nav(page, "All Posts");
  await expect(page.getByRole("heading", { level: 1, name: "All Posts" })).toBeVisible();
  const heldCard = page.getByRole("region", { name: "Worm Bins: A Practical Guide" });
  await expect(async () => {
    await page.reload();
    await expect(heldCard).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(heldCard.getByText("Under Review")).toBeVisible();
  await expect(heldCard.getByText("Held for review by automation: Offline draft")).toBeVisible();
  await saveScreenshot(page, testInfo, "posts-held-by-automation");

  // The editor lists every reason in full.
  await heldCard.getByRole("button", { name: /^Actions for/ }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const reasons = page.getByRole("region", { name: "Held for review by automation" });
  await expect(reasons).toContainText("It was not published because:");
  await expect(reasons.getByRole("listitem")).toHaveText([
    /^Offline draft: Written by the built-in offline writer because no AI provider is configured/,
  ]);
  await expectAccessible(page, "editor, post held by automation");

  // Readers see none of it.
  const home = await page.request.get(`/blog/${blog.slug}/`);
  expect(await home.text()).not.toContain("Worm Bins");
  const feed = await page.request.get(`/blog/${blog.slug}/rss.xml`);
  expect(await feed.text()).not.toContain("Worm Bins");

  // Performance: the usage card says nothing is counted without a provider.
  await nav(page, "Performance");
  const usage = page.getByRole("region", { name: "AI Usage" });
  await expect(usage).toContainText("No AI provider is configured");
  noErrors();
});
