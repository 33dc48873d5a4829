import type { Browser, Page } from "@playwright/test";
import { createFirstBlog, expectToast, publishPost } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, saveScreenshot, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });
test.describe.configure({ timeout: 120_000 });

// Headless Chromium names itself in its user agent (a bot to `isbot`): readers say who they are.
const desktopReader =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const phoneReader =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const googlebot =
  "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A reader with a browser of their own (no owner cookies, their own user agent). */
async function reader(browser: Browser, userAgent: string) {
  const context = await browser.newContext({ userAgent });
  // The affiliate network's site: answered here, with the address the reader was sent to.
  const shop: string[] = [];
  await context.route("https://shop.example.com/**", (route) => {
    shop.push(route.request().url());
    return route.fulfill({ contentType: "text/html", body: "<title>Shop</title><h1>Shop</h1>" });
  });
  return { context, page: await context.newPage(), shop };
}

/** Opens a page and waits until its beacon has reported the view to the blog's host. */
async function read(page: Page, url: string, referer?: string) {
  const beacon = page.waitForResponse((res) => res.url().endsWith("/_hit"));
  await page.goto(url, referer ? { referer } : {});
  expect((await beacon).status()).toBe(204);
}

test("two readers and a bot read posts; Performance shows exactly their views, visitors, referrers, click-through and revenue", async ({
  page,
  browser,
  signedIn,
}, testInfo) => {
  const noErrors = watchForErrors(page);
  expect(signedIn.email).toContain("@");
  await page.goto("/performance");
  const blog = await createFirstBlog(page, "Rainwater Harvest");
  const link = await page.request.post("/api/affiliate-links", {
    data: { blogId: blog.id, keyword: "rain barrel", url: "https://shop.example.com/barrel" },
  });
  expect(link.status()).toBe(201);
  // The owner gives the link a sub-ID in its edit dialog: the post's slug in `tag`.
  await page.goto("/affiliate-links");
  await page.getByRole("button", { name: "Edit rain barrel" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Affiliate Link" });
  await edit.getByText("Sub-ID for the network's report").click();
  await edit.getByLabel("Sub-ID parameter").fill("tag");
  await edit.getByLabel("Sub-ID template").fill("{post}");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  const saved = (await (
    await page.request.get(`/api/blogs/${blog.id}/affiliate-links`)
  ).json()) as {
    subIdParam: string;
    subIdTemplate: string;
  }[];
  expect(saved.map((l) => [l.subIdParam, l.subIdTemplate])).toEqual([["tag", "{post}"]]);
  const barrels = await publishPost(
    page,
    blog.id,
    "Rain barrels",
    "<p>A rain barrel under every downpipe.</p>",
  );
  const gutters = await publishPost(page, blog.id, "Gutter guards", "<p>Leaves stay out.</p>");
  const base = `/blog/${blog.slug}`;
  const origin = new URL(page.url()).origin;

  // Reader 1, on a computer: from Google to the rain barrel post, clicks the affiliate link,
  // then goes to the blog's home page (a move inside the blog: no referrer, no entry).
  const one = await reader(browser, desktopReader);
  await read(one.page, `${origin}${base}/post/${barrels.slug}`, "https://www.google.com/");
  await one.page.getByRole("link", { name: "rain barrel", exact: true }).click();
  await expect(one.page.getByRole("heading", { name: "Shop" })).toBeVisible();
  // The network was told which post sent the reader.
  expect(one.shop).toEqual([`https://shop.example.com/barrel?tag=${barrels.slug}`]);
  // Then the blog's home page, reached from the post (a move inside the blog).
  await read(one.page, `${origin}${base}/`, `${origin}${base}/post/${barrels.slug}`);

  // Reader 2, on a phone: from ChatGPT with a campaign; then the gutter post as a CDN would
  // serve it from its cache: the origin never sees that page request, only the beacon's.
  const two = await reader(browser, phoneReader);
  await read(
    two.page,
    `${origin}${base}/post/${barrels.slug}?utm_source=newsletter&utm_medium=email&utm_campaign=spring`,
    "https://chatgpt.com/",
  );
  const cdnCopy = await page.request.get(`${base}/post/${gutters.slug}`);
  const cachedHtml = await cdnCopy.text();
  const cachedHeaders = cdnCopy.headers();
  let servedFromCache = 0;
  await two.context.route(`${origin}${base}/post/${gutters.slug}`, (route) => {
    servedFromCache++;
    return route.fulfill({
      status: 200,
      contentType: "text/html; charset=utf-8",
      headers: {
        "content-security-policy": cachedHeaders["content-security-policy"] as string,
        age: "42",
        "x-cache": "HIT",
      },
      body: cachedHtml,
    });
  });
  await read(two.page, `${origin}${base}/post/${gutters.slug}`);
  expect(servedFromCache).toBe(1);

  // A search engine's crawler renders the post too: not counted, but counted as excluded.
  const bot = await reader(browser, googlebot);
  await read(bot.page, `${origin}${base}/post/${barrels.slug}`);

  await page.goto("/performance");
  await page.getByLabel("Range", { exact: true }).selectOption("7d");
  const readers = page.getByRole("region", { name: "Readers" });
  const metric = (title: string) =>
    readers
      .locator('[data-slot="card"]')
      .filter({ has: page.getByRole("heading", { level: 3, name: title, exact: true }) })
      .locator("p")
      .first();
  await expect(metric("Page Views")).toHaveText("4");
  await expect(metric("Visitors")).toHaveText("2");
  await expect(metric("Not Counted")).toHaveText("1");
  await expect(metric("Pages Not Found")).toHaveText("0");

  const rows = (name: string) =>
    page
      .getByRole("table", { name })
      .getByRole("row")
      .filter({ has: page.getByRole("cell") });
  await expect(rows("Top Referrers")).toHaveText([
    /^ChatGPTAI assistant11$/,
    /^GoogleSearch engine11$/,
  ]);
  await expect(rows("Top Posts")).toHaveText([/^Rain barrels22$/, /^Gutter guards11$/]);
  await expect(rows("UTM Campaigns")).toHaveText([/^newsletteremailspring11$/]);
  await expect(rows("Devices")).toHaveText([/^desktop21$/, /^mobile21$/]);
  // Click-through per post: 1 click on 2 views of the rain barrel post.
  await expect(rows("Click-Through by Post")).toHaveText([
    /^Rain barrels2150\.0%$/,
    /^Gutter guards100\.0%$/,
  ]);
  await expect(rows("Click-Through by Link")).toHaveText([/^rain barrel125\.0%\$0\.00\$0\.00$/]);
  await expect(rows("All Blogs")).toHaveText([/^Rainwater Harvest4212\$0\.00\$0\.00$/]);
  await expectAccessible(page, "performance with readers");

  // The chart's figures are in its table too.
  await page.getByText("Show views and visitors per day as a table").click();
  const today = new Date().toISOString().slice(0, 10);
  await expect(page.locator(`tr:has(time[datetime="${today}"])`).getByRole("cell")).toHaveText([
    /.+/,
    "4",
    "2",
  ]);

  // Any report downloads as CSV.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export Top Referrers as CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${blog.slug}-referrers-7d.csv`);
  const csv = await (await import("node:fs/promises")).readFile(await file.path(), "utf8");
  expect(csv).toBe(
    "Referrer,Type,Views,Visitors\r\nChatGPT,AI assistant,1,1\r\nGoogle,Search engine,1,1\r\n",
  );

  // Amazon's earnings report, whose Tracking ID is the sub-ID the click carried.
  const revenue = page.getByRole("region", { name: "Revenue" });
  await revenue.getByLabel("Network").selectOption("amazon");
  await revenue.getByLabel("Report (CSV)").setInputFiles({
    name: "earnings.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      `Fee-Earnings reports\nCategory,Name,ASIN,Seller,Tracking ID,Date Shipped,Price($),Items Shipped,Returns,Revenue($),Ad Fees($),Device Type Group\nGarden,"Rain barrel, 50 gal",B0001,Amazon,${barrels.slug},${today.slice(5, 7)}/${today.slice(8, 10)}/${today.slice(0, 4)},89.99,1,0,89.99,2.70,DESKTOP\n`,
    ),
  });
  await revenue.getByRole("button", { name: "Import Report" }).click();
  await expectToast(
    page,
    "Commissions imported",
    "1 new of 1 rows; 0 already imported, 0 without a known post.",
  );
  await expect(rows("Revenue by Post")).toHaveText([/^Rain barrels\$2\.701\$2\.70\$1,350\.00$/]);
  await expect(rows("All Blogs")).toHaveText([/^Rainwater Harvest4212\$2\.70\$675\.00$/]);
  await saveScreenshot(page, testInfo, "performance-readers", true);

  for (const r of [one, two, bot]) await r.context.close();
  noErrors();
});
