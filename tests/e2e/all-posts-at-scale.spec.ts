import type { Page } from "@playwright/test";
import { createFirstBlog } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { watchForErrors } from "./helpers.ts";
import { seedPosts } from "./seed.ts";

test.use({ reducedMotion: "reduce" });

const cards = (page: Page) => page.getByRole("list", { name: "Posts" }).getByRole("listitem");
const filler =
  "Switchbacks climb through the larch forest to a granite ridge where the wind never stops. ".repeat(
    12,
  );

test("All Posts of a 5,000-post blog shows its first cards at once, searches on the server and loads more on scroll", async ({
  page,
  signedIn,
}) => {
  test.setTimeout(60_000);
  const noErrors = watchForErrors(page);
  expect(signedIn.email).toContain("@");
  const blog = await createFirstBlog(page, "Long Trail");
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
  await seedPosts(blog.id, me.id, 5000, (n) => ({
    title: `Trail note ${n}`,
    content: `<p>${n === 4321 ? "A detour to Zanzibar harbour. " : ""}${filler}</p>`,
  }));

  // Dashboard: the stat cards count the whole blog from the server's counts.
  await page.reload();
  const stats = page.getByRole("region", { name: "Post statistics" });
  await expect(stats.locator("section").filter({ hasText: "Total Posts" })).toContainText("5000");
  await expect(stats.locator("section").filter({ hasText: "Published" })).toContainText("1666");

  // A figure, not a pass mark (timing targets live in `npm run bench`).
  const started = Date.now();
  await page.goto("/posts");
  await page.getByPlaceholder("Search posts...").waitFor();
  const shell = Date.now() - started;
  await expect(cards(page).first()).toContainText("Trail note 0");
  test.info().annotations.push({
    type: "first cards",
    description: `${Date.now() - started} ms from navigation (screen ready after ${shell} ms; 5,000 posts)`,
  });
  // One page of cards in the document, not 5,000.
  await expect(cards(page)).toHaveCount(30);

  // Scrolling to the end of the page brings the next one.
  await page.getByRole("button", { name: "Load more posts" }).scrollIntoViewIfNeeded();
  await expect(cards(page)).toHaveCount(60);
  await expect(cards(page).nth(59)).toContainText("Trail note 59");

  // A word in one post's content, typed in another case: the server finds it.
  const search = page.getByPlaceholder("Search posts...");
  await search.fill("zanziBAR");
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText("Trail note 4321");
  await expect(page.getByRole("button", { name: "Load more posts" })).toBeHidden();

  // With the status filter: post 4321 is under review (every third post is).
  const filter = page.getByRole("combobox", { name: "Filter by status" });
  await filter.click();
  await page.getByRole("option", { name: "Published" }).click();
  await expect(page.getByRole("heading", { name: "No posts found" })).toBeVisible();
  await filter.click();
  await page.getByRole("option", { name: "Under Review" }).click();
  await expect(cards(page)).toHaveCount(1);

  // Clearing the search brings the newest posts of that status back.
  await search.fill("");
  await expect(cards(page)).toHaveCount(30);
  await expect(cards(page).first()).toContainText("Trail note 1");
  noErrors();
});
