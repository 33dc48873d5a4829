import { expect, type Locator, type Page } from "@playwright/test";

/** The visible toast (while a modal dialog is open, the page behind it is hidden from the a11y tree). */
export const openToast = (page: Page) => page.locator('[data-slot="toast"][data-state="open"]');

/** Checks a toast's exact title and description. */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = openToast(page).filter({ hasText: title });
  await expect(toast).toBeVisible();
  await expect(toast.getByText(title, { exact: true })).toBeVisible();
  if (description !== undefined) {
    await expect(toast.getByText(description, { exact: true })).toBeVisible();
  }
}

/** Creates the first blog through the header, as a person would, and returns its id and slug. */
export async function createFirstBlog(page: Page, name: string) {
  await page.getByRole("banner").getByRole("button", { name: "Create Your First Blog" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Blog" });
  await dialog.getByLabel("Blog Name").fill(name);
  await dialog.getByRole("button", { name: "Create Blog" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("banner").getByRole("button", { name })).toBeVisible();
  const blogs = (await (await page.request.get("/api/blogs")).json()) as {
    id: string;
    slug: string;
    name: string;
  }[];
  const blog = blogs.find((b) => b.name === name);
  if (!blog) throw new Error(`blog ${name} not found`);
  return blog;
}

/** Test data through the API with the page's session (the screens under test are elsewhere). */
export async function apiCreatePost(
  page: Page,
  data: { blogId: string; title: string; content?: string; categoryId?: string },
) {
  const res = await page.request.post("/api/posts", { data });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; slug: string };
}

export async function apiSetStatus(page: Page, id: string, ...statuses: string[]) {
  for (const status of statuses) {
    const res = await page.request.patch(`/api/posts/${id}/status`, { data: { status } });
    expect(res.status()).toBe(200);
  }
}

/** Writes and publishes a post the way the editor does, through the API with the page's session. */
export async function publishPost(page: Page, blogId: string, title: string, content: string) {
  const created = await page.request.post("/api/posts", { data: { blogId, title, content } });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { id: string; slug: string };
  for (const status of ["under_review", "published"]) {
    expect(
      (await page.request.patch(`/api/posts/${post.id}/status`, { data: { status } })).status(),
    ).toBe(200);
  }
  return post;
}

/** Waits until the blog's site is live: its latest render has finished and is being served. */
export async function waitForLive(page: Page, blogId: string) {
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/blogs/${blogId}/site`)).json()) as { state: string })
          .state,
      { timeout: 20_000 },
    )
    .toBe("live");
}

/** The post editor's rich-text content area (a TipTap contenteditable named "Content"). */
export const contentEditor = (page: Page) =>
  page.getByRole("textbox", { name: "Content", exact: true });

/** Pastes into an editable element as a browser does: a paste event with clipboard data. */
export async function pasteInto(target: Locator, data: { html?: string; text?: string }) {
  await target.click();
  await target.evaluate((element, { html, text }) => {
    const clipboardData = new DataTransfer();
    if (html !== undefined) clipboardData.setData("text/html", html);
    clipboardData.setData("text/plain", text ?? "");
    element.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true }),
    );
  }, data);
}

/**
 * Replaces the post's content with formatted HTML, as an owner pasting from another page
 * would: select everything in the editor, then paste (the editor cleans and formats it).
 */
export async function fillContent(page: Page, html: string) {
  const editor = contentEditor(page);
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await pasteInto(editor, { html, text: html.replace(/<[^>]+>/g, "") });
}

/** The editor's content field (tests reach it only through these helpers). */
export const contentField = contentEditor;

/** Types `text` at the end of the editor's content, key by key. */
export async function typeIntoContent(page: Page, text: string) {
  const editor = contentEditor(page);
  await editor.click();
  await page.keyboard.press("ControlOrMeta+End");
  await editor.pressSequentially(text);
}

/** Checks the editor's content (its HTML) holds `text`. */
export async function expectContent(page: Page, text: string) {
  await expect.poll(() => contentEditor(page).innerHTML()).toContain(text);
}
