import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { contentEditor, createFirstBlog, expectToast, pasteInto } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

const googleDocs = readFileSync(
  new URL("./fixtures/google-docs-paste.html", import.meta.url),
  "utf8",
);

const pixel = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Saves a new post, then submits and publishes it from the editor; answers its id and slug. */
async function saveAndPublish(page: Page) {
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expectToast(page, "Post created");
  await expect(page).toHaveURL(/\/editor\?id=/);
  const id = new URL(page.url()).searchParams.get("id") ?? "";
  await page.getByRole("button", { name: "Submit for Review" }).click();
  await expectToast(page, "Status updated", "Post is now Under Review");
  await page.getByRole("button", { name: "Publish" }).click();
  await expectToast(page, "Status updated", "Post is now Published");
  const post = (await (await page.request.get(`/api/posts/${id}`)).json()) as {
    id: string;
    slug: string;
    content: string;
  };
  return post;
}

test("an owner formats with the toolbar, shortcuts and Markdown, and readers see it formatted", async ({
  page,
  signedIn,
}) => {
  // Types a whole post key by key: on a busy machine that takes longer than most tests.
  test.slow();
  const noErrors = watchForErrors(page);
  expect(signedIn.email).toContain("@");
  const blog = await createFirstBlog(page, "Compost Corner");
  await page.goto("/editor");
  await page.getByLabel("Title", { exact: true }).fill("Hot Composting");
  const editor = contentEditor(page);
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  await page.route("https://images.example/**", (route) =>
    route.fulfill({ contentType: "image/png", body: pixel }),
  );
  const bold = toolbar.getByRole("button", { name: "Bold", exact: true });

  // Toolbar: bold on, typed, bold off.
  await editor.click();
  await page.keyboard.type("Start with ");
  await expect(bold).toHaveAttribute("aria-pressed", "false");
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("greens and browns");
  await bold.click();
  // Keyboard shortcut: italic.
  await page.keyboard.type(" in ");
  await page.keyboard.press("ControlOrMeta+i");
  await page.keyboard.type("equal parts");
  await page.keyboard.press("ControlOrMeta+i");
  await page.keyboard.type(". Read ");
  // Link with the small dialog, on selected text.
  await page.keyboard.type("the guide");
  for (let i = 0; i < "the guide".length; i++) await page.keyboard.press("Shift+ArrowLeft");
  await toolbar.getByRole("button", { name: "Link", exact: true }).click();
  const linkDialog = page.getByRole("dialog", { name: "Insert link" });
  await linkDialog.getByLabel("Link address").fill("javascript:alert(1)");
  await linkDialog.getByRole("button", { name: "Add link" }).click();
  await expect(linkDialog.getByText("Use an address starting with https://")).toBeVisible();
  await linkDialog.getByLabel("Link address").fill("https://example.com/compost-guide");
  await linkDialog.getByRole("button", { name: "Add link" }).click();
  await expect(linkDialog).toBeHidden();
  await editor.press("End");
  await page.keyboard.type(".");
  // Markdown shortcuts while typing: a heading, a list, **bold**.
  await page.keyboard.press("Enter");
  await page.keyboard.type("## Turning the pile");
  await page.keyboard.press("Enter");
  await page.keyboard.type("- Every week");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Keep it damp");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("It is **ready** ");
  await page.keyboard.type("in a month.");
  await page.keyboard.press("Enter");
  // The image button opens the media library; an image hosted elsewhere goes in by address.
  await toolbar.getByRole("button", { name: "Image", exact: true }).click();
  const picker = page.getByRole("dialog", { name: "Insert image" });
  await expect(picker.getByText("Upload a new image or choose one")).toBeVisible();
  await picker.getByRole("button", { name: "Use an image address" }).click();
  const imageDialog = page.getByRole("dialog", { name: "Insert image" });
  await imageDialog.getByLabel("Image address").fill("https://images.example/pile.png");
  await imageDialog.getByLabel("Alt text").fill("A steaming compost pile");
  await imageDialog.getByRole("button", { name: "Insert image" }).click();
  await expect(imageDialog).toBeHidden();
  await expect(editor.getByRole("img", { name: "A steaming compost pile" })).toHaveCount(1);

  await expect(editor.getByRole("heading", { level: 2 })).toHaveText("Turning the pile");
  await expect(editor.getByRole("listitem")).toHaveText(["Every week", "Keep it damp"]);
  await expect(editor.locator("strong")).toHaveText(["greens and browns", "ready"]);
  await expect(editor).not.toContainText("**");
  await expect(editor).not.toContainText("##");
  await expectAccessible(page, "rich-text editor");

  const post = await saveAndPublish(page);
  expect(post.content).toContain("<h2>Turning the pile</h2>");

  // The reader's page shows the same formatting.
  await page.goto(`/blog/${blog.slug}/post/${post.slug}`);
  const prose = page.locator(".prose");
  await expect(prose.locator("strong")).toHaveText(["greens and browns", "ready"]);
  await expect(prose.locator("em")).toHaveText("equal parts");
  await expect(prose.getByRole("heading", { level: 2 })).toHaveText("Turning the pile");
  await expect(prose.getByRole("listitem")).toHaveText(["Every week", "Keep it damp"]);
  await expect(prose.getByRole("link", { name: "the guide" })).toHaveAttribute(
    "href",
    "https://example.com/compost-guide",
  );
  await expect(prose.getByRole("img", { name: "A steaming compost pile" })).toHaveAttribute(
    "src",
    "https://images.example/pile.png",
  );
  noErrors();
});

test("pasting from Google Docs and pasting Markdown give clean formatted content", async ({
  page,
  signedIn,
}) => {
  const noErrors = watchForErrors(page);
  expect(signedIn.email).toContain("@");
  await createFirstBlog(page, "Paste Garden");
  await page.goto("/editor");
  const editor = contentEditor(page);
  await pasteInto(editor, {
    html: googleDocs,
    text: "Choosing a Compost Bin\nA good bin is sturdy and easy to turn.",
  });

  await expect(editor.getByRole("heading", { level: 2 })).toHaveText("Choosing a Compost Bin");
  // The Google Docs wrapper `<b style="font-weight:normal">` is not bold; styled spans are.
  await expect(editor.locator("strong")).toHaveText(["sturdy"]);
  await expect(editor.locator("em")).toHaveText(["easy to turn"]);
  await expect(editor.getByRole("link", { name: "full guide" })).toHaveAttribute(
    "href",
    "https://example.com/compost-guide",
  );
  await expect(editor.getByRole("listitem")).toHaveText(["Greens: peelings", "Browns: dry leaves"]);
  await expect(editor).toContainText("Turn it weekly.");
  const html = await editor.innerHTML();
  expect(html).not.toMatch(/style=|<span|docs-internal-guid|<script|font-size/);
  expect(await page.evaluate(() => (window as { __pasted?: boolean }).__pasted)).toBeUndefined();

  // Markdown pasted as plain text becomes formatted content.
  await editor.press("ControlOrMeta+End");
  await pasteInto(editor, { text: "## From my notes\n\n- **Carbon** first\n- Nitrogen second\n" });
  await expect(editor.getByRole("heading", { level: 2 })).toHaveText([
    "Choosing a Compost Bin",
    "From my notes",
  ]);
  await expect(editor.locator("strong")).toHaveText(["sturdy", "Carbon"]);
  await expect(editor).not.toContainText("##");
  noErrors();
});

test("a product box with an affiliate link is published with rel=sponsored and the disclosure", async ({
  page,
  signedIn,
}) => {
  const noErrors = watchForErrors(page);
  expect(signedIn.email).toContain("@");
  const blog = await createFirstBlog(page, "Bin Reviews");
  const created = await page.request.post("/api/affiliate-links", {
    data: {
      blogId: blog.id,
      keyword: "hot bin",
      url: "https://shop.example/hot-bin",
      autoInsert: false,
    },
  });
  expect(created.status()).toBe(201);
  const link = (await created.json()) as { id: string };
  // The shop's product photo, served without leaving the machine.
  await page.route("https://shop.example/**/*.jpg", (route) =>
    route.fulfill({ contentType: "image/png", body: pixel }),
  );

  await page.goto("/editor");
  await page.getByLabel("Title", { exact: true }).fill("The Best Hot Bin");
  const editor = contentEditor(page);
  await editor.click();
  await page.keyboard.type("Our pick after a year of testing.");
  await page.keyboard.press("Enter");
  // The '/' menu inserts blocks.
  await page.keyboard.type("/product");
  const menu = page.getByRole("listbox", { name: "Insert block" });
  await expect(menu.getByRole("option", { name: /Product box/ })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(menu).toBeHidden();

  const box = page.getByRole("region", { name: "Product box" });
  await box.getByLabel("Product name").fill("HotBin Mk II");
  await box.getByLabel("Short description").fill("Composts in 30 days, even in winter.");
  await box.getByLabel("Rating").selectOption("4.5");
  await box.getByLabel("Product image address").fill("https://shop.example/hot-bin.jpg");
  await box.getByLabel("Product image alt text").fill("A green insulated bin");
  await box
    .getByLabel("Affiliate link")
    .selectOption({ label: "hot bin — https://shop.example/hot-bin" });
  await box.getByLabel("Button text").fill("See today's price");

  const post = await saveAndPublish(page);
  expect(post.content).toContain('data-block="product-box"');

  // Loaded again, the block keeps every field.
  await page.reload();
  const reloaded = page.getByRole("region", { name: "Product box" });
  await expect(reloaded.getByLabel("Product name")).toHaveValue("HotBin Mk II");
  await expect(reloaded.getByLabel("Rating")).toHaveValue("4.5");
  await expect(reloaded.getByLabel("Button text")).toHaveValue("See today's price");

  await page.goto(`/blog/${blog.slug}/post/${post.slug}`);
  const product = page.locator('.prose aside[data-block="product-box"]');
  await expect(product.getByText("HotBin Mk II")).toBeVisible();
  await expect(product.getByText("Rating: 4.5 out of 5")).toBeVisible();
  await expect(product.getByRole("img", { name: "A green insulated bin" })).toBeVisible();
  const button = product.getByRole("link", { name: "See today's price" });
  // Through the blog's click-counting route, like keyword links, to the link's address.
  await expect(button).toHaveAttribute("href", `../go/${link.id}?p=${post.id}`);
  await expect(button).toHaveAttribute("rel", "sponsored noopener");
  await expect(page.getByText("This post contains affiliate links.")).toBeVisible();
  await expectAccessible(page, "public post with a product box");
  await page.route("https://shop.example/hot-bin", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Shop</title><h1>HotBin shop</h1>" }),
  );
  await button.click();
  await expect(page).toHaveURL("https://shop.example/hot-bin");
  noErrors();
});
