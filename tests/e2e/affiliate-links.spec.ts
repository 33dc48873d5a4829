import { createFirstBlog, openToast, publishPost } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, saveScreenshot, watchForErrors } from "./helpers.ts";

// The click counter ignores headless browsers as bots, so this file's browser says it is a
// desktop Chrome, as a reader's would.
test.use({
  reducedMotion: "reduce",
  userAgent:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
});

test("an owner adds, switches, edits and deletes an affiliate link, and a reader's click is counted", async ({
  page,
  signedIn,
}, testInfo) => {
  const noErrors = watchForErrors(page);
  expect(signedIn.email).toContain("@");
  await page.goto("/affiliate-links");
  await expect(page.getByRole("heading", { name: "No Blog Selected" })).toBeVisible();
  await createFirstBlog(page, "Cast Iron Kitchen");
  const blog = (
    (await (await page.request.get("/api/blogs")).json()) as { id: string; slug: string }[]
  )[0] as { id: string; slug: string };

  // Empty state.
  await expect(page.getByRole("heading", { level: 1, name: "Affiliate Links" })).toBeVisible();
  await expect(page.getByText("No affiliate links yet.")).toBeVisible();
  await expectAccessible(page, "affiliate links, empty");

  // Blank fields are refused on the page, with the 'Required fields missing' toast.
  await page.getByRole("button", { name: "Add Link" }).click();
  const create = page.getByRole("dialog", { name: "Create Affiliate Link" });
  await expect(create.getByRole("switch", { name: "Auto-Insert" })).toBeChecked();
  await create.getByLabel("Keyword").fill("   ");
  await create.getByLabel("Target URL").fill("https://shop.example.com/skillet");
  await create.getByRole("button", { name: "Create Link" }).click();
  await expect(openToast(page)).toContainText("Required fields missing");
  await expect(openToast(page)).toContainText("Please enter both keyword and URL.");
  await expect(create.getByLabel("Keyword")).toBeFocused();
  await expect(create.getByLabel("Keyword")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, "create dialog with a blank keyword");

  // The server's reason for a URL it refuses is shown as it is.
  await create.getByLabel("Keyword").fill("cast iron skillet");
  await create.getByLabel("Target URL").fill("javascript:alert(1)");
  await create.getByRole("button", { name: "Create Link" }).click();
  await expect(openToast(page)).toContainText("URL must be an absolute http(s) address");
  await expect(create.getByText("URL must be an absolute http(s) address")).toBeVisible();

  await create.getByLabel("Target URL").fill("  https://shop.example.com/skillet?ref=cik  ");
  await create.getByRole("button", { name: "Create Link" }).click();
  await expect(create).toBeHidden();
  await expect(openToast(page)).toContainText("Link created");

  const table = page.getByRole("table");
  const row = table.getByRole("row", { name: /cast iron skillet/ });
  await expect(table.getByRole("columnheader")).toHaveText([
    "Keyword",
    "Target URL",
    "Health",
    "Auto-Insert",
    "Clicks",
    "Actions",
  ]);
  // Link health (issue 37): a new link waits for the checker's next run.
  await expect(row.getByRole("cell").nth(2)).toHaveText("Not checked yet");
  await expect(row.getByRole("cell").nth(0)).toHaveText("cast iron skillet");
  const target = row.getByRole("link", { name: /shop\.example\.com\/skillet\?ref=cik/ });
  await expect(target).toHaveAttribute("href", "https://shop.example.com/skillet?ref=cik");
  await expect(target).toHaveAttribute("target", "_blank");
  await expect(target).toHaveAttribute("rel", "noopener noreferrer");
  await expect(row.getByRole("cell").nth(4)).toHaveText("0");
  await expectAccessible(page, "affiliate links table");

  // A second link with the same keyword (any case) is refused with the server's message.
  await page.getByRole("button", { name: "Add Link" }).click();
  await create.getByLabel("Keyword").fill("Cast Iron Skillet");
  await create.getByLabel("Target URL").fill("https://other.example.com/");
  await create.getByRole("button", { name: "Create Link" }).click();
  await expect(openToast(page)).toContainText("already has an affiliate link");
  await create.getByRole("button", { name: "Cancel" }).click();
  await expect(create).toBeHidden();
  await expect(table.getByRole("row")).toHaveCount(2);

  // The switch sends only autoInsert.
  const autoInsert = row.getByRole("switch", { name: "Auto-Insert for cast iron skillet" });
  await expect(autoInsert).toBeChecked();
  const patch = page.waitForRequest((r) => r.method() === "PATCH");
  await autoInsert.click();
  expect((await patch).postDataJSON()).toEqual({ autoInsert: false });
  await expect(openToast(page)).toContainText("Link updated");
  await expect(autoInsert).not.toBeChecked();
  await page.reload();
  await expect(autoInsert).not.toBeChecked();
  // …and back on, by keyboard.
  await autoInsert.focus();
  await page.keyboard.press("Space");
  await expect(autoInsert).toBeChecked();
  await expect(openToast(page)).toContainText("Auto-insert is on");

  // Edit: a blank URL is refused, a new one is saved.
  await row.getByRole("button", { name: "Edit cast iron skillet" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Affiliate Link" });
  await expect(edit.getByLabel("Keyword")).toHaveValue("cast iron skillet");
  await edit.getByLabel("Target URL").fill(" ");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(openToast(page)).toContainText("Required fields missing");
  await expect(edit).toBeVisible();
  await edit.getByLabel("Target URL").fill("https://shop.example.com/skillets?ref=cik");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  await expect(openToast(page)).toContainText("Link updated");
  await expect(row.getByRole("link")).toHaveAttribute(
    "href",
    "https://shop.example.com/skillets?ref=cik",
  );
  // Focus returns to the button that opened the dialog.
  await expect(row.getByRole("button", { name: "Edit cast iron skillet" })).toBeFocused();

  // A reader clicks the link in a published post; the click is counted.
  const links = (await (
    await page.request.get(`/api/blogs/${blog.id}/affiliate-links`)
  ).json()) as { id: string }[];
  const linkId = (links[0] as { id: string }).id;
  const post = await publishPost(
    page,
    blog.id,
    "Seasoning a pan",
    "<p>Heat your cast iron skillet slowly, then oil it thinly.</p>",
  );
  const postPath = `/blog/${blog.slug}/post/${post.slug}`;
  await expect
    .poll(async () => (await (await page.request.get(postPath)).text()).includes(`/go/${linkId}`))
    .toBe(true);
  await page.route("https://shop.example.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Shop</title><p>shop</p>" }),
  );
  await page.goto(postPath);
  await expect(page.getByText("This post contains affiliate links.")).toBeVisible();
  await page.getByRole("link", { name: "cast iron skillet" }).click();
  await expect(page).toHaveURL("https://shop.example.com/skillets?ref=cik");
  await expect(page.getByText("shop")).toBeVisible();

  await page.goto("/affiliate-links");
  await expect(row.getByRole("cell").nth(4)).toHaveText("1");
  await saveScreenshot(page, testInfo, "affiliate-links-table");

  // The link's detail: total, unique, and clicks per day with a table behind the chart.
  await row.getByRole("button", { name: "Clicks for cast iron skillet" }).click();
  const stats = page.getByRole("dialog", { name: "Clicks for “cast iron skillet”" });
  await expect(stats.getByRole("definition").nth(0)).toHaveText("1");
  await expect(stats.getByRole("definition").nth(1)).toHaveText("1");
  await expect(stats.getByText(/^1 click in the last 30 days; the busiest day was/)).toBeVisible();
  await stats.getByText("Show clicks per day as a table").click();
  await expect(stats.getByRole("table").getByRole("row")).toHaveCount(31);
  await expectAccessible(page, "link stats dialog");
  await saveScreenshot(page, testInfo, "affiliate-link-stats");
  await page.keyboard.press("Escape");
  await expect(stats).toBeHidden();

  // Delete, after a confirmation naming the keyword.
  await row.getByRole("button", { name: "Delete cast iron skillet" }).click();
  const confirm = page.getByRole("alertdialog", {
    name: "Delete the link for “cast iron skillet”?",
  });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, "delete confirmation");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Delete cast iron skillet" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(openToast(page)).toContainText("Link deleted");
  // The row went with the button that opened the dialog; focus lands on 'Add Link'.
  await expect(page.getByRole("button", { name: "Add Link" })).toBeFocused();
  await expect(page.getByText("No affiliate links yet.")).toBeVisible();
  noErrors();
});

test("a failed load shows the error and 'Try again' loads the links", async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toContain("@");
  await page.goto("/affiliate-links");
  await createFirstBlog(page, "Flaky Network Blog");
  let failing = true;
  await page.route("**/api/blogs/*/affiliate-links", (route) =>
    failing
      ? route.fulfill({ status: 500, contentType: "application/json", body: "{}" })
      : route.continue(),
  );
  await page.reload();
  const alert = page.getByRole("alert").filter({ hasText: "Error loading affiliate links" });
  await expect(alert).toBeVisible();
  await expectAccessible(page, "affiliate links load error");
  failing = false;
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText("No affiliate links yet.")).toBeVisible();
});
