import type { Locator, Page } from "@playwright/test";
import { apiCreatePost, apiSetStatus, createFirstBlog, expectToast } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, saveScreenshot, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });
// Long journeys with several axe scans, on a machine the suites share.
test.describe.configure({ timeout: 90_000 });

/** A reader's browser: the click counter ignores headless browsers as bots. */
const readerAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const automationCard = (page: Page) => page.getByRole("region", { name: "Content Automation" });

/** A metric card's value, by its title. */
const metric = (page: Page, title: string) =>
  page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole("heading", { level: 3, name: title, exact: true }) })
    .locator("p");

/** The value of a term in a card's description list. */
const figure = (region: Locator, term: string) =>
  region
    .locator("dt", { hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");

test("an owner turns content automation on in Settings, and Performance reports it", async ({
  page,
  firstBlog,
}, testInfo) => {
  const noErrors = watchForErrors(page);
  await firstBlog("Balcony Gardens", "/settings");

  // Off: only the switch and Save.
  const card = automationCard(page);
  const enable = card.getByRole("switch", { name: "Enable Content Automation" });
  await expect(enable).not.toBeChecked();
  await expect(card.getByRole("button")).toHaveText(["Save Settings"]);
  await expect(card.getByRole("switch")).toHaveCount(1);
  await expect(card.getByText("Active", { exact: true })).toBeHidden();
  await expectAccessible(page, "settings, automation off");

  // On: every control with the defaults, and the 'Active' badge.
  await enable.click();
  await expect(card.getByText("Active", { exact: true })).toBeVisible();
  await expect(card.getByLabel("Posting Frequency")).toHaveValue("weekly");
  await expect(card.getByLabel("Posts per Week")).toHaveValue("3");
  await expect(card.getByRole("switch", { name: "Auto-Publish" })).toBeChecked();
  const save = card.getByRole("button", { name: "Save Settings" });
  await expect(save).toBeDisabled();
  await card.getByLabel("Topics").fill(" ,  , ");
  await expect(save).toBeDisabled();
  await expect(card.getByText(/Add at least one topic/)).toBeVisible();
  await expectAccessible(page, "settings, automation on without topics");

  await card.getByLabel("Niche").fill("Container gardening on balconies");
  await card.getByLabel("Topics").fill("herbs,  tomatoes , ,chillies");
  await expect(card.getByText("3 topics, written about in turn.", { exact: false })).toBeVisible();
  await card.getByLabel("Posting Frequency").selectOption("daily");
  // An empty (non-numeric) entry becomes 1; a number above 14 becomes 14.
  await card.getByLabel("Posts per Week").fill("");
  await card.getByLabel("Posts per Week").blur();
  await expect(card.getByLabel("Posts per Week")).toHaveValue("1");
  await card.getByLabel("Posts per Week").fill("40");
  await card.getByLabel("Posts per Week").blur();
  await expect(card.getByLabel("Posts per Week")).toHaveValue("14");
  await card.getByLabel("Posts per Week").fill("5");
  await expect(save).toBeEnabled();
  await save.click();
  await expectToast(page, "Settings saved", "Content automation is on for Balcony Gardens.");
  await expect(card.getByLabel("Topics")).toHaveValue("herbs, tomatoes, chillies");
  await saveScreenshot(page, testInfo, "settings-content-automation");

  // A reload keeps it.
  await page.reload();
  await expect(automationCard(page).getByText("Active", { exact: true })).toBeVisible();
  await expect(automationCard(page).getByLabel("Topics")).toHaveValue("herbs, tomatoes, chillies");
  await expect(automationCard(page).getByLabel("Niche")).toHaveValue(
    "Container gardening on balconies",
  );
  await expect(automationCard(page).getByLabel("Posting Frequency")).toHaveValue("daily");
  await expect(automationCard(page).getByLabel("Posts per Week")).toHaveValue("5");

  // Performance shows it active, with its schedule.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Performance" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Performance" })).toBeVisible();
  const status = automationCard(page);
  await expect(status.getByText("Active", { exact: true })).toBeVisible();
  await expect(figure(status, "Schedule")).toHaveText("Daily, 5 posts per week");
  await expect(figure(status, "Last generated")).toBeVisible();
  await expect(
    figure(page.getByRole("region", { name: "Content Overview" }), "Topics Configured"),
  ).toHaveText("3");
  await expectAccessible(page, "performance, automation active");

  // Off again: Performance says where to turn it on.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Settings" })
    .click();
  await automationCard(page).getByRole("switch", { name: "Enable Content Automation" }).click();
  await expect(automationCard(page).getByLabel("Topics")).toBeHidden();
  await automationCard(page).getByRole("button", { name: "Save Settings" }).click();
  await expectToast(page, "Settings saved", "Content automation is off for Balcony Gardens.");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Performance" })
    .click();
  await expect(automationCard(page).getByText("Inactive", { exact: true })).toBeVisible();
  await expect(
    automationCard(page).getByText("Enable automation in Settings to start generating content"),
  ).toBeVisible();
  noErrors();
});

test("the performance page shows the right numbers for a blog's posts, recommendations and clicks", async ({
  page,
  signedIn,
}, testInfo) => {
  const noErrors = watchForErrors(page);
  expect(signedIn.email).toContain("@");
  await page.goto("/performance");
  await expect(page.getByRole("heading", { name: "No Blog Selected" })).toBeVisible();
  const blog = await createFirstBlog(page, "Cast Iron Kitchen");
  await expect(automationCard(page).getByText("Inactive", { exact: true })).toBeVisible();
  await expect(metric(page, "This Week")).toHaveText("0");
  await expect(
    figure(page.getByRole("region", { name: "Content Overview" }), "Publish Rate"),
  ).toHaveText("0%");

  // Posts: 2 drafts, 1 under review, 3 published.
  for (const title of ["Seasoning a skillet", "Cornbread"]) {
    await apiCreatePost(page, { blogId: blog.id, title });
  }
  const review = await apiCreatePost(page, { blogId: blog.id, title: "Dutch oven bread" });
  await apiSetStatus(page, review.id, "under_review");
  for (const title of ["Rust removal", "Camp cooking", "Cast iron myths"]) {
    const post = await apiCreatePost(page, { blogId: blog.id, title });
    await apiSetStatus(page, post.id, "under_review", "published");
  }
  // Automation saved off, with topics (none close to a post's title: decision 341 refuses those).
  const automation = await page.request.post(`/api/blogs/${blog.id}/automation`, {
    data: { enabled: false, topics: ["enamel care", "griddles", "campfire recipes"] },
  });
  expect(automation.status()).toBe(201);
  // Affiliate recommendations: one approved, one rejected, the rest pending.
  const found = await page.request.post(`/api/blogs/${blog.id}/affiliate-recommendations/generate`);
  expect(found.status()).toBe(201);
  const recommendations = (await found.json()) as { id: string }[];
  expect(recommendations.length).toBeGreaterThanOrEqual(3);
  for (const [i, status] of ["approved", "rejected"].entries()) {
    const res = await page.request.patch(
      `/api/affiliate-recommendations/${recommendations[i]?.id}`,
      { data: { status } },
    );
    expect(res.status()).toBe(200);
  }
  // An affiliate link a reader follows twice today (one visitor: one unique click).
  const created = await page.request.post("/api/affiliate-links", {
    data: { blogId: blog.id, keyword: "skillet", url: "https://shop.example.com/skillet" },
  });
  expect(created.status()).toBe(201);
  const link = (await created.json()) as { id: string };
  for (let i = 0; i < 2; i++) {
    const click = await page.request.get(`/blog/${blog.slug}/go/${link.id}`, {
      maxRedirects: 0,
      headers: { "user-agent": readerAgent },
    });
    expect(click.status()).toBe(302);
  }

  await page.reload();
  await expect(metric(page, "This Week")).toHaveText("6");
  await expect(metric(page, "This Month")).toHaveText("6");
  await expect(metric(page, "Published")).toHaveText("3");
  await expect(metric(page, "Drafts")).toHaveText("2");

  const recommendationsCard = page.getByRole("region", { name: "AI Affiliate Recommendations" });
  await expect(figure(recommendationsCard, "Pending")).toHaveText(
    String(recommendations.length - 2),
  );
  await expect(figure(recommendationsCard, "Approved")).toHaveText("1");
  await expect(figure(recommendationsCard, "Rejected")).toHaveText("1");

  const overview = page.getByRole("region", { name: "Content Overview" });
  await expect(figure(overview, "Total Posts")).toHaveText("6");
  await expect(figure(overview, "Publish Rate")).toHaveText("50%");
  await expect(figure(overview, "Topics Configured")).toHaveText("3");

  await expect(automationCard(page).getByText("Inactive", { exact: true })).toBeVisible();
  await expect(
    automationCard(page).getByText("Enable automation in Settings to start generating content"),
  ).toBeVisible();

  // The charts: one image each, named by what they show, with their numbers in a table.
  const publishedCard = page.getByRole("region", { name: "Published Posts" });
  await expect(
    publishedCard.getByRole("img", {
      name: /^3 posts published in the last 12 weeks; the busiest week began \w{3} \d{1,2} with 3 posts\.$/,
    }),
  ).toBeVisible();
  await publishedCard.getByText("Show posts per week as a table").click();
  const weeks = publishedCard.getByRole("table").getByRole("row");
  await expect(weeks).toHaveCount(13);
  await expect(weeks.last().getByRole("cell").last()).toHaveText("3");

  const clicksCard = page.getByRole("region", { name: "Affiliate Clicks" });
  await expect(
    clicksCard.getByRole("img", {
      name: /^2 clicks in the last 30 days; the busiest day was \w{3} \d{1,2} with 2 clicks\.$/,
    }),
  ).toBeVisible();
  await clicksCard.getByText("Show clicks per day as a table").click();
  const clickRows = clicksCard.getByRole("table").getByRole("row");
  await expect(clickRows).toHaveCount(31);
  await expect(clickRows.last().getByRole("cell")).toHaveText([/\w{3} \d{1,2}/, "2", "1"]);

  await expectAccessible(page, "performance with data");
  await saveScreenshot(page, testInfo, "performance", true);
  noErrors();
});
