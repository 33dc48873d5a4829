import { expectToast } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

test("a topic too close to a post already on the blog is refused, naming that post", async ({
  page,
  firstBlog,
}) => {
  const noErrors = watchForErrors(page);
  const blog = await firstBlog("Balcony Gardens", "/settings");
  // The post is written elsewhere (the editor has its own tests).
  const post = await page.request.post("/api/posts", {
    data: {
      blogId: blog.id,
      title: "Balcony tomatoes: what we learned in one summer",
      content: "<p>Six plants, two varieties, one hot balcony.</p>",
    },
  });
  expect(post.status()).toBe(201);

  const card = page.getByRole("region", { name: "Content Automation" });
  await card.getByRole("switch", { name: "Enable Content Automation" }).click();
  await card.getByLabel("Topics").fill("worm bins, growing tomatoes on a balcony");
  await card.getByRole("button", { name: "Save Settings" }).click();
  await expect(card.getByRole("alert")).toHaveText(
    '"growing tomatoes on a balcony" is too close to "Balcony tomatoes: what we learned in one summer", already on this blog. Choose a different topic.',
  );
  await expectToast(page, "Error");

  await card.getByLabel("Topics").fill("worm bins, rain barrels");
  await card.getByRole("button", { name: "Save Settings" }).click();
  await expectToast(page, "Settings saved", "Content automation is on for Balcony Gardens.");
  await expect(card.getByRole("alert")).toHaveCount(0);
  // Topics remain: nothing to suggest yet.
  await expect(card.getByRole("button", { name: "Suggest topics" })).toHaveCount(0);
  noErrors();
});
