import { addMonths, format } from "date-fns";
import { contentEditor, createFirstBlog, expectToast, fillContent } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

test("an owner writes a draft, adds keywords, submits, schedules, clears and publishes it", async ({
  page,
  context,
  firstBlog,
}) => {
  const noErrors = watchForErrors(page);
  const blog = await firstBlog("Trail Notes");

  // From the dashboard's empty state to a new post.
  await expect(page.getByRole("heading", { name: "No posts yet" })).toBeVisible();
  await page.getByRole("link", { name: "New Post" }).click();
  await expect(page).toHaveURL(/\/editor$/);
  await expect(page.getByRole("heading", { level: 1, name: "New Post" })).toBeVisible();

  // Validation before anything is saved.
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expectToast(page, "Title required", "Please enter a title for your post.");
  await page.getByRole("button", { name: "Submit for Review" }).click();
  await expectToast(page, "Save first", "Please save your post before changing its status.");
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expectToast(page, "Save first", "Please save your post before scheduling.");
  await expect(page.getByRole("button", { name: "Preview", exact: true })).toBeDisabled();

  // Writing: title, content, the toolbar is there, SEO fields and keywords.
  await page.getByLabel("Title", { exact: true }).fill("Hill Repeats for Beginners");
  await fillContent(page, "<p>Find a hill. Run up. Walk down.</p>");
  await expect(contentEditor(page).getByRole("paragraph")).toHaveText(
    "Find a hill. Run up. Walk down.",
  );
  // The nine original toolbar buttons are there (with more blocks after them).
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  for (const name of [
    "Bold",
    "Italic",
    "Underline",
    "Heading",
    "Bulleted list",
    "Numbered list",
    "Link",
    "Image",
    "Code",
  ]) {
    await expect(toolbar.getByRole("button", { name, exact: true })).toBeVisible();
  }
  const seoToggle = page.getByRole("button", { name: "SEO Settings" });
  await expect(seoToggle).toHaveAttribute("aria-expanded", "false");
  await seoToggle.click();
  await expect(seoToggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel("Meta Title")).toHaveAttribute("placeholder", /50-60 characters/);
  await expect(page.getByLabel("Meta Description")).toHaveAttribute(
    "placeholder",
    /150-160 characters/,
  );
  await page.getByLabel("Meta Title").fill("Hill repeats");
  await expect(page.getByText("12 characters")).toBeVisible();
  const keywordInput = page.getByRole("textbox", { name: "Focus Keywords" });
  const keywords = page.getByRole("list", { name: "Focus keywords" });
  await keywordInput.fill("hill training");
  await keywordInput.press("Enter");
  await keywordInput.fill("   ");
  await keywordInput.press("Enter");
  await keywordInput.fill("speed");
  await keywordInput.press("Enter");
  await expect(keywords.locator('[data-slot="keyword"]')).toHaveText(["hill training", "speed"]);
  await page.getByRole("button", { name: "Remove keyword speed" }).click();
  await expect(keywords.locator('[data-slot="keyword"]')).toHaveText(["hill training"]);
  await expectAccessible(page, "editor with the SEO panel open");

  // Save: a draft, and the address now names it.
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expectToast(page, "Post created");
  await expect(page).toHaveURL(/\/editor\?id=[\w-]+$/);
  const postId = new URL(page.url()).searchParams.get("id") ?? "";
  await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
  await expect(page.locator('[data-slot="post-status-badge"]')).toHaveText("Draft");
  const saved = (await (await page.request.get(`/api/posts/${postId}`)).json()) as {
    keywords: string[];
    slug: string;
    metaTitle: string;
  };
  expect(saved).toMatchObject({
    keywords: ["hill training"],
    slug: "hill-repeats-for-beginners",
    metaTitle: "Hill repeats",
  });

  // An edit is an update.
  await fillContent(page, "<p>Find a steep hill.</p>");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expectToast(page, "Post updated");

  // Review.
  await page.getByRole("button", { name: "Submit for Review" }).click();
  await expectToast(page, "Status updated", "Post is now Under Review");
  await expect(page.locator('[data-slot="post-status-badge"]')).toHaveText("Under Review");
  await expect(page.getByRole("button", { name: "Submit for Review" })).toHaveCount(0);

  // Schedule: the date is required, past days are disabled, time defaults to 12:00.
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule Post Publication" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Publish time")).toHaveValue("12:00");
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
  await expectToast(page, "Date required", "Please select a date for publishing.");
  const yesterday = new Date(Date.now() - 86_400_000);
  if (yesterday.getMonth() === new Date().getMonth()) {
    await expect(
      dialog.getByRole("button", { name: format(yesterday, "EEEE, MMMM d, yyyy") }),
    ).toHaveAttribute("aria-disabled", "true");
  }
  await expectAccessible(page, "schedule dialog");
  const day = addMonths(new Date(), 1);
  day.setDate(15);
  await dialog.getByRole("button", { name: "Next month" }).click();
  await dialog.getByRole("button", { name: format(day, "EEEE, MMMM d, yyyy") }).click();
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
  await expectToast(page, "Post scheduled");
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Scheduled for ${format(day, "MMM d")}, 12:00 PM`)).toBeVisible();

  // Reschedule shows the current schedule; Clear Schedule removes it.
  await page.getByRole("button", { name: "Reschedule" }).click();
  await expect(dialog.getByText(/Currently scheduled for/)).toBeVisible();
  await dialog.getByRole("button", { name: "Clear Schedule" }).click();
  await expectToast(page, "Schedule cleared");
  await expect(page.getByRole("button", { name: "Schedule", exact: true })).toBeVisible();

  // Publish; Preview opens the live page in a new tab.
  await page.getByRole("button", { name: "Publish" }).click();
  await expectToast(page, "Status updated", "Post is now Published");
  await expect(page.locator('[data-slot="post-status-badge"]')).toHaveText("Published");
  const [tab] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("button", { name: "Preview", exact: true }).click(),
  ]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(`/blog/${blog.slug}/post/hill-repeats-for-beginners`);
  await tab.close();

  // View mode is read only, with Edit Post.
  await page.goto(`/editor?id=${postId}&mode=view`);
  await expect(page.getByRole("heading", { level: 1, name: "View Post" })).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveAttribute("readonly", "");
  await expect(page.getByRole("button", { name: "Save Draft" })).toHaveCount(0);
  await page.getByRole("button", { name: "Edit Post" }).click();
  await expect(page).toHaveURL(new RegExp(`/editor\\?id=${postId}$`));
  // A live post's save button is 'Update' (issue 16): 'Save Draft' never edits a live page.
  await expect(page.getByRole("button", { name: "Update", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Draft" })).toHaveCount(0);
  noErrors();
});

test("the AI dialog opens on entry, asks for a topic, and opens the labelled offline draft it saved", async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toContain("@");
  await createFirstBlog(page, "Quick Bites");
  await page.getByRole("link", { name: "Generate with AI" }).click();
  await expect(page).toHaveURL(/\/editor\?mode=ai$/);
  const dialog = page.getByRole("dialog", { name: "Generate Blog Post with AI" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Tone" })).toHaveText("Professional");
  await expect(dialog.getByRole("combobox", { name: "Length" })).toContainText("Medium");
  await expectAccessible(page, "AI dialog");

  await dialog.getByRole("button", { name: "Generate" }).click();
  await expectToast(page, "Topic required", "Please enter a topic for AI generation.");

  await dialog.getByLabel("Topic").fill("Overnight oats");
  await dialog.getByRole("combobox", { name: "Tone" }).click();
  await page.getByRole("option", { name: "Friendly" }).click();
  await dialog.getByRole("button", { name: "Generate" }).click();
  // No AI provider in the browser tests: the built-in offline writer answers, labelled as such.
  await expectToast(
    page,
    "Content generated",
    "Offline draft (no AI provider is configured): fill in each section.",
  );
  await expect(dialog).toBeHidden();
  // A new post is a saved draft when the writer is done: the editor opens it.
  await expect(page).toHaveURL(/\/editor\?id=/);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Offline draft." })).toBeVisible();
  const title = await page.getByLabel("Title", { exact: true }).inputValue();
  expect(title).toMatch(/overnight oats/i);
  // Formatted content, not markup as text.
  await expect(contentEditor(page).getByRole("heading", { level: 2 }).first()).toBeVisible();
  await expect(contentEditor(page)).not.toContainText("<h2>");
  const id = new URL(page.url()).searchParams.get("id");
  const saved = (await (await page.request.get(`/api/posts/${id}`)).json()) as {
    title: string;
    content: string;
    status: string;
    aiAssisted: boolean;
  };
  expect(saved.title).toBe(title);
  expect(saved.content).toContain("<h2>");
  expect(saved.status).toBe("draft");
  // Saved as the writer's text (decision 057).
  expect(saved.aiAssisted).toBe(true);

  // Rewritten by the owner and saved again: no longer AI-assisted.
  await fillContent(
    page,
    "<p>I stopped following the draft and wrote my own: oats, milk and a spoon of honey in a jar, left overnight by the window, then eaten on the train with whatever fruit was left.</p>",
  );
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expectToast(page, "Post updated");
  const rewritten = (await (await page.request.get(`/api/posts/${id}`)).json()) as {
    aiAssisted: boolean;
  };
  expect(rewritten.aiAssisted).toBe(false);
});
