import type { Page } from "@playwright/test";
import sharp from "sharp";
import { apiCreatePost, apiSetStatus, contentEditor, createFirstBlog } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });
// Long posts, uploads and a published page on a machine shared with other runs.
test.describe.configure({ timeout: 120_000 });

const pixel = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** A post long enough to scroll: forty paragraphs, each named by its number. */
const longPost = Array.from(
  { length: 40 },
  (_, i) => `<p>Paragraph ${i + 1} of the long walk along the coast.</p>`,
).join("");

/** Clicks where the button is drawn, as a person aiming at it would (not through its element). */
async function clickWhereShown(page: Page, name: string) {
  const button = page
    .getByRole("toolbar", { name: "Formatting" })
    .getByRole("button", { name, exact: true });
  const box = await button.boundingBox();
  if (!box) throw new Error(`${name} is not shown`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Scrolls the page so paragraph `n` sits in the middle of the window, then selects it. */
async function selectParagraph(page: Page, n: number) {
  const paragraph = contentEditor(page)
    .getByRole("paragraph")
    .filter({ hasText: `Paragraph ${n} of` });
  await paragraph.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await paragraph.click({ clickCount: 3 });
  return paragraph;
}

async function expectToolbarBelowHeader(page: Page) {
  const header = await page.getByRole("banner").boundingBox();
  const toolbar = await page.getByRole("toolbar", { name: "Formatting" }).boundingBox();
  if (!header || !toolbar) throw new Error("header or toolbar not shown");
  expect(toolbar.y).toBeGreaterThanOrEqual(header.y + header.height - 0.5);
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
]) {
  test(`the formatting toolbar stays below the app header on a long post (${viewport.width} px)`, async ({
    page,
    signedIn,
  }) => {
    const noErrors = watchForErrors(page);
    expect(signedIn.email).toContain("@");
    await page.setViewportSize(viewport);
    const blog = await createFirstBlog(page, "Coastal Walks");
    const post = await apiCreatePost(page, {
      blogId: blog.id,
      title: "The long walk",
      content: longPost,
    });
    await page.goto(`/editor?id=${post.id}`);
    // The editor loads lazily; a busy machine takes a while.
    await expect(contentEditor(page).getByRole("paragraph")).toHaveCount(40, { timeout: 20_000 });

    const paragraph = await selectParagraph(page, 25);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    await expectToolbarBelowHeader(page);
    await clickWhereShown(page, "Bold");
    await expect(paragraph.locator("strong")).toHaveText(
      "Paragraph 25 of the long walk along the coast.",
    );

    // Further down still, the toolbar is where it can be clicked.
    const later = await selectParagraph(page, 38);
    await expectToolbarBelowHeader(page);
    await clickWhereShown(page, "Italic");
    await expect(later.locator("em")).toHaveText("Paragraph 38 of the long walk along the coast.");
    noErrors();
  });
}

test("Ctrl+B bolds in the text and leaves the sidebar alone while typing; on the page it toggles the sidebar", async ({
  page,
  signedIn,
}) => {
  const noErrors = watchForErrors(page);
  expect(signedIn.email).toContain("@");
  const blog = await createFirstBlog(page, "Shortcut Garden");
  const post = await apiCreatePost(page, {
    blogId: blog.id,
    title: "Seeds",
    content: "<p>Sow the beans in May.</p>",
  });
  await page.goto(`/editor?id=${post.id}`);
  const sidebarToggle = page.getByRole("banner").getByRole("button", { name: "Toggle Sidebar" });
  await expect(sidebarToggle).toHaveAttribute("aria-expanded", "true");

  // In the title field: nothing to bold, and the sidebar stays.
  const title = page.getByLabel("Title", { exact: true });
  await title.click();
  await page.keyboard.press("ControlOrMeta+b");
  await expect(sidebarToggle).toHaveAttribute("aria-expanded", "true");
  await expect(title).toHaveValue("Seeds");

  // In the text: the selection is bolded, and the sidebar stays.
  const paragraph = contentEditor(page)
    .getByRole("paragraph")
    .filter({ hasText: "Sow the beans in May." });
  await paragraph.click({ clickCount: 3 });
  await page.keyboard.press("ControlOrMeta+b");
  await expect(paragraph.locator("strong")).toHaveText("Sow the beans in May.");
  await expect(sidebarToggle).toHaveAttribute("aria-expanded", "true");

  // With no field focused, the shortcut still opens and closes the sidebar.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("ControlOrMeta+b");
  await expect(sidebarToggle).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("ControlOrMeta+b");
  await expect(sidebarToggle).toHaveAttribute("aria-expanded", "true");
  noErrors();
});

test("an image in the text gets alt text, a caption and a width, can be replaced and removed, and readers get them", async ({
  page,
  signedIn,
}) => {
  // Upload, save, reload, publish, a reader's page and an accessibility scan.
  test.setTimeout(300_000);
  const noErrors = watchForErrors(page);
  expect(signedIn.email).toContain("@");
  const blog = await createFirstBlog(page, "Cycle Paths");
  await page.route("https://images.example/**", (route) =>
    route.fulfill({ contentType: "image/png", body: pixel }),
  );
  const post = await apiCreatePost(page, {
    blogId: blog.id,
    title: "Bikes of the town",
    content: "<p>The town has many bikes.</p>",
  });
  await page.goto(`/editor?id=${post.id}`);
  const editor = contentEditor(page);
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });

  // An image uploaded through the image button goes in without alt text: it is flagged and
  // its controls open, alt text first.
  await editor.getByText("The town has many bikes.").click();
  await page.keyboard.press("End");
  await toolbar.getByRole("button", { name: "Image", exact: true }).click();
  const picker = page.getByRole("dialog", { name: "Insert image" });
  await picker.getByLabel("Upload images").setInputFiles({
    name: "red-bicycle.png",
    mimeType: "image/png",
    buffer: await sharp({
      create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer(),
  });
  await expect(picker).toBeHidden({ timeout: 20_000 });
  const image = editor.locator("img");
  await expect(image).toHaveCount(1);
  await expect(image).toHaveAttribute("alt", "");
  await expect(editor.getByText("No alt text")).toBeVisible();
  const controls = page.getByRole("group", { name: "Image" });
  await expect(controls).toBeVisible();
  const altText = controls.getByLabel("Alt text");
  await expect(altText).toBeFocused();
  await expectAccessible(page, "image controls");

  // Alt text, caption and width, by keyboard.
  await altText.fill("A red bicycle");
  await expect(editor.getByRole("img", { name: "A red bicycle" })).toHaveCount(1);
  await expect(editor.getByText("No alt text")).toHaveCount(0);
  await page.keyboard.press("Tab");
  const caption = controls.getByLabel("Caption");
  await expect(caption).toBeFocused();
  await page.keyboard.type("Parked by the river");
  await controls.getByRole("radio", { name: "Wide" }).check();
  await expect(editor.locator('figure[data-width="wide"] figcaption')).toHaveText(
    "Parked by the river",
  );
  await page.getByRole("button", { name: "Save Draft" }).click();
  // Saved on the server (by this save, or by an autosave already under way).
  const savedContent = async () =>
    ((await (await page.request.get(`/api/posts/${post.id}`)).json()) as { content: string })
      .content;
  await expect
    .poll(savedContent, { timeout: 30_000 })
    .toMatch(/<figure data-width="wide"><img [^>]*><figcaption>Parked by the river<\/figcaption>/);

  // Reloaded: the values are where they were written.
  await page.reload();
  const figure = editor.locator('figure[data-width="wide"]');
  // The editor loads lazily; a busy machine takes a while.
  await expect(figure.getByRole("img", { name: "A red bicycle" })).toHaveCount(1, {
    timeout: 20_000,
  });
  await expect(figure.locator("figcaption")).toHaveText("Parked by the river");
  await figure.getByRole("img").click();
  await expect(controls.getByLabel("Alt text")).toHaveValue("A red bicycle");
  await expect(controls.getByLabel("Caption")).toHaveValue("Parked by the river");
  await expect(controls.getByRole("radio", { name: "Wide" })).toBeChecked();
  const uploadedSrc = await figure.getByRole("img").getAttribute("src");
  expect(uploadedSrc).toMatch(/^\/media\//);

  // Readers get the alt text, the caption and the width.
  const saved = (await (await page.request.get(`/api/posts/${post.id}`)).json()) as {
    slug: string;
    content: string;
  };
  expect(saved.content).toContain('alt="A red bicycle"');
  expect(saved.content).toMatch(
    /<figure data-width="wide"><img [^>]*><figcaption>Parked by the river<\/figcaption><\/figure>/,
  );
  await apiSetStatus(page, post.id, "under_review", "published");
  const reader = await page.context().newPage();
  await reader.goto(`/blog/${blog.slug}/post/${saved.slug}`);
  const published = reader.locator('.prose figure[data-width="wide"]');
  await expect(published.getByRole("img", { name: "A red bicycle" })).toBeVisible();
  await expect(published.locator("figcaption")).toHaveText("Parked by the river");
  // The theme draws a wide image wider than the text column.
  const figureWidth = (await published.boundingBox())?.width ?? 0;
  const paragraphWidth = (await reader.locator(".prose > p").first().boundingBox())?.width ?? 0;
  expect(figureWidth).toBeGreaterThan(paragraphWidth);
  await reader.close();

  // Replace swaps the image's address, keeping its alt text, caption and width (the image is
  // still selected: reading the post elsewhere did not change the editor).
  await expect(controls).toBeVisible();
  await controls.getByRole("button", { name: "Replace image" }).click();
  await picker.getByRole("button", { name: "Use an image address" }).click();
  const addressDialog = page.getByRole("dialog", { name: "Insert image" });
  await addressDialog.getByLabel("Image address").fill("https://images.example/blue-bicycle.png");
  await addressDialog.getByRole("button", { name: "Insert image" }).click();
  await expect(addressDialog).toBeHidden();
  await expect(figure.getByRole("img")).toHaveAttribute(
    "src",
    "https://images.example/blue-bicycle.png",
  );
  await expect(editor.locator("img")).toHaveCount(1);
  await expect(figure.locator("figcaption")).toHaveText("Parked by the river");

  // Remove takes the image out with its caption (the replaced image stays selected).
  await expect(controls.getByLabel("Alt text")).toHaveValue("A red bicycle");
  await controls.getByRole("button", { name: "Remove image" }).click();
  await expect(editor.locator("img")).toHaveCount(0);
  await expect(editor.locator("figure")).toHaveCount(0);
  await expect(controls).toBeHidden();
  await expect(editor).toContainText("The town has many bikes.");
  noErrors();
});
