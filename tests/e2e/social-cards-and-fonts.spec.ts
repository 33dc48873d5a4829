import sharp from "sharp";
import { openToast, publishPost, waitForLive } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

test("a post's share card is a 1200×630 image and the blog's font loads from its own host", async ({
  page,
  firstBlog,
  baseURL,
}) => {
  const noErrors = watchForErrors(page);
  const port = new URL(baseURL as string).port;
  const blog = await firstBlog("Seed Library", "/dashboard");
  expect(
    (
      await page.request.patch(`/api/blogs/${blog.id}/domain`, { data: { subdomain: "seedlib" } })
    ).status(),
  ).toBe(200);

  // Settings: each font is shown in its own face; a light colour is flagged for white text.
  await page.goto("/settings");
  const card = page.locator('[aria-labelledby="customization-title"]');
  const fonts = card.getByRole("group", { name: "Font" });
  for (const [choice, face] of [
    ["IBM Plex Serif", "IBM Plex Serif"],
    ["Inter", "Inter"],
    ["Georgia", "Gelasio"],
    ["Courier New", "Cousine"],
  ] as const) {
    const name = fonts.getByText(choice, { exact: true });
    await expect(name).toBeVisible();
    expect(await name.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(
      new RegExp(`^["']?${face}["']?,`),
    );
  }
  await expect.poll(() => page.evaluate(() => document.fonts.check("16px Gelasio"))).toBe(true);
  await fonts.getByRole("radio", { name: /Inter/ }).check();
  await card.getByLabel("Colour as hex code").fill("#ffd60a");
  await expect(card.getByText(/White text on this colour is hard to read/)).toBeVisible();
  await card.getByRole("button", { name: "Save Customization" }).click();
  await expect(openToast(page).filter({ hasText: "Customization Updated" })).toBeVisible();

  const post = await publishPost(
    page,
    blog.id,
    "Saving bean seeds",
    "<p>Dry them <em>well</em>.</p>",
  );
  await waitForLive(page, blog.id);

  // The reader on the blog's own host: every font request goes there and succeeds.
  const blogHost = `seedlib.localhost:${port}`;
  const fontRequests: { url: string; status: number }[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "font") {
      fontRequests.push({ url: response.url(), status: response.status() });
    }
  });
  const otherHosts: string[] = [];
  page.on("request", (request) => {
    const host = new URL(request.url()).host;
    if (host !== blogHost) otherHosts.push(request.url());
  });
  await page.goto(`http://${blogHost}/post/${post.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: "Saving bean seeds" })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const loaded = await page.evaluate(() =>
    [...document.fonts].filter((f) => f.status === "loaded").map((f) => `${f.family} ${f.weight}`),
  );
  expect(loaded).toContain("Inter 400");
  expect(await page.evaluate(() => document.fonts.check("16px Inter"))).toBe(true);
  expect(fontRequests.length).toBeGreaterThan(0);
  for (const request of fontRequests) {
    expect(new URL(request.url).host).toBe(blogHost);
    expect(new URL(request.url).pathname).toMatch(
      /^\/fonts\/inter-latin-\d00-\w+\.[0-9a-f]{10}\.woff2$/,
    );
    expect(request.status).toBe(200);
  }
  expect(otherHosts).toEqual([]);

  // The colour as chosen, with dark text over it (white would not reach AA on #ffd60a).
  const header = page.locator(".site-header");
  expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    "rgb(255, 214, 10)",
  );
  expect(await header.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(17, 17, 17)");
  await expectAccessible(page, "public post page with a light primary colour");

  // The share card: absolute on the blog's host, a 1200×630 PNG.
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(new URL(image as string).host).toBe(blogHost);
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
  await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
    "content",
    "summary_large_image",
  );
  // Opened by the browser (Chromium resolves *.localhost; the test's own requests do not).
  const cardImage = await page.goto(image as string);
  expect(cardImage?.status()).toBe(200);
  expect(cardImage?.headers()["content-type"]).toBe("image/png");
  const meta = await sharp(await cardImage?.body()).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
  noErrors();
});
