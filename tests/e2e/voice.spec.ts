import sharp from "sharp";
import { apiSetStatus, expectToast, publishPost } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

/** A small portrait-like JPEG. */
const portrait = () =>
  sharp({ create: { width: 320, height: 320, channels: 3, background: "#7a5c3e" } })
    .jpeg()
    .toBuffer();

test("an owner sets the blog's voice in Settings; the persona becomes the byline and the JSON-LD author", async ({
  page,
  firstBlog,
}) => {
  const noErrors = watchForErrors(page);
  const blog = await firstBlog("Clay Notes", "/dashboard");
  const post = await publishPost(page, blog.id, "Digging in March", "<p>Wait for dry soil.</p>");
  const other = await publishPost(page, blog.id, "Clay, year one", "<p>We moved in.</p>");

  await page.goto("/settings");
  const card = page.locator('[aria-labelledby="voice-title"]');
  await expect(card.getByRole("heading", { name: "Voice" })).toBeVisible();
  await expect(card.getByText("No example posts chosen.")).toBeVisible();
  const save = card.getByRole("button", { name: "Save Voice" });

  // The contract's limits are checked before anything is sent, each on its field.
  await card.getByLabel("Author Name").fill("x".repeat(101));
  await card.getByLabel("Profile Links").fill("https://example.org/mara\nftp://files.example.org");
  await save.click();
  await expect(card.getByText("Author name must be at most 100 characters")).toBeVisible();
  await expect(
    card.getByText(
      "“ftp://files.example.org” must be a full http(s) address, like https://example.com/page",
    ),
  ).toBeVisible();
  await expect(card.getByLabel("Author Name")).toHaveAttribute("aria-invalid", "true");

  await card.getByLabel("Author Name").fill("Mara Quell");
  await card.getByLabel("Credentials").fill("RHS Master Gardener");
  await card.getByLabel("Author Bio").fill("Has gardened on clay for twenty years.");
  await card.getByLabel("Profile Links").fill("https://example.org/mara");

  // The photo: uploaded through the media library's picker.
  await card.getByRole("button", { name: "Choose photo" }).click();
  const picker = page.getByRole("dialog", { name: "Author photo" });
  await picker.getByLabel("Upload images").setInputFiles({
    name: "mara.jpg",
    mimeType: "image/jpeg",
    buffer: await portrait(),
  });
  await expect(picker).toBeHidden({ timeout: 20_000 });
  await expect(card.getByText("mara.jpg")).toBeVisible();

  await card.getByLabel("Tone").fill("Warm and direct, no hype");
  await card.getByLabel("Reading Level").fill("Plain English");
  await card.getByLabel("Words to Use").fill("tilth, clay");
  await card.getByLabel("Words to Avoid").fill("delve");

  // Example posts: found among the published posts.
  await card.getByLabel("Find a published post").fill("Digging");
  const found = card.getByRole("list", { name: "Published posts" });
  await expect(found.getByRole("listitem")).toHaveCount(1);
  await found.getByRole("button", { name: "Use “Digging in March” as an example" }).click();
  await card.getByLabel("Find a published post").fill("");
  await card
    .getByRole("list", { name: "Published posts" })
    .getByRole("button", { name: "Use “Clay, year one” as an example" })
    .click();
  const examples = card.getByRole("list", { name: "Example posts" });
  await expect(examples.getByRole("listitem")).toHaveText([/Digging in March/, /Clay, year one/]);

  await card.getByLabel("Pages").fill("https://example.org/soil-test");
  await card.getByRole("button", { name: "Add note" }).click();
  await card
    .getByRole("textbox", { name: "Note 1", exact: true })
    .fill("Our soil tested at pH 7.8 in May 2025.");

  // A post unpublished after it was chosen: the server refuses it, on its field.
  await apiSetStatus(page, other.id, "draft");
  await save.click();
  await expectToast(page, "Voice not saved");
  await expect(
    card.getByText(
      `Example post ${other.id} is not a published post of this blog. Choose a published post.`,
    ),
  ).toBeVisible();
  await examples.getByRole("button", { name: "Remove “Clay, year one” from the examples" }).click();
  await expect(examples.getByRole("listitem")).toHaveCount(1);

  await save.click();
  await expectToast(
    page,
    "Voice saved",
    "The AI writer uses it for new posts, and Clay Notes shows Mara Quell as their author.",
  );
  await expectAccessible(page, "voice settings");

  // Reloading Settings shows what was saved.
  await page.reload();
  await expect(card.getByLabel("Author Name")).toHaveValue("Mara Quell");
  await expect(card.getByLabel("Words to Use")).toHaveValue("tilth, clay");
  await expect(card.getByRole("textbox", { name: "Note 1", exact: true })).toHaveValue(
    "Our soil tested at pH 7.8 in May 2025.",
  );
  await expect(card.getByText("mara.jpg")).toBeVisible();
  await expect(examples.getByRole("listitem")).toHaveText([/Digging in March/]);

  // The public blog re-renders with the persona as the byline and the JSON-LD author.
  const postPath = `/blog/${blog.slug}/post/${post.slug}`;
  await expect
    .poll(async () => (await (await page.request.get(postPath)).text()).includes("Mara Quell"), {
      timeout: 20_000,
    })
    .toBe(true);
  await page.goto(postPath);
  await expect(
    page.locator(".post-header .meta").getByRole("link", { name: "Mara Quell" }),
  ).toBeVisible();
  await expect(page.getByRole("complementary", { name: "About the author" })).toContainText(
    "RHS Master Gardener",
  );
  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "{}")));
  const posting = jsonLd.find((data) => data["@type"] === "BlogPosting");
  expect(posting.author).toMatchObject({
    "@type": "Person",
    name: "Mara Quell",
    description: "Has gardened on clay for twenty years.",
    jobTitle: "RHS Master Gardener",
    sameAs: ["https://example.org/mara"],
    image: expect.stringMatching(/\/media\/[0-9a-f]{32}-\d+\.jpg$/),
  });
  expect(jsonLd.some((data) => data["@type"] === "FAQPage")).toBe(false);
  await expectAccessible(page, "post with the author box");

  // The author page shows the profile links the JSON-LD names as sameAs.
  await page.locator(".post-header .meta").getByRole("link", { name: "Mara Quell" }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${blog.slug}/author/mara-quell$`));
  await expect(page.getByRole("heading", { level: 1, name: "Mara Quell" })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Mara Quell elsewhere" }).getByRole("link", {
      name: "example.org",
    }),
  ).toHaveAttribute("href", "https://example.org/mara");
  await expectAccessible(page, "persona's author page");
  noErrors();
});
