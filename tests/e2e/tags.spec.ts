import { contentEditor, createFirstBlog, expectToast, fillContent } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });
// A long journey (sign-up, the editor, a publish's render, a rename's full render) on a busy
// machine: the time counts from the signed-in fixture on.
test.describe.configure({ timeout: 300_000 });

test("an owner tags a post, readers follow its tag chip to the tag page, and a rename follows", async ({
  page,
  signedIn,
}) => {
  const noErrors = watchForErrors(page);
  expect(signedIn.email).toContain("@");
  const blog = await createFirstBlog(page, "Bread Lab");

  // An earlier post's tag is offered as a suggestion in the editor.
  const earlier = await page.request.post("/api/posts", {
    data: { blogId: blog.id, title: "Starter care", content: "<p>Feed it.</p>", tags: ["Rye"] },
  });
  expect(earlier.status()).toBe(201);

  // Writing: title, content, two tags (one typed, one from the suggestions), focus keywords.
  await page.goto("/editor");
  await page.getByLabel("Title", { exact: true }).fill("Seeded sourdough");
  await fillContent(page, "<p>Sunflower seeds, soaked overnight.</p>");
  await expect(contentEditor(page).getByRole("paragraph")).toHaveText(
    "Sunflower seeds, soaked overnight.",
  );
  const tagInput = page.getByRole("combobox", { name: "Tags" });
  const chips = page.getByRole("list", { name: "Tags" }).locator('[data-slot="tag"]');
  await tagInput.fill("Wild <Yeast>");
  await tagInput.press("Enter");
  await tagInput.fill("ry");
  await page.getByRole("option", { name: "Rye" }).click();
  await expect(chips).toHaveText(["Wild <Yeast>", "Rye"]);
  await page.getByRole("button", { name: "SEO Settings" }).click();
  const keywordInput = page.getByRole("textbox", { name: "Focus Keywords" });
  await keywordInput.fill("seed bread secret");
  await keywordInput.press("Enter");

  await page.getByRole("button", { name: "Save Draft" }).click();
  await expectToast(page, "Post created");
  await expect(page).toHaveURL(/\/editor\?id=[\w-]+$/);
  await page.getByRole("button", { name: "Submit for Review" }).click();
  await page.getByRole("button", { name: "Publish" }).click();
  await expectToast(page, "Status updated", "Post is now Published");

  // The reader's view: the post shows its tags (escaped), not its focus keywords.
  await page.goto(`/blog/${blog.slug}/post/seeded-sourdough`);
  await expect(page.getByRole("heading", { level: 1, name: "Seeded sourdough" })).toBeVisible();
  const postTags = page.getByRole("list", { name: "Tags" });
  await expect(postTags.getByRole("link")).toHaveText(["Wild <Yeast>", "Rye"]);
  await expect(page.getByText("seed bread secret")).toHaveCount(0);
  await postTags.getByRole("link", { name: "Wild <Yeast>" }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${blog.slug}/tag/wild-yeast$`));
  await expect(page.getByRole("heading", { level: 1, name: "Wild <Yeast>" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Seeded sourdough", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Starter care", exact: true })).toHaveCount(0);
  const feed = await page.request.get(`/blog/${blog.slug}/tag/wild-yeast/rss.xml`);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain("Seeded sourdough");

  // The Tags screen lists the blog's tags with their posts; a rename reaches the public pages.
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tags" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tags" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Wild <Yeast>" });
  await expect(row.getByRole("cell", { name: "1 post" })).toBeVisible();
  await expect(
    page.getByRole("row").filter({ hasText: "Rye" }).getByRole("cell", { name: "2 posts" }),
  ).toBeVisible();
  await expectAccessible(page, "tags screen");
  await row.getByRole("button", { name: "Rename tag Wild <Yeast>" }).click();
  const dialog = page.getByRole("dialog", { name: "Rename Tag" });
  await dialog.getByLabel("Name").fill("Levain");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Tag renamed");
  await expect(page.getByRole("row").filter({ hasText: "Levain" })).toBeVisible();

  await expect
    .poll(async () =>
      (await (await page.request.get(`/blog/${blog.slug}/post/seeded-sourdough`)).text()).includes(
        ">Levain<",
      ),
    )
    .toBe(true);
  await page.goto(`/blog/${blog.slug}/post/seeded-sourdough`);
  await page.getByRole("list", { name: "Tags" }).getByRole("link", { name: "Levain" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Levain" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Seeded sourdough", exact: true })).toBeVisible();

  // Deleting a tag takes it off its posts.
  await page.goto("/tags");
  await page
    .getByRole("row")
    .filter({ hasText: "Levain" })
    .getByRole("button", { name: "Delete tag Levain" })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Tag deleted");
  await expect(page.getByRole("row").filter({ hasText: "Levain" })).toHaveCount(0);
  noErrors();
});
