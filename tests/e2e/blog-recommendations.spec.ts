import type { Page } from "@playwright/test";
import { expectToast, openToast } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, saveScreenshot, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

const group = (page: Page, name: RegExp) => page.getByRole("region", { name });
const pendingGroup = (page: Page) => group(page, /^Pending Recommendations \d+$/);
const approvedGroup = (page: Page) => group(page, /^AI Auto-Created Blogs \(Maximum Trust Mode\)/);
const rejectedGroup = (page: Page) => group(page, /^Rejected \d+$/);
const switcher = (page: Page, name: RegExp) =>
  page.getByRole("banner").getByRole("button", { name });

/** Holds one kind of request until the returned function is called, then lets it through. */
async function holdRequests(page: Page, pattern: string) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("an owner without a blog generates ideas, approves one into a blog, rejects one and trusts the AI", async ({
  page,
  signedIn,
}, testInfo) => {
  void signedIn;
  const noErrors = watchForErrors(page);

  // No blog yet: the screen still works, since this is where a first blog can come from.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Blog Ideas" })
    .click();
  await expect(page).toHaveURL(/\/blog-recommendations$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "AI Blog Recommendations" }),
  ).toBeVisible();
  const empty = page.getByRole("heading", { name: "No Recommendations Yet" });
  await expect(empty).toBeVisible();
  await expect(page.getByText(/proposes new blog ideas every week/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Blog Selected" })).toHaveCount(0);
  const trust = page.getByRole("switch", { name: "Maximum Trust Mode" });
  await expect(trust).toBeEnabled();
  await expect(trust).not.toBeChecked();
  await expectAccessible(page, "blog ideas, empty");

  // 'Generate ideas now' works offline (no AI provider in this server): the built-in list.
  const releaseGenerate = await holdRequests(page, "**/api/blog-recommendations/generate");
  await page.getByRole("button", { name: "Generate ideas now" }).click();
  await expect(page.getByRole("button", { name: "Generating ideas..." })).toBeDisabled();
  releaseGenerate();
  await expectToast(page, "New Ideas Ready");
  await expect(openToast(page)).toContainText("3 new blog ideas are waiting for your review.");
  await expect(pendingGroup(page)).toHaveAccessibleName("Pending Recommendations 3");
  await page.unroute("**/api/blog-recommendations/generate");

  // A pending card shows every section of the idea.
  const balcony = pendingGroup(page).getByRole("article", { name: "Balcony Harvest" });
  await expect(balcony).toContainText("Small-space vegetable gardening");
  await expect(balcony).toContainText("balconyharvest.com");
  await expect(balcony.getByRole("heading", { level: 4 })).toHaveText([
    "Target Audience",
    "Monetization Potential",
    "Market Opportunity",
    "Content Strategy",
    "Suggested Topics",
    "AI Reasoning",
  ]);
  await expect(balcony).toContainText("City dwellers with a balcony");
  await expect(balcony).toContainText("Containers, grow lights, seeds and soil");
  await expect(balcony).toContainText("Urban gardening searches grow every spring");
  await expect(balcony).toContainText("Step-by-step growing guides per crop");
  await expect(balcony.getByRole("listitem")).toHaveCount(5);
  await expect(balcony).toContainText("Offline suggestion from Blogfleet's built-in list");
  await expect(balcony.getByText("Offline suggestion", { exact: true })).toBeVisible();
  await expectAccessible(page, "blog ideas, pending");
  await saveScreenshot(page, testInfo, "blog-ideas-pending", true);

  // Approve: both buttons are disabled while the blog is created.
  const releaseApprove = await holdRequests(page, "**/api/blog-recommendations/*/approve");
  await balcony.getByRole("button", { name: "Approve & Create Blog" }).click();
  await expect(balcony.getByRole("button", { name: "Creating Blog..." })).toBeDisabled();
  await expect(balcony.getByRole("button", { name: "Reject" })).toBeDisabled();
  releaseApprove();
  await expectToast(page, "Blog Created Successfully!");
  await expect(openToast(page)).toContainText("Balcony Harvest is now your selected blog");
  await page.unroute("**/api/blog-recommendations/*/approve");

  // The new blog is in the header switcher, selected, and the idea is in the approved group.
  await expect(switcher(page, /Balcony Harvest/)).toBeVisible();
  await switcher(page, /Balcony Harvest/).click();
  await expect(page.getByRole("menuitemradio", { name: /Balcony Harvest/ })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await page.keyboard.press("Escape");
  const approved = approvedGroup(page).getByRole("article", { name: "Balcony Harvest" });
  await expect(approved).toBeVisible();
  await expect(approved.getByRole("listitem")).toHaveText([
    "Best vegetables for a balcony",
    "Self-watering containers compared",
    "Grow lights for herbs",
    "Composting in a flat",
    "+1 more",
  ]);
  await expect(approved).toContainText("Blog created with automation enabled");
  await expect(approved).toContainText("Approved by you");
  await expect(approved.getByRole("button")).toHaveCount(0);
  await expect(pendingGroup(page)).toHaveAccessibleName("Pending Recommendations 2");
  // The blog really exists, with automation on from the idea's topics.
  const blogs = (await (await page.request.get("/api/blogs")).json()) as {
    id: string;
    name: string;
  }[];
  const created = blogs.find((b) => b.name === "Balcony Harvest");
  expect(created).toBeTruthy();
  const automation = (await (
    await page.request.get(`/api/blogs/${created?.id}/automation`)
  ).json()) as { enabled: boolean; topics: string[] };
  expect(automation.enabled).toBe(true);
  expect(automation.topics).toContain("Composting in a flat");

  // Reject: 'Rejecting...' while it runs, then the dimmed group.
  const office = pendingGroup(page).getByRole("article", { name: "Home Office Setup Lab" });
  const releaseReject = await holdRequests(page, "**/api/blog-recommendations/*/reject");
  await office.getByRole("button", { name: "Reject" }).click();
  await expect(office.getByRole("button", { name: "Rejecting..." })).toBeDisabled();
  await expect(office.getByRole("button", { name: "Approve & Create Blog" })).toBeDisabled();
  releaseReject();
  await expectToast(page, "Recommendation Rejected");
  await page.unroute("**/api/blog-recommendations/*/reject");
  const rejected = rejectedGroup(page).getByRole("article", { name: "Home Office Setup Lab" });
  await expect(rejected).toBeVisible();
  await expect(rejected).toContainText("Ergonomic home office gear");
  await expect(rejected).toHaveAttribute("data-dimmed", "");
  await expect(rejected.getByText(/Offline suggestion from/)).toHaveClass(/line-clamp-2/);
  await expect(pendingGroup(page)).toHaveAccessibleName("Pending Recommendations 1");

  // A failed approval says why and leaves the idea pending.
  await page.route("**/api/blog-recommendations/*/approve", (route) =>
    route.fulfill({
      status: 409,
      contentType: "application/json",
      body: JSON.stringify({ code: "already_decided", message: "This idea was already rejected." }),
    }),
  );
  const trail = pendingGroup(page).getByRole("article", { name: "Trail Ready" });
  await trail.getByRole("button", { name: "Approve & Create Blog" }).click();
  await expectToast(page, "Approval Failed", "This idea was already rejected.");
  await expect(trail.getByRole("button", { name: "Approve & Create Blog" })).toBeEnabled();
  await page.unroute("**/api/blog-recommendations/*/approve");

  // Maximum trust mode: off by default, switched on, kept after a reload.
  await trust.click();
  await expectToast(page, "Maximum Trust Mode On");
  await expect(trust).toBeChecked();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Maximum Trust Mode" })).toBeChecked();
  expect(await (await page.request.get("/api/account/settings")).json()).toEqual({
    maximumTrust: true,
  });
  await expect(approvedGroup(page).getByRole("article", { name: "Balcony Harvest" })).toBeVisible();
  await expect(
    rejectedGroup(page).getByRole("article", { name: "Home Office Setup Lab" }),
  ).toBeVisible();
  await expectAccessible(page, "blog ideas, all groups");
  await saveScreenshot(page, testInfo, "blog-ideas-all-groups", true);

  // Dark theme keeps the dimmed and approved cards readable.
  await page.getByRole("button", { name: "Toggle theme" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectAccessible(page, "blog ideas, dark");

  await page.getByRole("switch", { name: "Maximum Trust Mode" }).click();
  await expectToast(page, "Maximum Trust Mode Off");
  expect(await (await page.request.get("/api/account/settings")).json()).toEqual({
    maximumTrust: false,
  });
  noErrors();
});

test("the list shows a load error with Retry, and generating says when nothing new is left", async ({
  page,
  signedIn,
}) => {
  void signedIn;
  const noErrors = watchForErrors(page);
  let fail = true;
  await page.route("**/api/blog-recommendations", (route) =>
    fail
      ? route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" })
      : route.continue(),
  );
  await page.goto("/blog-recommendations");
  const alert = page.getByRole("alert").filter({ hasText: "Failed to Load Recommendations" });
  await expect(alert).toBeVisible();
  await expectAccessible(page, "blog ideas, load error");
  fail = false;
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { name: "No Recommendations Yet" })).toBeVisible();

  // The built-in list holds five ideas: three, then two, then nothing new.
  const generate = page.getByRole("button", { name: "Generate ideas now" });
  await generate.click();
  await expect(pendingGroup(page)).toHaveAccessibleName("Pending Recommendations 3");
  await generate.click();
  await expect(pendingGroup(page)).toHaveAccessibleName("Pending Recommendations 5");
  await generate.click();
  await expectToast(page, "No New Ideas");
  await expect(pendingGroup(page)).toHaveAccessibleName("Pending Recommendations 5");
  noErrors();
});

test("failed approve and reject say the server's message, or the spec's fallbacks", async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await page.goto("/blog-recommendations");
  await page.getByRole("button", { name: "Generate ideas now" }).click();
  await expect(pendingGroup(page)).toHaveAccessibleName("Pending Recommendations 3");
  const trail = pendingGroup(page).getByRole("article").first();
  // Without a message from the server, the page's own fallbacks.
  await page.route("**/api/blog-recommendations/*/approve", (route) =>
    route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" }),
  );
  await trail.getByRole("button", { name: "Approve & Create Blog" }).click();
  await expectToast(page, "Approval Failed", "Failed to approve blog recommendation");
  await page.unroute("**/api/blog-recommendations/*/approve");
  let rejectReply = { status: 409, body: JSON.stringify({ message: "This idea was decided." }) };
  await page.route("**/api/blog-recommendations/*/reject", (route) =>
    route.fulfill({ ...rejectReply, contentType: "application/json" }),
  );
  await trail.getByRole("button", { name: "Reject" }).click();
  await expectToast(page, "Rejection Failed", "This idea was decided.");
  rejectReply = { status: 502, body: "" };
  await trail.getByRole("button", { name: "Reject" }).click();
  await expectToast(page, "Rejection Failed", "Failed to reject blog recommendation");
  await expect(trail.getByRole("button", { name: "Reject" })).toBeEnabled();
  await page.unroute("**/api/blog-recommendations/*/reject");
});
