import { createFirstBlog, fillContent, openToast } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";

test.use({ reducedMotion: "reduce" });
test.describe.configure({ timeout: 90_000 });

test("an offline outline names its unfinished sections and is published only once they are written", async ({
  page,
  signedIn,
}) => {
  expect(signedIn.email).toContain("@");
  await createFirstBlog(page, "Trail Notes");
  await page.getByRole("link", { name: "Generate with AI" }).click();
  const dialog = page.getByRole("dialog", { name: "Generate Blog Post with AI" });
  await dialog.getByLabel("Topic").fill("How to choose trail running shoes for rocky terrain");
  await dialog.getByRole("button", { name: "Generate" }).click();
  await expect(page).toHaveURL(/\/editor\?id=/);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();

  await page.getByRole("button", { name: "SEO Settings" }).click();
  const unfinished = page
    .getByRole("list", { name: "Content checks" })
    .locator('[data-check="unfinished-sections"]');
  await expect(unfinished).toHaveAttribute("data-status", "warn");
  await expect(unfinished).toContainText(
    "Replace the [To write] instructions in Introduction, “Why This Matters”, “How to Choose Trail Running Shoes for Rocky Terrain: The Essentials”, “Getting Started Step by Step”, “Common Mistakes and How to Avoid Them” and “Conclusion” with your own text",
  );

  // Generate → Submit for Review → Publish: refused, naming the sections.
  await page.getByRole("button", { name: "Submit for Review" }).click();
  await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(
    openToast(page).filter({
      hasText:
        "This post is still an offline outline: replace the [To write] instructions in Introduction, “Why This Matters”,",
    }),
  ).toBeVisible();
  const id = new URL(page.url()).searchParams.get("id");
  expect(
    ((await (await page.request.get(`/api/posts/${id}`)).json()) as { status: string }).status,
  ).toBe("under_review");

  // Written by the owner: the check goes away and the post goes live.
  await fillContent(
    page,
    [
      "<p>Rocky trails punish soft shoes. Here is what to look for before you buy a pair.</p>",
      "<h2>Why This Matters</h2>",
      "<p>A thin sole on sharp rock bruises your feet within a few kilometres.</p>",
      "<h2>The Essentials</h2>",
      "<p>Look for a rock plate, a firm heel and lugs of four millimetres or more.</p>",
      "<h2>Conclusion</h2>",
      "<p>Try two pairs on a rocky loop near you before you choose.</p>",
    ].join(""),
  );
  await expect(unfinished).toHaveCount(0);
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(openToast(page).filter({ hasText: "Post updated" })).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(openToast(page).filter({ hasText: "Status updated" })).toBeVisible();
});
