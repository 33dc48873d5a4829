import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import { expectToast, publishPost } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });
// Two imports of real exports, and renders waited for: longer than the default 30 s.
test.describe.configure({ timeout: 180_000 });

const fixture = (path: string) => resolve("../shared/fixtures", path);

/** The public page's HTML once its render shows `text` (renders run after the save). */
async function waitForRender(page: Page, path: string, text: string) {
  await expect
    .poll(async () => (await (await page.request.get(path)).text()).includes(text), {
      timeout: 15_000,
    })
    .toBe(true);
}

test("the post page shows the owner's excerpt only, and cards no heading run into the text", async ({
  page,
  firstBlog,
}) => {
  const noErrors = watchForErrors(page);
  const blog = await firstBlog("Ultra Notes", "/dashboard");
  const post = await publishPost(
    page,
    blog.id,
    "My first ultra",
    "<h2>Why I signed up</h2><p>Running fifty kilometres through the hills was a dare at first.</p><h2>Training</h2><p>Twelve weeks of long Sundays.</p>",
  );
  const postPath = `/blog/${blog.slug}/post/${post.slug}`;

  // No excerpt of the owner's: nothing above the body repeats its start.
  await page.goto(postPath);
  await expect(page.getByRole("heading", { level: 1, name: "My first ultra" })).toBeVisible();
  await expect(page.locator(".post-header .lede")).toHaveCount(0);
  await expect(page.locator(".prose h2").first()).toHaveText("Why I signed up");

  // The home page's card: the generated excerpt reads the paragraphs, not the headings.
  await page.goto(`/blog/${blog.slug}/`);
  const card = page.locator(".post-card").filter({ hasText: "My first ultra" });
  const excerpt = card.locator("article > p");
  await expect(excerpt).toHaveText(
    "Running fifty kilometres through the hills was a dare at first. Twelve weeks of long Sundays.",
  );
  await expect(excerpt).not.toContainText("Why I signed up");

  // The owner writes an SEO description in the editor: the post page shows it above the body.
  await page.goto(`/editor?id=${post.id}`);
  await page.getByRole("button", { name: "SEO Settings" }).click();
  const description = "What a first ultramarathon taught a slow road runner about patience.";
  await page.getByLabel("Meta Description").fill(description);
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expectToast(page, "Post updated");
  await waitForRender(page, postPath, description);
  await page.goto(postPath);
  await expect(page.locator(".post-header .lede")).toHaveText(description);

  // An excerpt the owner wrote (here through the API, as an API client or an import writes it)
  // comes before the SEO description.
  const written = await page.request.patch(`/api/posts/${post.id}`, {
    data: { excerpt: "Fifty kilometres, one dare, twelve weeks." },
  });
  expect(written.status()).toBe(200);
  await waitForRender(page, postPath, "Fifty kilometres, one dare, twelve weeks.");
  await page.goto(postPath);
  await expect(page.locator(".post-header .lede")).toHaveText(
    "Fifty kilometres, one dare, twelve weeks.",
  );
  noErrors();
});

test("imports: WordPress pages are listed as not imported, galleries are grids, figures align with the text", async ({
  page,
  firstBlog,
}) => {
  const noErrors = watchForErrors(page);
  const blog = await firstBlog("Test Imports", "/dashboard");
  const settings = page.getByRole("navigation", { name: "Main" }).getByRole("link", {
    name: "Settings",
  });
  await settings.click();

  // WordPress: the import's result names the pages it left out.
  await page
    .getByLabel("Export file")
    .setInputFiles(fixture("wordpress/themeunittestdata.wordpress.xml"));
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("Import finished: themeunittestdata.wordpress.xml")).toBeVisible({
    timeout: 60_000,
  });
  const pagesLine = page.getByText(/^Pages are not imported yet: /);
  await expect(pagesLine).toBeVisible();
  await expect(pagesLine).toContainText("About The Tests");
  await expect(pagesLine).toContainText("Front Page");

  // No page became a post.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "All Posts" })
    .click();
  await page.getByPlaceholder("Search posts...").fill("About The Tests");
  await expect(page.getByText("No posts found")).toBeVisible();
  expect((await page.request.get(`/blog/${blog.slug}/post/about`)).status()).toBe(404);

  // A Gutenberg gallery reads as a grid: its images side by side, not a bulleted list.
  await page.goto(`/blog/${blog.slug}/post/block-gallery`);
  const gallery = page.locator(".prose > figure").filter({ has: page.locator(":scope > figure") });
  await expect(gallery.first()).toBeVisible();
  await expect(page.locator(".prose li figure")).toHaveCount(0);
  const tiles = gallery.first().locator(":scope > figure");
  const first = await tiles.nth(0).boundingBox();
  const second = await tiles.nth(1).boundingBox();
  if (!first || !second) throw new Error("gallery images are not laid out");
  expect(Math.abs(second.y - first.y)).toBeLessThan(1);
  expect(second.x).toBeGreaterThanOrEqual(first.x + first.width);

  // Ghost: an image card's figure starts where the paragraphs start.
  await page.goto("/settings");
  await page.getByLabel("Export file").setInputFiles(fixture("ghost/v4_export.json"));
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("Import finished: v4_export.json")).toBeVisible({
    timeout: 60_000,
  });
  await expect(
    page.getByText(/^Pages are not imported yet: /).filter({ hasText: "About this site" }),
  ).toBeVisible();
  await page.goto(`/blog/${blog.slug}/post/write`);
  const figure = page.locator(".prose > figure").filter({ hasText: "The Ghost editor" });
  const paragraph = page.locator(".prose > p").first();
  await expect(figure).toBeVisible();
  const figureBox = await figure.boundingBox();
  const paragraphBox = await paragraph.boundingBox();
  if (!figureBox || !paragraphBox) throw new Error("the post body is not laid out");
  expect(figureBox.x).toBeCloseTo(paragraphBox.x, 0);
  expect(figureBox.width).toBeCloseTo(paragraphBox.width, 0);
  noErrors();
});
