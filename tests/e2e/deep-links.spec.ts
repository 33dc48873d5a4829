import { apiCreatePost, createFirstBlog } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";

test("a signed-out deep link leads to sign-in and back to that page; other sites never", async ({
  page,
  signedIn,
  baseURL,
}) => {
  const blog = await createFirstBlog(page, "Deep Woods");
  const post = await apiCreatePost(page, { blogId: blog.id, title: "Moss and lichens" });
  await page.goto("/api/logout");
  await expect(page).toHaveURL(/\/$/);

  await page.goto(`/editor?id=${post.id}`);
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await page.getByLabel("Email").fill(signedIn.email);
  await page.getByLabel("Password").fill(signedIn.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${baseURL}/editor?id=${post.id}`);
  await expect(page.getByRole("textbox", { name: /title/i }).first()).toHaveValue(
    "Moss and lichens",
  );

  await page.goto("/api/logout");
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  // An unknown path is still the 404 page.
  await page.goto("/no-such-screen");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();

  // A returnTo pointing elsewhere is dropped: sign-in lands on the dashboard.
  await page.goto(`/api/login?returnTo=${encodeURIComponent("//example.com/phish")}`);
  await page.getByLabel("Email").fill(signedIn.email);
  await page.getByLabel("Password").fill(signedIn.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
});
