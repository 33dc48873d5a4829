import type { Page } from "@playwright/test";
import { apiSetStatus, expectToast, publishPost } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

const cards = (page: Page) => page.getByRole("list", { name: "Posts" }).getByRole("listitem");

/** Issue 14 finding 6: a post that readers could read and no longer can answers 410 Gone. */
test("a deleted or unpublished post is gone for readers (410); an unknown one is not found (404)", async ({
  page,
  firstBlog,
}) => {
  const noErrors = watchForErrors(page);
  const blog = await firstBlog("Pond Notes", "/dashboard");
  const frogs = await publishPost(page, blog.id, "Frogspawn in March", "<p>Early this year.</p>");
  const newts = await publishPost(page, blog.id, "Newts at night", "<p>With a torch.</p>");

  const reader = await page.context().newPage();
  const frogsPage = await reader.goto(`/blog/${blog.slug}/post/${frogs.slug}`);
  expect(frogsPage?.status()).toBe(200);
  await expect(reader.getByRole("heading", { level: 1, name: "Frogspawn in March" })).toBeVisible();

  // The owner deletes one post on All Posts, as a person would.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "All Posts" })
    .click();
  await cards(page)
    .filter({ hasText: "Frogspawn in March" })
    .getByRole("button", { name: "Actions for Frogspawn in March" })
    .click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Delete" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete Post" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expectToast(page, "Post deleted");

  const gone = await reader.goto(`/blog/${blog.slug}/post/${frogs.slug}`);
  expect(gone?.status()).toBe(410);
  await expect(reader.getByRole("heading", { level: 1, name: "Post Not Found" })).toBeVisible();
  await expect(reader.getByText("Early this year.")).toHaveCount(0);

  // Unpublished: gone too; published again: readable again.
  await apiSetStatus(page, newts.id, "draft");
  expect((await reader.goto(`/blog/${blog.slug}/post/${newts.slug}`))?.status()).toBe(410);
  await apiSetStatus(page, newts.id, "under_review", "published");
  expect((await reader.goto(`/blog/${blog.slug}/post/${newts.slug}`))?.status()).toBe(200);
  await expect(reader.getByRole("heading", { level: 1, name: "Newts at night" })).toBeVisible();

  const never = await reader.goto(`/blog/${blog.slug}/post/never-written`);
  expect(never?.status()).toBe(404);
  await expect(reader.getByRole("heading", { level: 1, name: "Post Not Found" })).toBeVisible();
  noErrors();
});
