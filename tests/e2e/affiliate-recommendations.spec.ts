import type { Locator, Page } from "@playwright/test";
import { createFirstBlog, expectToast, openToast } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, saveScreenshot, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

const emptyNote =
  "No pending affiliate program recommendations. AI will suggest programs based on your blog's niche and content.";

/** A counter's card (Pending, Approved or Rejected) and the number it shows. */
const counter = (page: Page, title: string): Locator =>
  page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole("heading", { level: 3, name: title, exact: true }) });

async function expectCounts(page: Page, pending: number, approved: number, rejected: number) {
  await expect(counter(page, "Pending").locator("p")).toHaveText(String(pending));
  await expect(counter(page, "Approved").locator("p")).toHaveText(String(approved));
  await expect(counter(page, "Rejected").locator("p")).toHaveText(String(rejected));
}

const card = (page: Page, programName: string) =>
  page.getByRole("article", { name: programName, exact: true });

test("an owner finds programs, approves one and links it, rejects another", async ({
  page,
  signedIn,
}, testInfo) => {
  const noErrors = watchForErrors(page);
  expect(signedIn.email).toContain("@");
  await page.goto("/affiliate-recommendations");
  await expect(page.getByRole("heading", { name: "No Blog Selected" })).toBeVisible();
  // 'Running' in the name makes the built-in catalogue put its outdoor program first.
  await createFirstBlog(page, "Trail Running Weekly");

  // Nothing suggested yet.
  await expect(page.getByRole("heading", { level: 1, name: "AI Recommendations" })).toBeVisible();
  await expect(page.getByText(emptyNote, { exact: true })).toBeVisible();
  await expectCounts(page, 0, 0, 0);
  await expectAccessible(page, "AI recommendations, empty");

  // 'Find programs' works without an AI provider, from the built-in catalogue.
  const find = page.getByRole("button", { name: "Find programs" });
  await find.click();
  await expectToast(
    page,
    "Programs found",
    "5 new affiliate programs to review for Trail Running Weekly.",
  );
  await expect(page.getByRole("article")).toHaveCount(5);
  await expect(page.getByText(emptyNote)).toBeHidden();
  await expectCounts(page, 5, 0, 0);

  // Every field of a pending card.
  const rei = card(page, "REI Affiliate Program");
  await expect(rei.getByRole("heading", { name: "REI Affiliate Program" })).toBeVisible();
  await expect(rei.getByText("Outdoor gear", { exact: true })).toBeVisible();
  await expect(
    rei.getByText("Outdoor clothing and equipment from a co-op retailer."),
  ).toBeVisible();
  await expect(rei.getByText("Commission: 5%", { exact: true })).toBeVisible();
  await expect(rei.getByText("Why this program:")).toBeVisible();
  await expect(rei.getByText(/suits blogs about running/)).toBeVisible();
  const visit = rei.getByRole("link", { name: /Visit Program/ });
  await expect(visit).toHaveAttribute("href", "https://www.rei.com/affiliate");
  await expect(visit).toHaveAttribute("target", "_blank");
  await expect(visit).toHaveAttribute("rel", "noopener noreferrer");
  await expect(rei.getByRole("button", { name: "Approve Program" })).toBeEnabled();
  await expect(rei.getByRole("button", { name: "Reject" })).toBeEnabled();
  await saveScreenshot(page, testInfo, "pending-recommendations", true);
  await expectAccessible(page, "pending recommendations");

  // Approve: 'Success', then the offer of a link, prefilled.
  const patch = page.waitForRequest((r) => r.method() === "PATCH");
  await rei.getByRole("button", { name: "Approve Program" }).click();
  expect((await patch).postDataJSON()).toEqual({ status: "approved" });
  await expectToast(page, "Success", "REI Affiliate Program was approved.");
  const offer = page.getByRole("dialog", { name: "Create an affiliate link" });
  // Keywords come from the blog's published posts (decision 354): this blog has none and no
  // niche, so the field waits for the owner; it never holds the program's name.
  await expect(offer.getByLabel("Keyword")).toHaveValue("");
  await expect(offer.getByLabel("Target URL")).toHaveValue("https://www.rei.com/affiliate");
  await expect(offer.getByRole("switch", { name: "Auto-Insert" })).toBeChecked();
  await expectAccessible(page, "link offer dialog");

  // A blank keyword is refused on the page with the 'Required fields missing' toast; then the link is made.
  await offer.getByLabel("Keyword").fill("  ");
  await offer.getByRole("button", { name: "Create link" }).click();
  await expectToast(page, "Required fields missing", "Please enter both keyword and URL.");
  await expect(offer.getByLabel("Keyword")).toBeFocused();
  await offer.getByLabel("Keyword").fill("trail running gear");
  const post = page.waitForRequest(
    (r) => r.method() === "POST" && r.url().endsWith("/api/affiliate-links"),
  );
  await offer.getByRole("button", { name: "Create link" }).click();
  await expect(offer).toBeHidden();
  expect((await post).postDataJSON()).toMatchObject({
    keyword: "trail running gear",
    url: "https://www.rei.com/affiliate",
    autoInsert: true,
  });
  await expectToast(
    page,
    "Link created",
    "“trail running gear” will be linked in published posts.",
  );
  await expect(rei).toBeHidden();
  await expectCounts(page, 4, 1, 0);

  // Reject another: 'Success', it leaves, no link is offered.
  const amazon = card(page, "Amazon Associates");
  await amazon.getByRole("button", { name: "Reject" }).click();
  await expectToast(page, "Success", "Amazon Associates was rejected.");
  await expect(amazon).toBeHidden();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expectCounts(page, 3, 1, 1);

  // Approve a third and decline the link for now: it waits under Approved Programs.
  await card(page, "Awin").getByRole("button", { name: "Approve Program" }).click();
  await offer.getByRole("button", { name: "Not now" }).click();
  await expect(offer).toBeHidden();
  await expectCounts(page, 2, 2, 1);
  const approved = page.getByRole("region", { name: "Approved Programs" });
  await expect(approved.getByRole("heading", { level: 3 })).toHaveCount(2);
  await expect(approved.getByRole("heading", { name: "REI Affiliate Program" })).toBeVisible();
  await expect(approved.getByRole("heading", { name: "Awin", exact: true })).toBeVisible();
  await expectAccessible(page, "after decisions");

  // The decisions are kept.
  await page.reload();
  await expectCounts(page, 2, 2, 1);
  await expect(page.getByRole("article")).toHaveCount(2);

  // The catalogue never suggests the same program twice; when it runs out, it says so.
  await page.getByRole("button", { name: "Find programs" }).click();
  await expectToast(
    page,
    "Programs found",
    "3 new affiliate programs to review for Trail Running Weekly.",
  );
  await expectCounts(page, 5, 2, 1);
  await page.getByRole("button", { name: "Find programs" }).click();
  await expect(openToast(page)).toContainText("No new programs");
  await expectCounts(page, 5, 2, 1);

  // The link is on the Affiliate Links screen.
  await page.getByRole("navigation").getByRole("link", { name: "Affiliate Links" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Affiliate Links" })).toBeVisible();
  const row = page.getByRole("row", { name: /trail running gear/ });
  await expect(row.getByRole("link", { name: /rei\.com\/affiliate/ })).toHaveAttribute(
    "href",
    "https://www.rei.com/affiliate",
  );
  await expect(row.getByRole("switch")).toBeChecked();
  noErrors();
});
