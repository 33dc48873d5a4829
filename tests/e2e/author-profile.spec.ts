import { createFirstBlog, expectToast, publishPost } from "./content-helpers.ts";
import { expect, signIn, test } from "./fixtures.ts";
import { expectAccessible, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

test("the public profile set in Account Settings becomes the byline on the public blog, never the e-mail", async ({
  page,
}) => {
  const noErrors = watchForErrors(page);
  const localPart = `pen${Date.now().toString(36)}`;
  await signIn(page, `${localPart}@example.com`);
  await page.goto("/dashboard");
  const blog = await createFirstBlog(page, "Quiet Harbour");
  const post = await publishPost(page, blog.id, "Low tide walk", "<p>Mud, gulls and boats.</p>");

  // Without a public name the blog's own name is the author.
  await page.goto(`/blog/${blog.slug}/post/${post.slug}`);
  const byline = page.locator(".post-header .meta");
  await expect(byline.getByRole("link", { name: "Quiet Harbour" })).toBeVisible();
  expect((await page.content()).toLowerCase()).not.toContain(localPart);

  await page.goto("/settings");
  const account = page.locator('[aria-labelledby="account-settings-title"]');
  const name = account.getByLabel("Display Name");
  await expect(name).toHaveValue("");
  // The contract's limit is checked before sending.
  await name.fill("x".repeat(101));
  await account.getByRole("button", { name: "Save Public Profile" }).click();
  await expect(account.getByRole("alert")).toHaveText(
    "Display name must be at most 100 characters",
  );

  await name.fill("Rowan Vale");
  await account.getByLabel("Bio").fill("Walks the estuary at low tide and writes it down.");
  await account.getByRole("button", { name: "Save Public Profile" }).click();
  await expectToast(page, "Public Profile Updated", "Your blogs will show it in a moment.");
  await expect(account.getByRole("alert")).toHaveCount(0);

  // The blog re-renders with the new byline.
  await expect
    .poll(async () =>
      (await (await page.request.get(`/blog/${blog.slug}/post/${post.slug}`)).text()).includes(
        "Rowan Vale",
      ),
    )
    .toBe(true);
  await page.goto(`/blog/${blog.slug}/post/${post.slug}`);
  await expect(byline.getByRole("link", { name: "Rowan Vale" })).toBeVisible();
  expect((await page.content()).toLowerCase()).not.toContain(localPart);

  // The byline leads to the author page: the bio and the author's posts.
  await byline.getByRole("link", { name: "Rowan Vale" }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${blog.slug}/author/rowan-vale$`));
  await expect(page.getByRole("heading", { level: 1, name: "Rowan Vale" })).toBeVisible();
  await expect(page.getByText("Walks the estuary at low tide and writes it down.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Low tide walk", exact: true })).toBeVisible();
  await expectAccessible(page, "author page");

  // Reloading Settings shows what was saved.
  await page.goto("/settings");
  await expect(account.getByLabel("Display Name")).toHaveValue("Rowan Vale");
  noErrors();
});
