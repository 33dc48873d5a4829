import { openToast, publishPost } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

test("a published post is readable on the public blog, and a new colour shows there", async ({
  page,
  firstBlog,
}) => {
  const noErrors = watchForErrors(page);
  await firstBlog("Allotment Diaries", "/dashboard");
  const blogs = (await (await page.request.get("/api/blogs")).json()) as {
    id: string;
    slug: string;
  }[];
  const blog = blogs[0] as { id: string; slug: string };
  const post = await publishPost(
    page,
    blog.id,
    "First harvest",
    "<p>Beans, <strong>lots</strong> of beans.</p>",
  );

  // The reader's view: the blog's home lists the post; Read More opens it.
  await page.goto(`/blog/${blog.slug}/`);
  await expect(page.getByRole("heading", { name: "Recent Posts" })).toBeVisible();
  await expect(page.getByRole("link", { name: "First harvest", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Read More: First harvest" }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${blog.slug}/post/${post.slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: "First harvest" })).toBeVisible();
  await expect(page.locator(".prose strong")).toHaveText("lots");
  await expectAccessible(page, "public post page");

  // The owner changes the colour in Settings; the blog shows it once re-rendered.
  await page.goto("/settings");
  const card = page
    .getByRole("region", { name: "Blog Customization" })
    .or(page.locator('[aria-labelledby="customization-title"]'));
  await expect(card.getByText(/Live since|queued|Rendering/)).toBeVisible();
  await card.getByRole("button", { name: "Royal Blue" }).click();
  await expect(card.getByLabel("Colour as hex code")).toHaveValue("#2563eb");
  await card.getByRole("button", { name: "Save Customization" }).click();
  await expect(openToast(page).filter({ hasText: "Customization Updated" })).toBeVisible();
  await expect
    .poll(async () =>
      (await (await page.request.get(`/blog/${blog.slug}/post/${post.slug}`)).text()).includes(
        "--primary: #2563eb",
      ),
    )
    .toBe(true);
  await page.goto(`/blog/${blog.slug}/post/${post.slug}`);
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue("--primary").trim(),
  );
  expect(primary).toBe("#2563eb");

  // A broken logo URL is reported under the field.
  await page.goto("/settings");
  await card.getByLabel("Logo URL").fill("http://127.0.0.1:9/missing.png");
  await expect(card.getByText("Failed to load image. Please check the URL.")).toBeVisible();
  noErrors();
});
