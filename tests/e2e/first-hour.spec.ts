import type { Page } from "@playwright/test";
import sharp from "sharp";
import { contentEditor, createFirstBlog, expectToast } from "./content-helpers.ts";
import { expect as baseExpect, test } from "./fixtures.ts";
import { watchForErrors } from "./helpers.ts";

/**
 * Issue 33's 'done when', as one new owner lives it on a phone: a first blog, a post with two
 * images and their alt text, two tags and a category made from the editor, published, and read
 * back on the blog, with no console error and no sideways scrolling on the way.
 */
test.use({ reducedMotion: "reduce", viewport: { width: 390, height: 844 }, hasTouch: true });
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const photo = (r: number, g: number, b: number) =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

async function expectNoSidewaysScroll(page: Page, screen: string) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.page, `${screen} scrolls sideways`).toBeLessThanOrEqual(widths.window);
}

/** Inserts an uploaded image at the end of the text and gives it its alt text. */
async function addImage(page: Page, name: string, bytes: Buffer, alt: string) {
  const editor = contentEditor(page);
  await editor.locator("p").last().click();
  await page.keyboard.press("End");
  await page
    .getByRole("toolbar", { name: "Formatting" })
    .getByRole("button", { name: "Image", exact: true })
    .click();
  const picker = page.getByRole("dialog", { name: "Insert image" });
  await picker
    .getByLabel("Upload images")
    .setInputFiles({ name, mimeType: "image/png", buffer: bytes });
  await expect(picker).toBeHidden();
  const altText = page.getByRole("group", { name: "Image" }).getByLabel("Alt text");
  await expect(altText).toBeFocused();
  await altText.fill(alt);
  await expect(editor.getByRole("img", { name: alt })).toHaveCount(1);
  await page.keyboard.press("Escape");
}

test("a new owner writes a post with two images, tags and a new category on a phone", async ({
  page,
  signedIn,
}) => {
  const noErrors = watchForErrors(page);
  const failed: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  expect(signedIn.email).toContain("@");

  await page.goto("/dashboard");
  await expect(page.getByText("Welcome back")).toHaveCount(0);
  const blog = await createFirstBlog(page, "Coast Paths");
  await expectNoSidewaysScroll(page, "Dashboard");

  await page.goto("/editor");
  await expect(page.getByRole("heading", { level: 1, name: "New Post" })).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill("Two bays in one morning");
  await contentEditor(page).click();
  await contentEditor(page).pressSequentially("The path leaves the harbour at low tide.");
  // The new post is a draft on the server before any button is pressed.
  await expect(page).toHaveURL(/\/editor\?id=[\w-]+$/);
  const postId = new URL(page.url()).searchParams.get("id");

  await addImage(page, "north-bay.png", await photo(30, 90, 160), "The north bay at low tide");
  await contentEditor(page).locator("p").last().click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Then the cliffs, and the second bay.");
  await addImage(page, "south-bay.png", await photo(200, 170, 90), "Sand dunes of the south bay");

  const tags = page.getByRole("combobox", { name: "Tags" });
  await tags.fill("Coastal walks");
  await tags.press("Enter");
  await tags.fill("Tides");
  await tags.press("Enter");
  await expect(page.getByRole("list", { name: "Tags" }).locator('[data-slot="tag"]')).toHaveText([
    "Coastal walks",
    "Tides",
  ]);

  const category = page.getByRole("combobox", { name: "Category" });
  await category.click();
  await page.getByRole("option", { name: "New category…" }).click();
  const dialog = page.getByRole("dialog", { name: "New category" });
  await dialog.getByLabel("Name").fill("Day walks");
  await dialog.getByRole("button", { name: "Create Category" }).click();
  await expect(dialog).toBeHidden();
  await expect(category).toHaveText("Day walks");
  await expectNoSidewaysScroll(page, "Editor");

  await page.getByRole("button", { name: "Save Draft" }).click();
  await expectToast(page, "Post created");
  const main = page.getByRole("button", { name: "Submit for Review" });
  await main.click();
  await expectToast(page, "Status updated", "Post is now Under Review");
  await page.getByRole("button", { name: "Publish" }).click();
  await expectToast(page, "Status updated", "Post is now Published");

  const saved = (await (await page.request.get(`/api/posts/${postId}`)).json()) as {
    slug: string;
    tags: string[];
  };
  expect(saved.tags).toEqual(["Coastal walks", "Tides"]);

  // The reader's page: both images with their alt text, the tags and the category.
  await page.goto(`/blog/${blog.slug}/post/${saved.slug}`);
  await expect(
    page.getByRole("heading", { level: 1, name: "Two bays in one morning" }),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: "The north bay at low tide" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Sand dunes of the south bay" })).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Tags" }).getByRole("link")).toHaveText([
    "Coastal walks",
    "Tides",
  ]);
  await expect(page.getByRole("link", { name: "Day walks" }).first()).toBeVisible();
  await expectNoSidewaysScroll(page, "the post's public page");

  noErrors();
  expect(failed).toEqual([]);
});
