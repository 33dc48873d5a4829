import type { Page } from "@playwright/test";
import {
  apiCreatePost,
  apiSetStatus,
  contentEditor,
  createFirstBlog,
  expectContent,
  expectToast,
} from "./content-helpers.ts";
import { expect as baseExpect, test } from "./fixtures.ts";
import { watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });
// Long walks through the editor, on a machine that may be busy.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const saveState = (page: Page) => page.locator('[data-slot="save-state"]');
const banner = (page: Page) => page.getByRole("alert", { name: "Unsaved changes found" });

type Listed = { id: string; title: string; categoryId: string | null };
const listPosts = async (page: Page, blogId: string) =>
  (await (await page.request.get(`/api/blogs/${blogId}/posts`)).json()) as
    | Listed[]
    | { posts: Listed[] };
const postsOf = (answer: Listed[] | { posts: Listed[] }) =>
  Array.isArray(answer) ? answer : answer.posts;

test("a new post is a draft on the server as soon as it has a title or a body, and its text is its own", async ({
  page,
  context,
  firstBlog,
}) => {
  const noErrors = watchForErrors(page);
  const blog = await firstBlog("First Hour");

  await page.goto("/editor");
  await expect(page.getByRole("heading", { level: 1, name: "New Post" })).toBeVisible();
  // Nothing is on the server yet, and the line does not pretend otherwise.
  await expect(saveState(page)).toContainText("Not saved");
  await expect(saveState(page)).not.toContainText(/^Saved/);

  // The create request is slowed down: 'Saved' waits for the server's answer.
  let creates = 0;
  let releaseCreate: () => void = () => undefined;
  const createHeld = new Promise<void>((resolve) => {
    releaseCreate = resolve;
  });
  await page.route("**/api/posts", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    creates += 1;
    await createHeld;
    await route.continue();
  });

  await page.getByLabel("Title", { exact: true }).fill("Tempo runs for the first time");
  await expect.poll(() => creates, { timeout: 10_000 }).toBe(1);
  await expect(saveState(page)).toContainText("Saving");
  // Typing on while the draft is being created: still one draft.
  await contentEditor(page).click();
  await contentEditor(page).pressSequentially("Warm up for ten minutes.");
  await page.waitForTimeout(2_500);
  await expect(saveState(page)).not.toContainText(/Saved(?!\w)/);
  releaseCreate();

  await expect(page).toHaveURL(/\/editor\?id=[\w-]+$/, { timeout: 10_000 });
  const postId = new URL(page.url()).searchParams.get("id") ?? "";
  await expect(saveState(page)).toContainText(/^Saved/, { timeout: 10_000 });
  // The editor kept its text and focus through the address change.
  await contentEditor(page).pressSequentially(" Then run.");
  await expect(saveState(page)).toContainText(/^Saved/, { timeout: 10_000 });
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/posts/${postId}`);
      return ((await res.json()) as { content: string }).content;
    })
    .toContain("Warm up for ten minutes. Then run.");
  expect(creates).toBe(1);
  const listed = postsOf(await listPosts(page, blog.id));
  expect(listed.map((p) => p.title)).toEqual(["Tempo runs for the first time"]);

  // All Posts in another page has the draft.
  const other = await context.newPage();
  await other.goto("/posts");
  await expect(other.getByRole("heading", { name: "Tempo runs for the first time" })).toBeVisible();
  await other.close();

  // Reloading shows the saved post, with nothing to offer back.
  await page.reload();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(
    "Tempo runs for the first time",
  );
  await expectContent(page, "Warm up for ten minutes. Then run.");
  await expect(saveState(page)).toContainText(/^Saved/);
  await expect(banner(page)).toHaveCount(0);

  // Another new post: empty, no banner, the first post's text is nowhere.
  await page.goto("/editor");
  await expect(page.getByRole("heading", { level: 1, name: "New Post" })).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await expect(contentEditor(page)).not.toContainText("Warm up");
  await expect(banner(page)).toHaveCount(0);

  // Text without a title is kept on the server too, as an untitled draft whose slug follows
  // the title once there is one; it is this new post's own.
  await contentEditor(page).click();
  await contentEditor(page).pressSequentially("Notes without a title yet");
  await expect(page).toHaveURL(/\/editor\?id=[\w-]+$/);
  await expect(saveState(page)).toContainText("Kept as “Untitled draft” until it has a title.");
  const untitledId = new URL(page.url()).searchParams.get("id");
  const untitled = await (await page.request.get(`/api/posts/${untitledId}`)).json();
  expect(untitled).toMatchObject({ title: "Untitled draft", status: "draft" });
  expect(untitled.content).toContain("Notes without a title yet");
  expect(postsOf(await listPosts(page, blog.id))).toHaveLength(2);
  await page.reload();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await expectContent(page, "Notes without a title yet");
  await expect(banner(page)).toHaveCount(0);
  await page.getByLabel("Title", { exact: true }).fill("Hill repeats");
  await expect
    .poll(async () => (await (await page.request.get(`/api/posts/${untitledId}`)).json()).slug)
    .toBe("hill-repeats");
  await expect(saveState(page)).toContainText(/^Saved/);
  await page.goto("/editor");
  await expect(page.getByRole("heading", { level: 1, name: "New Post" })).toBeVisible();
  await expect(contentEditor(page)).not.toContainText("Notes without a title");
  await expect(banner(page)).toHaveCount(0);
  expect(postsOf(await listPosts(page, blog.id))).toHaveLength(2);
  noErrors();
});

test("a new post from the AI writer shows no banner of another new post", async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toContain("@");
  await createFirstBlog(page, "Fresh Drafts");
  // The browser asks before leaving a page with unsaved text: leave.
  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto("/editor");
  await contentEditor(page).click();
  await contentEditor(page).pressSequentially("Something typed and left behind");
  await expect(saveState(page)).toContainText("Not saved");
  await page.waitForTimeout(800);

  await page.goto("/editor?mode=ai");
  const dialog = page.getByRole("dialog", { name: "Generate Blog Post with AI" });
  await expect(dialog).toBeVisible();
  // Behind the dialog too (where roles are hidden from the accessibility tree).
  const anyBanner = page.locator('[role="alert"][aria-label="Unsaved changes found"]');
  await expect(anyBanner).toHaveCount(0);
  await dialog.getByLabel("Topic").fill("Easy long runs");
  await dialog.getByRole("button", { name: "Generate", exact: true }).click();
  await expect(page).toHaveURL(/\/editor\?id=[\w-]+/, { timeout: 30_000 });
  await expect(page.getByLabel("Title", { exact: true })).not.toHaveValue("", { timeout: 30_000 });
  await expect(anyBanner).toHaveCount(0);
  await expect(contentEditor(page)).not.toContainText("left behind");
});

/** Every visible header button's top edge, rounded: one value means one row. */
async function headerRows(page: Page) {
  const header = page.locator("main h1").locator("xpath=../..");
  const boxes = await header
    .getByRole("button")
    .evaluateAll((buttons) =>
      buttons
        .filter((b) => (b as HTMLElement).offsetParent !== null)
        .map((b) => Math.round(b.getBoundingClientRect().top)),
    );
  return new Set(boxes);
}

test("the header's main action follows the post's state and fits one row at 1280 px", async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toContain("@");
  await page.setViewportSize({ width: 1280, height: 800 });
  const blog = await createFirstBlog(page, "Header Row");
  const post = await apiCreatePost(page, {
    blogId: blog.id,
    title: "Hill sprints",
    content: "<p>Short and steep.</p>",
  });
  const header = page.locator("main h1").locator("xpath=../..");
  // The filled (main) button has the primary background; secondary ones are outlined.
  const filled = (name: string) =>
    header.getByRole("button", { name, exact: true }).and(header.locator("button.bg-primary"));
  const outline = (name: string) =>
    header.getByRole("button", { name, exact: true }).and(header.locator("button.border-input"));

  // Draft on a blog that reviews before publishing: the next step is Submit for Review.
  const editPost = page.getByRole("heading", { level: 1, name: "Edit Post" });
  await page.goto(`/editor?id=${post.id}`);
  await expect(editPost).toBeVisible({ timeout: 30_000 });
  await expect(filled("Submit for Review")).toBeVisible();
  await expect(outline("Save Draft")).toBeVisible();
  expect(await headerRows(page)).toHaveProperty("size", 1);

  // Under review: Publish is the main action.
  await apiSetStatus(page, post.id, "under_review");
  await page.reload();
  await expect(editPost).toBeVisible({ timeout: 30_000 });
  await expect(filled("Publish")).toBeVisible();
  await expect(outline("Save Draft")).toBeVisible();
  expect(await headerRows(page)).toHaveProperty("size", 1);

  // Published: Update.
  await filled("Publish").click();
  await expectToast(page, "Status updated", "Post is now Published");
  await expect(filled("Update")).toBeVisible();
  expect(await headerRows(page)).toHaveProperty("size", 1);

  // A blog that publishes without review: a draft's main action is Publish.
  const res = await page.request.patch(`/api/blogs/${blog.id}/customization`, {
    data: { reviewBeforePublishing: false },
  });
  expect(res.status()).toBe(200);
  const second = await apiCreatePost(page, { blogId: blog.id, title: "Strides" });
  await page.goto(`/editor?id=${second.id}`);
  await expect(editPost).toBeVisible({ timeout: 30_000 });
  await expect(filled("Publish")).toBeVisible();
  await expect(outline("Save Draft")).toBeVisible();
  expect(await headerRows(page)).toHaveProperty("size", 1);

  // A new post too.
  await page.goto("/editor");
  await expect(page.getByRole("heading", { level: 1, name: "New Post" })).toBeVisible();
  expect(await headerRows(page)).toHaveProperty("size", 1);
});

test("a category is created from the editor's selector and stays on the post", async ({
  page,
  firstBlog,
}) => {
  const noErrors = watchForErrors(page);
  const blog = await firstBlog("Trail Log");
  await page.goto("/editor");
  await page.getByLabel("Title", { exact: true }).fill("My first ultra");

  const selector = page.getByRole("combobox", { name: "Category" });
  await selector.click();
  await page.getByRole("option", { name: "New category…" }).click();
  const dialog = page.getByRole("dialog", { name: "New category" });
  await expect(dialog).toBeVisible();
  // A blank name is refused in the dialog itself.
  await dialog.getByRole("button", { name: "Create Category" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await dialog.getByLabel("Name").fill("Trail running");
  await dialog.getByRole("button", { name: "Create Category" }).click();
  await expect(dialog).toBeHidden();
  await expect(selector).toHaveText("Trail running");

  await page.getByRole("button", { name: "Save Draft" }).click();
  await expectToast(page, "Post created");
  await expect(page).toHaveURL(/\/editor\?id=[\w-]+$/);
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Category" })).toHaveText("Trail running");
  const posts = postsOf(await listPosts(page, blog.id));
  expect(posts).toHaveLength(1);
  expect(posts[0]?.categoryId).not.toBeNull();

  // A second one, nested under the first: the server's refusal of a taken name shows too.
  await page.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name: "New category…" }).click();
  await dialog.getByLabel("Name").fill("Trail running");
  await dialog.getByRole("button", { name: "Create Category" }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("combobox", { name: "Category" })).toHaveText("Trail running");

  await page.goto("/categories");
  await expect(page.getByText("Trail running", { exact: true })).toBeVisible();
  noErrors();
});
