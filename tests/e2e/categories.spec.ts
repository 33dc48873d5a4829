import type { Page } from "@playwright/test";
import { apiCreatePost, createFirstBlog, expectToast } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

/** A category's row: the list item's own line (not its children's). */
const item = (page: Page, name: string) =>
  page
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) })
    .last();

async function newCategory(page: Page, name: string, parent?: string) {
  await page.getByRole("button", { name: "New Category" }).click();
  const dialog = page.getByRole("dialog", { name: "New Category" });
  await dialog.getByLabel("Name").fill(name);
  if (parent) {
    await dialog.getByRole("combobox", { name: "Parent Category (Optional)" }).click();
    await page.getByRole("option", { name: parent }).click();
  }
  await dialog.getByRole("button", { name: "Create Category" }).click();
  await expectToast(page, "Category created");
  await expect(dialog).toBeHidden();
}

test("an owner builds a three-level category tree, renames and deletes a node", async ({
  page,
  signedIn,
}) => {
  const noErrors = watchForErrors(page);
  expect(signedIn.email).toContain("@");
  const blog = await createFirstBlog(page, "Run Club");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Categories" })
    .click();
  await expect(page.getByRole("heading", { name: "No categories yet" })).toBeVisible();

  // Both fields are required.
  await page.getByRole("button", { name: "New Category" }).click();
  const dialog = page.getByRole("dialog", { name: "New Category" });
  await dialog.getByRole("button", { name: "Create Category" }).click();
  await expectToast(page, "Required fields missing", "Please enter both category name and slug.");
  // The slug follows the name until edited.
  await dialog.getByLabel("Name").fill("Road Running");
  await expect(dialog.getByLabel("Slug")).toHaveValue("road-running");
  await dialog.getByLabel("Slug").fill("");
  await dialog.getByRole("button", { name: "Create Category" }).click();
  await expectToast(page, "Required fields missing", "Please enter both category name and slug.");
  await dialog.getByLabel("Slug").fill("road");
  await dialog.getByRole("button", { name: "Create Category" }).click();
  await expectToast(page, "Category created");

  await newCategory(page, "Marathons", "Road Running");
  await newCategory(page, "Training Plans", "Marathons");

  // Three levels: Training Plans sits inside Marathons inside Road Running.
  const tree = page.getByRole("list", { name: "Category tree" });
  await expect(tree.getByRole("listitem")).toHaveCount(3);
  await expect(
    item(page, "Road Running").getByText("Training Plans", { exact: true }),
  ).toBeVisible();
  await expect(item(page, "Marathons").getByText("Training Plans", { exact: true })).toBeVisible();

  // Collapse and expand.
  const collapse = page.getByRole("button", { name: "Collapse Road Running" });
  await expect(collapse).toHaveAttribute("aria-expanded", "true");
  await collapse.click();
  await expect(page.getByText("Marathons", { exact: true })).toBeHidden();
  await page.getByRole("button", { name: "Expand Road Running" }).click();
  await expect(page.getByText("Training Plans", { exact: true })).toBeVisible();
  await expectAccessible(page, "category tree");

  // Real post counts per node.
  const categories = (await (
    await page.request.get(`/api/blogs/${blog.id}/categories`)
  ).json()) as { id: string; name: string }[];
  const marathons = categories.find((c) => c.name === "Marathons");
  await apiCreatePost(page, { blogId: blog.id, title: "Week one", categoryId: marathons?.id });
  await page.reload();
  await expect(item(page, "Marathons").getByText("1 post", { exact: true })).toBeVisible();
  await expect(item(page, "Training Plans").getByText("0 posts", { exact: true })).toBeVisible();

  // Rename: the name is required.
  await page.getByRole("button", { name: "Edit Marathons" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Category" });
  await expect(edit.getByLabel("Name")).toHaveValue("Marathons");
  await edit.getByLabel("Name").fill("  ");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Name required", "Please enter a category name.");
  await edit.getByLabel("Name").fill("Marathon Prep");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Category updated");
  await expect(page.getByText("Marathon Prep", { exact: true })).toBeVisible();

  // Delete: the confirmation names the category; its child moves up a level.
  await page.getByRole("button", { name: "Delete Marathon Prep" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Category" });
  await expect(confirm).toContainText('Are you sure you want to delete "Marathon Prep"?');
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Category deleted");
  await expect(page.getByText("Marathon Prep", { exact: true })).toHaveCount(0);
  await expect(tree.getByRole("listitem")).toHaveCount(2);
  await expect(
    item(page, "Road Running").getByText("Training Plans", { exact: true }),
  ).toBeVisible();
  noErrors();
});
