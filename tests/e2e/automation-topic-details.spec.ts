import { expectToast } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, saveScreenshot, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

test("a topic's length and category are saved with automation and shown after a reload", async ({
  page,
  firstBlog,
}, testInfo) => {
  const noErrors = watchForErrors(page);
  const blog = await firstBlog("Tea Gardens", "/settings");
  // The category is made elsewhere (the Categories screen has its own tests).
  const created = await page.request.post("/api/categories", {
    data: { blogId: blog.id, name: "Brewing", slug: "brewing" },
  });
  expect(created.status()).toBe(201);
  const brewing = (await created.json()) as { id: string };

  const card = page.getByRole("region", { name: "Content Automation" });
  await card.getByRole("switch", { name: "Enable Content Automation" }).click();
  await card.getByLabel("Topics").fill("compost tea, worm bins");
  const details = card.getByRole("group", { name: "Topic details" });
  await expect(details.getByRole("button")).toHaveText([
    "compost tea Medium · Professional · no category",
    "worm bins Medium · Professional · no category",
  ]);

  await details.getByRole("button", { name: /^compost tea/ }).click();
  await details.getByLabel("Length").selectOption({ label: "Long (~2500 words)" });
  await details.getByLabel("Category").selectOption({ label: "Brewing" });
  await details.getByLabel("Notes").fill("We brew it for 24 hours with an aquarium pump.");
  await expect(details.getByRole("button", { name: /^compost tea/ })).toHaveText(
    "compost tea Long · Professional · Brewing · 1 source",
  );
  await expectAccessible(page, "settings, a topic's details open");
  await details.scrollIntoViewIfNeeded();
  await saveScreenshot(page, testInfo, "automation-topic-details");
  await card.getByRole("button", { name: "Save Settings" }).click();
  await expectToast(page, "Settings saved", "Content automation is on for Tea Gardens.");

  await page.reload();
  const reloaded = page
    .getByRole("region", { name: "Content Automation" })
    .getByRole("group", { name: "Topic details" });
  await expect(reloaded.getByRole("button")).toHaveText([
    "compost tea Long · Professional · Brewing · 1 source",
    "worm bins Medium · Professional · no category",
  ]);
  await reloaded.getByRole("button", { name: /^compost tea/ }).click();
  await expect(reloaded.getByLabel("Length")).toHaveValue("long");
  await expect(reloaded.getByLabel("Category")).toHaveValue(brewing.id);
  await expect(reloaded.getByLabel("Notes")).toHaveValue(
    "We brew it for 24 hours with an aquarium pump.",
  );

  // The API holds the same, for that topic only.
  const saved = await (await page.request.get(`/api/blogs/${blog.id}/automation`)).json();
  expect(saved.topicDetails).toEqual([
    {
      topic: "compost tea",
      length: "long",
      tone: "professional",
      categoryId: brewing.id,
      urls: [],
      notes: ["We brew it for 24 hours with an aquarium pump."],
    },
  ]);
  noErrors();
});
