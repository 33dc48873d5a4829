import sharp from "sharp";
import {
  apiCreatePost,
  contentEditor,
  fillContent,
  openToast,
  waitForLive,
} from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

/** A real photo-like JPEG (a gradient with noise), as a camera would hand it over. */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * 255) / width;
    pixels[i + 1] = (y * 255) / height;
    pixels[i + 2] = (x * y) % 251;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Make: "TestCam" } })
    .jpeg()
    .toBuffer();
}

test("an owner uploads a feature image, gives it alt text, publishes, and readers get a responsive picture; a bad file is refused", async ({
  page,
  firstBlog,
  baseURL,
}) => {
  const noErrors = watchForErrors(page);
  const port = new URL(baseURL as string).port;
  const blog = await firstBlog("Harbour Light", "/dashboard");
  const subdomain = `harbour${Date.now().toString(36)}`;
  expect(
    (await page.request.patch(`/api/blogs/${blog.id}/domain`, { data: { subdomain } })).status(),
  ).toBe(200);

  // The media library refuses a polyglot (a PNG carrying a ZIP) with a clear message, and
  // stores nothing.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Media" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Media" })).toBeVisible();
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: "#3366aa" },
  })
    .png()
    .toBuffer();
  const polyglot = Buffer.concat([png, Buffer.from("PK\u0003\u0004hidden.js alert(1)")]);
  await page.getByLabel("Upload images").setInputFiles({
    name: "innocent.png",
    mimeType: "image/png",
    buffer: polyglot,
  });
  const refusal = page.getByRole("alert").filter({ hasText: "innocent.png" });
  await expect(refusal).toContainText("data after the end of the PNG image");
  await expect(page.getByText("No images yet. Upload the first one above.")).toBeVisible();
  expect(await (await page.request.get(`/api/blogs/${blog.id}/media`)).json()).toEqual([]);
  await expectAccessible(page, "media library");

  // The editor: a feature image uploaded through the picker.
  const post = await apiCreatePost(page, {
    blogId: blog.id,
    title: "Night at the harbour",
    content: "<p>The lighthouse keeps its watch over the boats.</p>",
  });
  await page.goto(`/editor?id=${post.id}`);
  const field = page.getByRole("region", { name: "Feature image" });
  await field.getByRole("button", { name: "Add feature image" }).click();
  const picker = page.getByRole("dialog", { name: "Feature image" });
  await picker.getByLabel("Upload images").setInputFiles({
    name: "harbour-at-night.jpg",
    mimeType: "image/jpeg",
    buffer: await photo(1800, 1200),
  });
  await expect(picker).toBeHidden({ timeout: 20_000 });
  await expect(field.getByText("harbour-at-night.jpg")).toBeVisible();
  await expect(field.getByText("Add alt text before publishing.")).toBeVisible();

  // An image dropped onto the editor's text is uploaded into the library and added to it.
  const chart = (await photo(900, 600)).toString("base64");
  const dropped = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], "tide-chart.jpg", { type: "image/jpeg" }));
    return transfer;
  }, chart);
  await contentEditor(page).dispatchEvent("drop", { dataTransfer: dropped });
  await expect
    .poll(() => contentEditor(page).innerHTML(), { timeout: 20_000 })
    .toMatch(/<img src="\/media\/[0-9a-f]{32}-900\.jpg" alt=""[^>]* width="900" height="600"/);
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(openToast(page).filter({ hasText: "Post updated" })).toBeVisible();
  await page.getByRole("button", { name: "Submit for Review" }).click();
  await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();

  // Publishing without alt text is refused, naming the image.
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(
    openToast(page).filter({
      hasText:
        "Add alt text to every image before publishing. Missing: the feature image (harbour-at-night.jpg), tide-chart.jpg.",
    }),
  ).toBeVisible();

  // 'Suggest alt text' offers an honest offline guess; the owner writes their own.
  await field.getByRole("button", { name: "Suggest alt text" }).click();
  await expect(field.getByText(/Guessed from the file name/)).toBeVisible();
  await expect(field.getByLabel("Alt text")).toHaveValue("Harbour at night");
  await field.getByLabel("Alt text").fill("Boats moored under a lighthouse at night");
  await field.getByRole("button", { name: "Save alt text" }).click();
  await expect(openToast(page).filter({ hasText: "Alt text saved" })).toBeVisible();
  // The image in the text gets its alt text where it is written.
  const droppedSrc = /<img src="(\/media\/[0-9a-f]{32}-900\.jpg)"/.exec(
    await contentEditor(page).innerHTML(),
  )?.[1];
  expect(droppedSrc).toBeDefined();
  await fillContent(
    page,
    `<p>Tides this week.</p><img src="${droppedSrc}" alt="Tide chart for the week" width="900" height="600">`,
  );
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(openToast(page).filter({ hasText: "Post updated" }).last()).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(openToast(page).filter({ hasText: "Status updated" })).toBeVisible();

  // The reader, on the blog's own host: a <picture> with AVIF and WebP sources, sized.
  await waitForLive(page, blog.id);
  const postSlug = (
    (await (await page.request.get(`/api/posts/${post.id}`)).json()) as {
      slug: string;
    }
  ).slug;
  await page.goto(`http://${subdomain}.localhost:${port}/post/${postSlug}`);
  const hero = page.locator("figure.feature-image picture");
  await expect(hero.locator('source[type="image/avif"]')).toHaveAttribute(
    "srcset",
    /-480\.avif 480w, .*-960\.avif 960w, .*-1600\.avif 1600w$/,
  );
  await expect(hero.locator('source[type="image/webp"]')).toHaveAttribute("sizes", /42\.5rem/);
  const img = hero.getByRole("img", { name: "Boats moored under a lighthouse at night" });
  await expect(img).toHaveAttribute("width", "1600");
  await expect(img).toHaveAttribute("height", "1067");
  await expect(img).toHaveAttribute("fetchpriority", "high");
  // The browser really loaded one of the modern files from the blog's host.
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc))
    .toMatch(
      new RegExp(`^http://${subdomain}\\.localhost:${port}/media/[0-9a-f]{32}-\\d+\\.avif$`),
    );
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  const inText = page
    .locator(".prose picture")
    .getByRole("img", { name: "Tide chart for the week" });
  await expect(inText).toHaveAttribute("loading", "lazy");
  await expect(inText).toHaveAttribute("width", "900");
  const og = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(og).toMatch(/\/media\/[0-9a-f]{32}-1600\.jpg$/);
  await expectAccessible(page, "post page with a feature image");

  // The library shows where the image is used, and will not delete it.
  await page.goto(`${baseURL}/media`);
  const card = page.getByRole("region", { name: "harbour-at-night.jpg" });
  await expect(card.getByRole("link", { name: "Night at the harbour" })).toBeVisible();
  await expect(card.getByText("(feature image)")).toBeVisible();
  await expect(card.getByRole("button", { name: "Delete" })).toBeDisabled();
  noErrors();
});
