import type { Page } from "@playwright/test";
import { apiCreatePost } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

const cards = (page: Page) => page.getByRole("list", { name: "Posts" }).getByRole("listitem");
const switcher = (page: Page, name: string | RegExp) =>
  page.getByRole("banner").getByRole("button", { name });

/** The page the server sends for a path, with the browser's cookies (no script run). */
async function pageAsSent(page: Page, path: string) {
  const res = await page.request.get(path);
  expect(res.status()).toBe(200);
  return await res.text();
}

test("All Posts and the Dashboard arrive drawn by the server, in the owner's blog and theme, and comes alive without a mismatch", async ({
  page,
  signedIn,
}) => {
  const noErrors = watchForErrors(page);
  expect(signedIn.email).toContain("@");
  const blogs: { id: string; name: string }[] = [];
  for (const name of ["Granite Ridge", "Harbour Lights"]) {
    const res = await page.request.post("/api/blogs", { data: { name } });
    expect(res.status()).toBe(201);
    blogs.push(await res.json());
  }
  const [ridge, harbour] = blogs as [(typeof blogs)[0], (typeof blogs)[0]];
  await apiCreatePost(page, { blogId: ridge.id, title: "Scree slope at dawn" });
  await apiCreatePost(page, { blogId: harbour.id, title: "Lantern on the quay" });

  // The page as sent: the first blog's card is in it, before any script runs.
  const sent = await pageAsSent(page, "/posts");
  expect(sent).toContain('id="blogfleet-first-screen"');
  expect(sent).toMatch(/<div id="root">.*Scree slope at dawn.*<\/div>/s);

  // The Dashboard home as sent, with the blog's newest post; then live, with no mismatch.
  expect(await pageAsSent(page, "/")).toMatch(/<div id="root">.*Scree slope at dawn.*<\/div>/s);
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Post statistics" })).toBeVisible();

  await page.goto("/posts");
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText("Scree slope at dawn");
  // Alive: the card's menu opens and the search asks the server.
  await page.getByRole("button", { name: "Actions for Scree slope at dawn" }).click();
  await expect(page.getByRole("menuitem", { name: "Delete" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByPlaceholder("Search posts...").fill("nothing like this");
  await expect(page.getByRole("heading", { name: "No posts found" })).toBeVisible();
  await page.getByPlaceholder("Search posts...").fill("");
  await expect(cards(page)).toHaveCount(1);

  // The other blog, chosen in the header, is the one the server draws next time.
  await switcher(page, "Granite Ridge").click();
  await page.getByRole("menuitemradio", { name: /Harbour Lights/ }).click();
  await expect(cards(page).first()).toContainText("Lantern on the quay");
  expect(await pageAsSent(page, "/posts")).toMatch(
    /<div id="root">.*Lantern on the quay.*<\/div>/s,
  );
  await page.reload();
  await expect(cards(page).first()).toContainText("Lantern on the quay");
  await expect(switcher(page, "Harbour Lights")).toBeVisible();

  // The dark theme: sent dark, so the page never flashes light, and hydrated as it was sent.
  await page.getByRole("button", { name: "Toggle theme" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await pageAsSent(page, "/posts")).toMatch(/<html[^>]* class="dark">/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByRole("button", { name: "Toggle theme" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByRole("button", { name: "Actions for Lantern on the quay" }).click();
  await expect(page.getByRole("menuitem", { name: "Delete" })).toBeVisible();
  // No hydration mismatch on any of these loads (React reports one as a console error).
  noErrors();
});
