import type { Page } from "@playwright/test";
import { apiCreatePost, apiSetStatus, createFirstBlog, expectToast } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

const cards = (page: Page) => page.getByRole("list", { name: "Posts" }).getByRole("listitem");
const stat = (page: Page, title: string) =>
  page
    .getByRole("region", { name: "Post statistics" })
    .locator("section")
    .filter({
      has: page.getByRole("heading", { name: title, exact: true }),
    });

test("the dashboard counts posts and All Posts searches, filters and deletes them", async ({
  page,
  firstBlog,
}) => {
  const noErrors = watchForErrors(page);
  const blog = await firstBlog("Garden Log");

  // All Posts with no posts at all.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "All Posts" })
    .click();
  await expect(page.getByRole("heading", { name: "No posts yet" })).toBeVisible();

  // Three posts in three states (set up through the API; the editor has its own e2e file).
  const tomatoes = await apiCreatePost(page, {
    blogId: blog.id,
    title: "Tomatoes in pots",
    content: "<p>Deep pots and <em>lots</em> of water.</p>",
  });
  const beans = await apiCreatePost(page, {
    blogId: blog.id,
    title: "Runner beans",
    content: "<p>Poles, string and patience. Tomatoes like them as neighbours.</p>",
  });
  await apiCreatePost(page, {
    blogId: blog.id,
    title: "Compost basics",
    content: "<p>Green and brown.</p>",
  });
  await apiSetStatus(page, tomatoes.id, "under_review", "published");
  await apiSetStatus(page, beans.id, "under_review");
  // Lists are read once per page load; the posts came in behind the app's back.
  await page.reload();

  // Dashboard: stat cards and the recent posts, each with View and Edit.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Dashboard" })
    .click();
  await expect(stat(page, "Total Posts")).toContainText("3");
  await expect(stat(page, "Drafts")).toContainText("1");
  await expect(stat(page, "Under Review")).toContainText("1");
  await expect(stat(page, "Published")).toContainText("1");
  await expect(page.getByRole("heading", { name: "Recent Posts" })).toBeVisible();
  await expect(page.getByRole("link", { name: "View Compost basics" })).toHaveAttribute(
    "href",
    /\/editor\?id=[\w-]+&mode=view$/,
  );
  await expect(page.getByText("You").first()).toBeVisible();
  await expectAccessible(page, "dashboard with posts");

  // All Posts: search matches title or content, ignoring case.
  await page.goto("/posts");
  await expect(cards(page)).toHaveCount(3);
  const search = page.getByPlaceholder("Search posts...");
  await search.fill("TOMATOES");
  await expect(cards(page)).toHaveCount(2);
  await search.fill("patience");
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText("Runner beans");
  await expect(cards(page).first()).toContainText("Under Review");

  // The status filter combines with the search.
  await search.fill("tomatoes");
  const filter = page.getByRole("combobox", { name: "Filter by status" });
  await expect(filter).toHaveText("All Status");
  await filter.click();
  await page.getByRole("option", { name: "Published" }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText("Tomatoes in pots");
  await filter.click();
  await page.getByRole("option", { name: "Draft" }).click();
  await expect(page.getByRole("heading", { name: "No posts found" })).toBeVisible();
  await expect(page.getByText("Try adjusting your search or filter criteria")).toBeVisible();
  await search.fill("");
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText("Compost basics");
  await filter.click();
  await page.getByRole("option", { name: "All Status" }).click();
  await expect(cards(page)).toHaveCount(3);
  await expectAccessible(page, "All Posts");

  // Delete with confirmation: Cancel keeps the post, Delete removes it.
  const beansCard = cards(page).filter({ hasText: "Runner beans" });
  await beansCard.getByRole("button", { name: "Actions for Runner beans" }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem")).toHaveText(["View", "Edit", "Delete"]);
  await menu.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Post" });
  await expect(confirm).toContainText(
    "Are you sure you want to delete this post? This action cannot be undone.",
  );
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(cards(page)).toHaveCount(3);

  await beansCard.getByRole("button", { name: "Actions for Runner beans" }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Post deleted");
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).filter({ hasText: "Runner beans" })).toHaveCount(0);
  expect((await page.request.get(`/api/posts/${beans.id}`)).status()).toBe(404);

  // The dashboard agrees after the delete.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Dashboard" })
    .click();
  await expect(stat(page, "Total Posts")).toContainText("2");
  await expect(stat(page, "Under Review")).toContainText("0");
  noErrors();
});

test("a failed posts load shows the panel, and Retry loads them", async ({ page, signedIn }) => {
  expect(signedIn.email).toContain("@");
  const blog = await createFirstBlog(page, "Flaky Fields");
  await apiCreatePost(page, { blogId: blog.id, title: "Seed swap" });
  let fail = true;
  // The list with or without query parameters (the Dashboard asks for its newest cards).
  await page.route(
    (url) => url.pathname === `/api/blogs/${blog.id}/posts`,
    (route) =>
      fail
        ? route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({ code: "unavailable", message: "The database is busy." }),
          })
        : route.continue(),
  );
  // A full load of the Dashboard carries its posts (drawn by the server, decision 300): the
  // screen reads them itself when reached from another one.
  await page.goto("/settings");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Dashboard" })
    .click();
  const panel = page.getByRole("alert").filter({ hasText: "Failed to Load Posts" });
  await expect(panel).toContainText("The database is busy.");
  fail = false;
  await panel.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("link", { name: "Edit Seed swap" })).toBeVisible();
});
