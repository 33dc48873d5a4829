import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  contentEditor,
  createFirstBlog,
  expectToast,
  openToast,
  publishPost,
} from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { watchForErrors } from "./helpers.ts";

/**
 * The AI writer end to end (issue 31), on the server with the AI on (playwright.config.ts,
 * project "ai-writer"): the model, the search and the owner's pages are loopback peers.
 */
const peers = () => {
  const dir = process.env.E2E_AI_DATA_DIR;
  if (!dir) throw new Error("E2E_AI_DATA_DIR is not set (see playwright.config.ts)");
  return JSON.parse(readFileSync(join(dir, "peers.json"), "utf8")) as { pages: string };
};

test.use({ reducedMotion: "reduce" });

test("an owner writes a post from a topic and two pages, follows the progress, and checks its sources", async ({
  page,
  signedIn,
}) => {
  test.setTimeout(90_000);
  const noErrors = watchForErrors(page);
  expect(signedIn.email).toContain("@");
  const { pages } = peers();
  const bokashiPage = `${pages}/articles/bokashi`;
  const wormsPage = `${pages}/articles/worm-bins`;
  const blog = await createFirstBlog(page, "Compost Corner");
  const published = await publishPost(
    page,
    blog.id,
    "How to start with bokashi composting",
    "<p>Fermenting kitchen scraps in a bucket under the sink.</p>",
  );

  await page.goto("/editor?mode=ai");
  const dialog = page.getByRole("dialog", { name: "Generate Blog Post with AI" });
  await dialog.getByLabel("Topic").fill("Bokashi composting");
  await dialog.getByLabel("Sources (Optional)").fill(`${bokashiPage}\n${wormsPage}`);
  await dialog.getByRole("button", { name: "Generate" }).click();

  // Live progress: the steps, the outline as it comes, the sources found, the sections.
  const steps = dialog.getByRole("list", { name: "Generation steps" });
  await expect(steps).toBeVisible();
  const outline = dialog.getByRole("list", { name: "Outline" });
  await expect(outline).toContainText("What is bokashi composting", { timeout: 15_000 });
  await expect(steps.getByRole("listitem").filter({ hasText: "Outline (done)" })).toBeVisible();
  const found = dialog.getByRole("list", { name: "Sources found" });
  await expect(found).toContainText("Bokashi composting, measured");
  await expect(found).toContainText("What a year of worm bins taught us");
  await expect(dialog.getByText(/^Section \d of \d written$/)).toBeVisible({ timeout: 15_000 });

  // Done: the new draft opens in the editor.
  await expectToast(page, "Content generated", "Review and edit as needed.");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/editor\?id=/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(
    "Bokashi composting: A Practical Guide",
  );

  const editor = contentEditor(page);
  // The outline's H2s, each with its written section.
  await expect(
    editor.getByRole("heading", { level: 2, name: "What is bokashi composting" }),
  ).toBeVisible();
  await expect(
    editor.getByRole("heading", { level: 2, name: /How to start with bokashi composting, part 1/ }),
  ).toBeVisible();
  const firstSection = editor.locator("h2:has-text('What is bokashi composting') + p");
  await expect(firstSection).not.toBeEmpty();
  // Citations: [n] markers linking to the source pages, and a Sources list at the end.
  const citedBokashi = editor.locator(`a[href="${bokashiPage}"]`);
  await expect(citedBokashi.first()).toHaveText(/^\[\d+\]$/);
  await expect(editor.getByRole("heading", { level: 2, name: "Sources" })).toBeVisible();
  await expect(editor.getByRole("link", { name: "Bokashi composting, measured" })).toHaveAttribute(
    "href",
    bokashiPage,
  );
  // An internal link to the blog's published post.
  await expect(editor.locator(`a[href*="${published.slug}"]`).first()).toBeVisible();
  // The feature image, with its alt text.
  const featureImage = page.getByRole("region", { name: "Feature image" }).getByRole("img");
  await expect(featureImage).toBeVisible();
  await expect(featureImage).toHaveAttribute("alt", /\S/);

  // The Sources panel: each source with its number and link, each claim with a Check link
  // that opens the source at the supporting sentence.
  const panel = page.getByRole("region", { name: "Sources" });
  await expect(panel.getByRole("link", { name: "Bokashi composting, measured" })).toHaveAttribute(
    "href",
    bokashiPage,
  );
  await expect(
    panel.getByRole("link", { name: "What a year of worm bins taught us" }),
  ).toHaveAttribute("href", wormsPage);
  const check = panel.getByRole("link", { name: "Check" }).first();
  await expect(check).toHaveAttribute("href", new RegExp(`^${pages}/articles/.+#:~:text=`));

  // The claim's page answers: the link really opens the fetched source.
  const href = await check.getAttribute("href");
  const answer = await page.request.get(String(href).split("#")[0] ?? "");
  expect(answer.status()).toBe(200);
  noErrors();
});

test("an owner cancels the writer: no draft is made and the dialog keeps the topic", async ({
  page,
  signedIn,
}) => {
  const noErrors = watchForErrors(page);
  expect(signedIn.email).toContain("@");
  const blog = await createFirstBlog(page, "Oat Notes");
  await page.goto("/editor?mode=ai");
  const dialog = page.getByRole("dialog", { name: "Generate Blog Post with AI" });
  await dialog.getByLabel("Topic").fill("Overnight oats");
  await dialog.getByRole("button", { name: "Generate" }).click();
  await expect(dialog.getByRole("list", { name: "Generation steps" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Generating..." })).toBeDisabled();
  await expect(dialog.getByRole("status")).toHaveText(/…$/);

  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(openToast(page).filter({ hasText: "Generation cancelled" })).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Topic")).toHaveValue("Overnight oats");
  await expect(dialog.getByRole("list", { name: "Generation steps" })).toBeHidden();
  await expect(page).toHaveURL(/\/editor\?mode=ai$/);
  // The writer stopped: the blog has no post from it, even after the time it would take.
  await page.waitForTimeout(4_000);
  const posts = await page.request.get(`/api/blogs/${blog.id}/posts`);
  expect(posts.status()).toBe(200);
  expect(await posts.json()).toEqual([]);
  noErrors();
});
