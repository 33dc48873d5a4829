import { expectToast, publishPost } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce", timezoneId: "America/Los_Angeles" });

test("rename, clone and delete a blog from My Blogs; the deleted blog answers 410", async ({
  page,
  firstBlog,
}) => {
  const noErrors = watchForErrors(page);
  const blog = await firstBlog("Garden Notes", "/dashboard");
  // The browser's time zone became the blog's.
  const created = await (await page.request.get(`/api/blogs/${blog.id}`)).json();
  expect(created.timeZone).toBe("America/Los_Angeles");
  await publishPost(page, blog.id, "First tomatoes", "<p>Red at last.</p>");

  await page.goto("/my-blogs");
  await page.getByRole("button", { name: "Edit Garden Notes" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Blog" });
  await edit.getByLabel("Blog Name").fill("Kitchen Garden");
  await edit.getByLabel("Description (Optional)").fill("Vegetables from a small plot");
  await edit.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Blog updated");
  await expect(edit).toBeHidden();
  await expect(page.getByText("Vegetables from a small plot").first()).toBeVisible();

  // The fleet overview lists the blog, sortable.
  const fleet = page.locator("section[aria-labelledby='fleet-overview-title']");
  await expect(fleet.getByRole("cell", { name: "Kitchen Garden" })).toBeVisible();

  await page.getByRole("button", { name: "Clone Kitchen Garden" }).click();
  const clone = page.getByRole("dialog", { name: "Clone Blog" });
  await clone.getByLabel("New Blog Name").fill("Herb Garden");
  await clone.getByRole("button", { name: "Clone Blog" }).click();
  await expectToast(page, "Blog cloned");
  await expect(page.getByRole("button", { name: "Edit Herb Garden" })).toBeVisible();
  await expect(fleet.getByRole("cell", { name: "Herb Garden" })).toBeVisible();

  await page.getByRole("button", { name: "Delete Kitchen Garden" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Kitchen Garden?" });
  const remove = confirm.getByRole("button", { name: "Delete Blog" });
  await expect(remove).toBeDisabled();
  await confirm.getByLabel("Type Kitchen Garden to confirm").fill("Kitchen");
  await expect(remove).toBeDisabled();
  await confirm.getByLabel("Type Kitchen Garden to confirm").fill("Kitchen Garden");
  await remove.click();
  await expectToast(page, "Blog deleted");
  await expect(page.getByRole("button", { name: "Edit Kitchen Garden" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Edit Herb Garden" })).toBeVisible();
  // The selection moved on to the remaining blog.
  await expect(page.getByRole("banner").getByRole("button", { name: "Herb Garden" })).toBeVisible();

  const gone = await page.request.get(`/blog/${blog.slug}/`);
  expect(gone.status()).toBe(410);
  noErrors();
});
