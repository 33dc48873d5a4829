import type { Page } from "@playwright/test";
import {
  apiCreatePost,
  contentField,
  createFirstBlog,
  expectContent,
  expectToast,
  fillContent,
  publishPost,
  typeIntoContent,
} from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

const saveState = (page: Page) => page.locator('[data-slot="save-state"]');

/** Saves fail as if the network were down (the local copy is then the only one). */
async function goOffline(page: Page) {
  await page.route(/\/api\/posts\/[^/]+(\/pending-changes)?$/, (route) =>
    route.request().method() === "GET" ? route.continue() : route.abort(),
  );
}

const readPost = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/posts/${id}`)).json()) as {
    content: string;
    status: string;
    version: number;
  };

test("two tabs on one post: the second is warned, reloads theirs or overwrites", async ({
  page,
  context,
  signedIn,
}) => {
  expect(signedIn.email).toContain("@");
  const blog = await createFirstBlog(page, "Two Tabs");
  const post = await apiCreatePost(page, {
    blogId: blog.id,
    title: "Shared",
    content: "<p>Start</p>",
  });
  const second = await context.newPage();
  await page.goto(`/editor?id=${post.id}`);
  await second.goto(`/editor?id=${post.id}`);
  await expectContent(second, "<p>Start</p>");

  await fillContent(page, "<p>From the first tab</p>");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expectToast(page, "Post updated");

  await fillContent(second, "<p>From the second tab</p>");
  const conflict = second.getByRole("alertdialog", { name: "This post was changed elsewhere" });
  await expect(conflict).toBeVisible({ timeout: 10_000 });
  await expect(conflict).toContainText("Your changes are not saved");
  expect((await readPost(page, post.id)).content).toBe("<p>From the first tab</p>");
  await conflict.getByRole("button", { name: "Reload their version" }).click();
  await expect(conflict).toBeHidden();
  await expectContent(second, "<p>From the first tab</p>");

  // Again, and this time the second tab keeps its text.
  await fillContent(page, "<p>First tab, again</p>");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expectToast(page, "Post updated");
  await fillContent(second, "<p>Second tab wins</p>");
  await expect(conflict).toBeVisible({ timeout: 10_000 });
  await conflict.getByRole("button", { name: "Overwrite" }).click();
  await expect(conflict).toBeHidden();
  await expect(saveState(second)).toContainText("Saved");
  await expect
    .poll(async () => (await readPost(page, post.id)).content)
    .toBe("<p>Second tab wins</p>");
  await second.close();
});

test("text typed while saves fail survives a reload and is offered back", async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toContain("@");
  const blog = await createFirstBlog(page, "Crash Course");
  const post = await apiCreatePost(page, { blogId: blog.id, title: "Notes", content: "<p>A</p>" });
  await page.goto(`/editor?id=${post.id}`);
  await expectContent(page, "<p>A</p>");
  await goOffline(page);
  await typeIntoContent(page, " and the words typed just before the crash");
  await expect(saveState(page)).toContainText("Not saved", { timeout: 10_000 });
  await expect(page.locator('[data-slot="content-limit"]')).toHaveText("50 / 500,000 characters");

  // Reloading asks first (the browser's own question), then the text comes back.
  const asked: string[] = [];
  page.on("dialog", (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.unrouteAll();
  await page.reload();
  expect(asked).toEqual(["beforeunload"]);
  const banner = page.getByRole("alert", { name: "Unsaved changes found" });
  await expect(banner).toBeVisible();
  await expectContent(page, "<p>A</p>");
  await banner.getByRole("button", { name: "Restore" }).click();
  await expectContent(page, "the words typed just before the crash");
  await expect(saveState(page)).toContainText("Saved", { timeout: 10_000 });
  await expect
    .poll(async () => (await readPost(page, post.id)).content)
    .toContain("the words typed just before the crash");
});

test("leaving the editor with unsaved text asks first", async ({ page, signedIn }) => {
  expect(signedIn.email).toContain("@");
  const blog = await createFirstBlog(page, "Leaving");
  const post = await apiCreatePost(page, { blogId: blog.id, title: "Stay", content: "" });
  await page.goto(`/editor?id=${post.id}`);
  await expect(contentField(page)).toBeVisible();
  await goOffline(page);
  await fillContent(page, "<p>Four kilobytes of careful prose</p>");

  await page.getByRole("link", { name: "All Posts" }).click();
  const ask = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Stay" }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/editor\\?id=${post.id}$`));
  await expectContent(page, "Four kilobytes of careful prose");

  await page.getByRole("link", { name: "All Posts" }).click();
  await ask.getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(/\/posts$/);
});

test("a revision is compared and restored from the editor", async ({ page, signedIn }) => {
  const noErrors = watchForErrors(page);
  expect(signedIn.email).toContain("@");
  const blog = await createFirstBlog(page, "Old Drafts");
  const post = await apiCreatePost(page, {
    blogId: blog.id,
    title: "Evolving",
    content: "<p>The first careful version.</p>",
  });
  const edit = await page.request.patch(`/api/posts/${post.id}`, {
    data: { content: "<p>A hasty rewrite.</p>" },
  });
  expect(edit.status()).toBe(200);

  await page.goto(`/editor?id=${post.id}`);
  await expectContent(page, "A hasty rewrite.");
  await page.getByRole("button", { name: "Revisions", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Revisions" });
  const items = dialog.getByRole("list", { name: "Revisions" }).getByRole("button");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("version 2");
  await items.last().click();
  const comparison = dialog.getByRole("region", { name: "Comparison" });
  await expect(comparison.locator("ins")).toContainText(["first careful version"]);
  await expect(comparison.locator("del")).toContainText(["hasty rewrite"]);
  await dialog.getByRole("button", { name: "Restore this revision" }).click();
  await expectToast(page, "Revision restored");
  await expectContent(page, "<p>The first careful version.</p>");
  await expect(saveState(page)).toContainText("Saved", { timeout: 10_000 });
  await expect
    .poll(async () => (await readPost(page, post.id)).content)
    .toBe("<p>The first careful version.</p>");
  noErrors();
});

test("a live post: edits wait for Update, one-step publish, unpublish from editor and card", async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toContain("@");
  const blog = await createFirstBlog(page, "Live Edits");
  const live = await publishPost(page, blog.id, "On Air", "<p>What readers read.</p>");
  const pagePath = `/blog/${blog.slug}/post/${live.slug}`;
  await expect.poll(async () => (await page.request.get(pagePath)).status()).toBe(200);

  // Edits of a live post autosave apart; the page changes on 'Update' only.
  await page.goto(`/editor?id=${live.id}`);
  await expect(page.getByRole("button", { name: "Save Draft" })).toHaveCount(0);
  const update = page.getByRole("button", { name: "Update", exact: true });
  await expect(update).toBeDisabled();
  await fillContent(page, "<p>What readers will read next.</p>");
  await expect(saveState(page)).toContainText("Not live yet", { timeout: 10_000 });
  expect(await (await page.request.get(pagePath)).text()).not.toContain("read next");
  await update.click();
  await expectToast(page, "Post updated");
  await expect
    .poll(async () => (await page.request.get(pagePath)).text())
    .toContain("What readers will read next.");

  // Edits kept apart can be dropped: the editor shows the live post again.
  await fillContent(page, "<p>A second thought.</p>");
  await expect(saveState(page)).toContainText("Not live yet", { timeout: 10_000 });
  await saveState(page).getByRole("button", { name: "Discard changes" }).click();
  await expectToast(page, "Changes discarded");
  await expectContent(page, "<p>What readers will read next.</p>");
  await expect(update).toBeDisabled();

  // Unpublish from the editor: the page is gone from the blog.
  await page.getByRole("button", { name: "Unpublish" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Unpublish Post" });
  await confirm.getByRole("button", { name: "Unpublish" }).click();
  await expectToast(page, "Post unpublished");
  await expect(page.locator('[data-slot="post-status-badge"]')).toHaveText("Draft");
  await expect.poll(async () => (await page.request.get(pagePath)).status()).toBe(410);

  // With review off, 'Publish' works from a draft.
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("switch", { name: "Review before publishing" }).click();
  await expectToast(page, "Review Off");
  await page.goto(`/editor?id=${live.id}`);
  await expect(page.getByRole("button", { name: "Submit for Review" })).toHaveCount(0);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expectToast(page, "Status updated", "Post is now Published");
  await expect.poll(async () => (await page.request.get(pagePath)).status()).toBe(200);

  // Unpublish from the post card's menu.
  await page.getByRole("link", { name: "All Posts" }).click();
  await page.getByRole("button", { name: "Actions for On Air" }).click();
  await page.getByRole("menuitem", { name: "Unpublish" }).click();
  await page
    .getByRole("alertdialog", { name: "Unpublish Post" })
    .getByRole("button", { name: "Unpublish" })
    .click();
  await expectToast(page, "Post unpublished");
  await expect.poll(async () => (await page.request.get(pagePath)).status()).toBe(410);
  expect((await readPost(page, live.id)).status).toBe("draft");
});
