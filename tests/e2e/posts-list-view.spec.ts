import type { Page } from "@playwright/test";
import { apiCreatePost, expectToast } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });
// Each test signs up, makes a blog and its posts, and goes through many screens.
test.describe.configure({ timeout: 120_000 });

const table = (page: Page) => page.getByRole("table", { name: "Posts" });
/** The table's body rows (the header row holds column headers, not cells). */
const rows = (page: Page) => table(page).locator("tbody").getByRole("row");
const titleColumn = (page: Page) => rows(page).locator("td:nth-child(2)");

async function openAllPosts(page: Page) {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "All Posts" })
    .click();
  await expect(page.getByRole("heading", { name: "All Posts", level: 1 })).toBeVisible();
}

async function createCategory(page: Page, blogId: string, name: string) {
  const res = await page.request.post("/api/categories", {
    data: { blogId, name, slug: name.toLowerCase() },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string };
}

test("the list view sorts by a column and follows the person to another browser", async ({
  page,
  browser,
  firstBlog,
}) => {
  const noErrors = watchForErrors(page);
  const blog = await firstBlog("Bake Notes");
  // Created oldest first: newest first reads Date, Cherry, Apple, Banana.
  for (const title of ["Banana bread", "Apple pie", "Cherry tart", "Date loaf"]) {
    await apiCreatePost(page, { blogId: blog.id, title });
  }
  await openAllPosts(page);
  await expect(page.getByRole("list", { name: "Posts" })).toBeVisible();

  await page.getByRole("radio", { name: "List view" }).click();
  await expect(table(page)).toBeVisible();
  await expect(page.getByRole("list", { name: "Posts" })).toBeHidden();
  await expect(titleColumn(page)).toHaveText([
    "Date loaf",
    "Cherry tart",
    "Apple pie",
    "Banana bread",
  ]);
  await expect(table(page).getByRole("columnheader", { name: "Date" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );

  await table(page).getByRole("button", { name: "Title" }).click();
  await expect(table(page).getByRole("columnheader", { name: "Title" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(table(page).getByRole("columnheader", { name: "Date" })).not.toHaveAttribute(
    "aria-sort",
    /.+/,
  );
  await expect(titleColumn(page)).toHaveText([
    "Apple pie",
    "Banana bread",
    "Cherry tart",
    "Date loaf",
  ]);
  // A second click turns the order round.
  await table(page).getByRole("button", { name: "Title" }).click();
  await expect(table(page).getByRole("columnheader", { name: "Title" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await expect(titleColumn(page)).toHaveText([
    "Date loaf",
    "Cherry tart",
    "Banana bread",
    "Apple pie",
  ]);
  await table(page).getByRole("button", { name: "Title" }).click();
  await expect(titleColumn(page)).toHaveText([
    "Apple pie",
    "Banana bread",
    "Cherry tart",
    "Date loaf",
  ]);
  await expectAccessible(page, "All Posts as a list");

  // Another browser: the session cookie only (no local storage), at a phone's width.
  const state = await page.context().storageState();
  const other = await browser.newContext({
    storageState: { cookies: state.cookies, origins: [] },
    viewport: { width: 390, height: 844 },
    reducedMotion: "reduce",
  });
  const phone = await other.newPage();
  const phoneErrors = watchForErrors(phone);
  // Whether the cards ever appeared while the page loaded (a flash of the wrong view).
  await phone.addInitScript(() => {
    const seen = () => {
      if (document.querySelector('ul[aria-label="Posts"]')) {
        (window as unknown as { sawCards: boolean }).sawCards = true;
      }
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  });
  await phone.goto("/posts");
  await expect(table(phone)).toBeVisible();
  await expect(titleColumn(phone)).toHaveText([
    "Apple pie",
    "Banana bread",
    "Cherry tart",
    "Date loaf",
  ]);
  await expect(table(phone).getByRole("columnheader", { name: "Title" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  expect(await phone.evaluate(() => (window as unknown as { sawCards?: boolean }).sawCards)).toBe(
    undefined,
  );
  // The table scrolls in its own box; the page never scrolls sideways.
  expect(
    await phone.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true);

  // Back to cards, from the phone: the first browser shows cards again on its next load.
  await phone.getByRole("radio", { name: "Cards view" }).click();
  await expect(phone.getByRole("list", { name: "Posts" })).toBeVisible();
  await expect(table(phone)).toBeHidden();
  await expect
    .poll(async () => (await (await page.request.get("/api/profile/preferences")).json()).postsView)
    .toBe("cards");
  await page.reload();
  await expect(page.getByRole("list", { name: "Posts" })).toBeVisible();
  phoneErrors();
  await other.close();
  noErrors();
});

test("an owner selects three posts and changes their category with one confirmation, then deletes two", async ({
  page,
  firstBlog,
}) => {
  const noErrors = watchForErrors(page);
  const blog = await firstBlog("Garden Log");
  await createCategory(page, blog.id, "Vegetables");
  for (const title of ["Tomatoes", "Beans", "Peas", "Roses"]) {
    await apiCreatePost(page, { blogId: blog.id, title });
  }
  await openAllPosts(page);
  await page.getByRole("radio", { name: "List view" }).click();
  await expect(rows(page)).toHaveCount(4);

  for (const title of ["Tomatoes", "Beans", "Peas"]) {
    await table(page)
      .getByRole("checkbox", { name: `Select ${title}` })
      .check();
  }
  const actions = page.getByRole("toolbar", { name: "Bulk actions" });
  await expect(actions).toContainText("3 selected");
  await actions.getByRole("button", { name: "Change category" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Change the category of 3 posts" });
  await dialog.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name: "Vegetables" }).click();
  await dialog.getByRole("button", { name: "Change category" }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, "Posts updated", "3 posts moved to Vegetables.");

  const row = (title: string) => rows(page).filter({ hasText: title });
  for (const title of ["Tomatoes", "Beans", "Peas"]) {
    await expect(row(title).locator("td:nth-child(4)")).toHaveText("Vegetables");
  }
  await expect(row("Roses").locator("td:nth-child(4)")).toHaveText("Uncategorized");
  // The selection is done with.
  await expect(actions).toBeHidden();

  // Select all, then leave two: those two are deleted after one confirmation.
  await table(page).getByRole("checkbox", { name: "Select all posts" }).check();
  await expect(actions).toContainText("4 selected");
  await table(page).getByRole("checkbox", { name: "Select Tomatoes" }).uncheck();
  await table(page).getByRole("checkbox", { name: "Select Roses" }).uncheck();
  await expect(actions).toContainText("2 selected");
  await actions.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete 2 posts" });
  await expect(confirm).toContainText("This action cannot be undone.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expectToast(page, "Posts deleted", "2 posts have been deleted.");
  await expect(titleColumn(page)).toHaveText(["Roses", "Tomatoes"]);
  await page.reload();
  await expect(titleColumn(page)).toHaveText(["Roses", "Tomatoes"]);
  noErrors();
});
