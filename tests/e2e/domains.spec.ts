import type { Page } from "@playwright/test";
import { publishPost, waitForLive } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

const openToast = (page: Page) => page.locator('[data-slot="toast"][data-state="open"]');

async function createBlog(page: Page, opener: () => Promise<void>, name: string) {
  await opener();
  const dialog = page.getByRole("dialog", { name: "Create New Blog" });
  await dialog.getByLabel("Blog Name").fill(name);
  await dialog.getByRole("button", { name: "Create Blog" }).click();
  await expect(dialog).toBeHidden();
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test("an owner sets a subdomain and a custom domain, opens the blog on its subdomain and copies its addresses", async ({
  page,
  context,
  signedIn,
  baseURL,
}) => {
  expect(signedIn.email).toContain("@");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const noErrors = watchForErrors(page);
  const port = new URL(baseURL ?? "").port;

  await page.goto("/dashboard");
  await createBlog(
    page,
    () => page.getByRole("banner").getByRole("button", { name: "Create Your First Blog" }).click(),
    "Orchard Notes",
  );
  const [blog] = (await (await page.request.get("/api/blogs")).json()) as {
    id: string;
    slug: string;
  }[];
  if (!blog) throw new Error("the blog was not created");

  // Settings: the subdomain is sanitized as typed and saved.
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Blog Domains" });
  await expect(card).toBeVisible();
  const subdomain = card.getByLabel("Subdomain", { exact: true });
  await expect(card.getByText(".localhost", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Saved subdomain" })).toBeDisabled();
  await subdomain.pressSequentially("My Blog_1!");
  await expect(subdomain).toHaveValue("myblog1");
  const updateSubdomain = card.getByRole("button", { name: "Update subdomain" });
  await expect(updateSubdomain).toHaveText("Update subdomain");
  await updateSubdomain.click();
  await expect(openToast(page).filter({ hasText: "Domain updated" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Saved subdomain" })).toContainText("Saved");
  await expect(card.getByRole("link", { name: /myblog1\.localhost/ })).toHaveAttribute(
    "href",
    `http://myblog1.localhost:${port}/`,
  );

  // A reserved name is refused under the field with the server's message.
  await subdomain.fill("www");
  await card.getByRole("button", { name: "Update subdomain" }).click();
  await expect(card.getByText("That subdomain is reserved. Choose another one.")).toBeVisible();
  await expect(subdomain).toHaveAttribute("aria-invalid", "true");
  await subdomain.fill("myblog1");
  await expect(card.getByRole("button", { name: "Saved subdomain" })).toBeVisible();

  // The custom domain is lower-cased as typed; unverified, it shows the DNS records.
  const customDomain = card.getByLabel("Custom Domain", { exact: true });
  await customDomain.pressSequentially("WWW.Example.COM");
  await expect(customDomain).toHaveValue("www.example.com");
  await card.getByRole("button", { name: "Update custom domain" }).click();
  await expect(openToast(page).filter({ hasText: "Domain updated" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Saved custom domain" })).toBeVisible();
  const records = card.getByRole("table", { name: "DNS records for www.example.com" });
  await expect(records).toBeVisible();
  await expect(records.getByText("_blogfleet.www.example.com", { exact: true })).toBeVisible();
  const stored = (await (await page.request.get(`/api/blogs/${blog.id}`)).json()) as {
    domainInstructions: { txtValue: string; cnameTarget: string };
  };
  await card.getByRole("button", { name: "Copy TXT record value" }).click();
  await expect(openToast(page).filter({ hasText: "Copied" })).toBeVisible();
  expect(await clipboard(page)).toBe(stored.domainInstructions.txtValue);
  await expectAccessible(page, "settings with an unverified custom domain");

  // No DNS records exist here: verification fails with the server's reason.
  await card.getByRole("button", { name: "Verify" }).click();
  const failed = openToast(page).filter({ hasText: "Verification failed" });
  await expect(failed).toBeVisible({ timeout: 25_000 });
  await expect(failed).toContainText("www.example.com");
  await expect(card.getByRole("button", { name: "Verify" })).toBeEnabled();

  // Publish a post; the blog answers on its subdomain (Chromium resolves *.localhost to loopback).
  await publishPost(page, blog.id, "Pruning in February", "<p>Cut above an outward bud.</p>");
  await waitForLive(page, blog.id);
  await page.goto(`http://myblog1.localhost:${port}/`);
  await expect(page.getByRole("link", { name: "Pruning in February", exact: true })).toBeVisible();

  // My Blogs: the card tells the truth and copies the right addresses.
  await page.goto(`${baseURL}/my-blogs`);
  const blogCard = page.getByRole("region", { name: "Orchard Notes" });
  await expect(blogCard.getByText("Live", { exact: true })).toBeVisible();
  await expect(blogCard.getByText(/^since /)).toBeVisible();
  await expect(blogCard.getByText("Works only after the blog is published.")).toBeVisible();
  await expect(blogCard.getByText("www.example.com")).toBeVisible();
  await expect(blogCard.getByText("Unverified", { exact: true })).toBeVisible();
  await expect(blogCard.getByText(blog.slug, { exact: true })).toBeVisible();

  await blogCard.getByRole("button", { name: "Copy subdomain URL of Orchard Notes" }).click();
  await expect(openToast(page).filter({ hasText: "URL Copied!" })).toBeVisible();
  expect(await clipboard(page)).toBe(`http://myblog1.localhost:${port}/`);
  await blogCard.getByRole("button", { name: "Copy preview URL of Orchard Notes" }).click();
  await expect.poll(() => clipboard(page)).toBe(`http://localhost:${port}/blog/${blog.slug}/`);
  const open = blogCard.getByRole("link", { name: "Open preview of Orchard Notes in a new tab" });
  await expect(open).toHaveAttribute("href", `http://localhost:${port}/blog/${blog.slug}/`);
  await expect(open).toHaveAttribute("target", "_blank");
  await expectAccessible(page, "my blogs");

  // A second blog becomes the selected one; 'Settings' on the first card selects it again.
  await createBlog(
    page,
    () => page.getByRole("button", { name: "Create New Blog" }).click(),
    "Pond Life",
  );
  const second = page.getByRole("region", { name: "Pond Life" });
  await expect(second.getByText("Not Published", { exact: true })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Pond Life" })).toBeVisible();
  await blogCard.getByRole("link", { name: "Settings for Orchard Notes" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(
    page.getByRole("banner").getByRole("button", { name: "Orchard Notes" }),
  ).toBeVisible();
  await expect(card.getByLabel("Subdomain", { exact: true })).toHaveValue("myblog1");

  // Clearing the subdomain sends an empty value; the field and button agree.
  await card.getByLabel("Subdomain", { exact: true }).fill("");
  await card.getByRole("button", { name: "Update subdomain" }).click();
  await expect(openToast(page).filter({ hasText: "Domain updated" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Saved subdomain" })).toBeVisible();
  const cleared = (await (await page.request.get(`/api/blogs/${blog.id}`)).json()) as {
    subdomain: string | null;
  };
  expect(cleared.subdomain).toBeNull();
  noErrors();
});

test("My Blogs without blogs points to the AI recommendations", async ({ page, signedIn }) => {
  expect(signedIn.email).toContain("@");
  const noErrors = watchForErrors(page);
  await page.goto("/my-blogs");
  await expect(page.getByRole("heading", { level: 1, name: "My Blogs" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No blogs yet" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Publish for DNS and SSL" })).toBeVisible();
  await expectAccessible(page, "my blogs without blogs");
  await page.getByRole("link", { name: "View AI Recommendations" }).click();
  await expect(page).toHaveURL(/\/blog-recommendations$/);
  noErrors();
});
