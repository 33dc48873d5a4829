import { resolve } from "node:path";
import { unzipSync } from "fflate";
import { expectToast } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

const fixture = (path: string) => resolve("../shared/fixtures", path);

test("import a WordPress export with progress and a report, then export the blog as a zip", async ({
  page,
  firstBlog,
}) => {
  const noErrors = watchForErrors(page);
  const blog = await firstBlog("Moving In", "/dashboard");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Settings" })
    .click();

  await page
    .getByLabel("Export file")
    .setInputFiles(fixture("wordpress/themeunittestdata.wordpress.xml"));
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const progress = page.getByRole("progressbar", { name: "Import progress" });
  await expect(progress).toBeVisible();
  await expect(page.getByText("Import finished: themeunittestdata.wordpress.xml")).toBeVisible({
    timeout: 30_000,
  });
  await expect(progress).toHaveAttribute("aria-valuenow", "186");
  await expect(page.getByText("186 of 186 items")).toBeVisible();
  await expect(page.getByText(/^Imported: \d+ posts$/)).toBeVisible();
  await expect(page.getByText(/^Redirects created: [1-9]\d*$/)).toBeVisible();
  await expect(page.getByText(/^Images missing: [1-9]\d*$/)).toBeVisible();
  await page.getByText("Skipped items and why").click();
  await expect(
    page.getByText(/attachment: media files are fetched where posts use them/).first(),
  ).toBeVisible();

  // The imported posts are on All Posts, and published ones on the blog.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "All Posts" })
    .click();
  // All Posts shows a page of cards at a time (issue 16): the owner searches for one.
  await page.getByPlaceholder("Search posts...").fill("Template: Sticky");
  await expect(page.getByText("Template: Sticky").first()).toBeVisible();
  const reader = await page.request.get(`/blog/${blog.slug}/post/template-sticky`);
  expect(reader.status()).toBe(200);
  const old = await page.request.get(`/blog/${blog.slug}/2012/01/07/template-sticky/`, {
    maxRedirects: 0,
  });
  expect(old.status()).toBe(301);

  // A hostile file is refused with a clear message.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Settings" })
    .click();
  await page.getByLabel("Export file").setInputFiles({
    name: "lol.xml",
    mimeType: "text/xml",
    buffer: Buffer.from('<?xml version="1.0"?><!DOCTYPE l [<!ENTITY l "l">]><rss>&l;</rss>'),
  });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  // The upload is answered at once; the import job reads the file and says why it failed.
  await expect(page.getByRole("alert").filter({ hasText: "declares a DOCTYPE" })).toBeVisible();
  await expectToast(page, "Import failed");
  await expect(page.getByText("Import failed: lol.xml")).toBeVisible();

  // Export: the browser downloads a zip with the blog's JSON and its posts as Markdown.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export Moving In" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^moving-in-blogfleet-\d{4}-\d{2}-\d{2}\.zip$/);
  const path = await download.path();
  const { readFileSync } = await import("node:fs");
  const files = unzipSync(new Uint8Array(readFileSync(path)));
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(["blogfleet.json", "redirects.csv", "posts/template-sticky.md"]),
  );
  const doc = JSON.parse(new TextDecoder().decode(files["blogfleet.json"]));
  expect(doc.blog.name).toBe("Moving In");
  noErrors();
});
