import { analyzeReadability } from "../../contracts/content-checks.ts";
import { apiCreatePost, createFirstBlog, expectToast, fillContent } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, saveScreenshot, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });
// Several axe runs on a busy shared machine take longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const content = [
  "<p>Hill repeats make you a stronger runner in a few weeks. Find a hill that takes about a minute to climb at a hard effort.</p>",
  "<h2>How to run hill repeats</h2>",
  "<p>Run up hard, then walk or jog back down slowly. Repeat six to eight times and stop while your form is still good.</p>",
  "<p>Rest the day after. Your legs need time to adapt to the climbing.</p>",
].join("\n");

test("an owner sees content checks, fills meta fields with AI Optimize offline and is warned about a near-copy", async ({
  page,
  signedIn,
}, testInfo) => {
  const noErrors = watchForErrors(page);
  expect(signedIn.email).toContain("@");
  await createFirstBlog(page, "Trail Notes");
  // The same text already lives in another of the owner's blogs.
  const road = await page.request.post("/api/blogs", { data: { name: "Road Miles" } });
  expect(road.status()).toBe(201);
  const roadBlog = (await road.json()) as { id: string };
  await apiCreatePost(page, { blogId: roadBlog.id, title: "Hills Every Week", content });

  await page.goto("/editor");
  await expect(page.getByRole("heading", { level: 1, name: "New Post" })).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill("Hill Repeats for Beginners");
  await page.getByRole("button", { name: "SEO Settings" }).click();
  const checks = page.getByRole("list", { name: "Content checks" });
  const check = (id: string) => checks.locator(`[data-check="${id}"]`);

  // No focus keyword yet; an empty post has no readability score.
  await expect(check("focus-keyword")).toHaveAttribute("data-status", "warn");
  await expect(check("focus-keyword")).toContainText("Add a focus keyword");
  await expect(page.locator('[data-slot="readability-score"]')).toHaveText("No text yet");

  await fillContent(page, content);
  const keywordInput = page.getByRole("textbox", { name: "Focus Keywords" });
  await keywordInput.fill("hill repeats");
  await keywordInput.press("Enter");

  // Where the keyword is, and where it is not yet.
  await expect(check("keyword-title")).toHaveAttribute("data-status", "pass");
  await expect(check("keyword-first-paragraph")).toHaveAttribute("data-status", "pass");
  await expect(check("keyword-subheading")).toHaveAttribute("data-status", "pass");
  await expect(check("keyword-slug")).toHaveAttribute("data-status", "pass");
  await expect(check("keyword-slug")).toContainText("The slug contains “hill-repeats”.");
  await expect(check("keyword-meta-description")).toHaveAttribute("data-status", "warn");
  await expect(check("meta-title-length")).toHaveAttribute("data-status", "warn");
  await expect(check("meta-title-length")).toContainText("There is no meta title");
  const readability = analyzeReadability(content);
  expect(readability.score).not.toBeNull();
  await expect(page.locator('[data-slot="readability-score"]')).toHaveText(
    `${readability.score} · ${readability.label}`,
  );
  await expect(check("readability")).toContainText(`Flesch reading ease ${readability.score}`);
  await expect(check("sentence-length")).toHaveAttribute("data-status", "pass");

  // The near-copy in the other blog is named.
  await expect(check("originality")).toHaveAttribute("data-status", "warn", { timeout: 10_000 });
  await expect(check("originality")).toContainText(
    "100% overlaps your post “Hills Every Week” in Road Miles.",
  );

  // AI Optimize with no provider: an offline suggestion fills both meta fields.
  await page.getByRole("button", { name: "AI Optimize" }).click();
  await expectToast(
    page,
    "Meta fields filled",
    "Offline suggestion from your title, first paragraph and focus keyword (no AI provider is configured).",
  );
  await expect(page.getByLabel("Meta Title")).toHaveValue(
    "Hill Repeats for Beginners | Trail Notes",
  );
  await expect(page.getByLabel("Meta Description")).toHaveValue(
    "Hill repeats make you a stronger runner in a few weeks. Find a hill that takes about a minute to climb at a hard effort. Run up hard, then walk or jog back…",
  );
  await expect(page.locator('[data-slot="meta-suggestion"]')).toContainText("Offline suggestion");
  await expect(check("keyword-meta-description")).toHaveAttribute("data-status", "pass");
  await expectAccessible(page, "editor with content checks");
  await checks.scrollIntoViewIfNeeded();
  await saveScreenshot(page, testInfo, "content-checks");

  // Editing the meta title drops the offline label; the count and checks follow.
  await page
    .getByLabel("Meta Title")
    .fill("Hill Repeats for Beginners: Get Stronger on Every Climb");
  await expect(page.locator('[data-slot="meta-suggestion"]')).toHaveCount(0);
  await expect(check("meta-title-length")).toHaveAttribute("data-status", "pass");

  // Saved, the post is compared with the others but never with itself.
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expectToast(page, "Post created");
  await expect(page).toHaveURL(/\/editor\?id=/);
  // The editor stays as it was through the new post's first save: SEO Settings still open.
  await expect(page.getByRole("button", { name: "SEO Settings" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(check("originality")).toContainText("“Hills Every Week” in Road Miles", {
    timeout: 10_000,
  });
  await fillContent(
    page,
    "<p>Sourdough needs a lively starter, patient folding and a very hot oven; everything else is detail you learn by baking often and tasting.</p>",
  );
  await expect(check("originality")).toHaveAttribute("data-status", "pass", { timeout: 10_000 });
  noErrors();
});
