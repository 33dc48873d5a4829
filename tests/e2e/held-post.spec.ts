import { expect, test } from "./fixtures.ts";
import { expectAccessible, watchForErrors } from "./helpers.ts";
import { seedHeldPost } from "./seed.ts";

test.use({ reducedMotion: "reduce" });
test.describe.configure({ timeout: 90_000 });

/** Issue 32, item 4 (decision 342): who, how and why, for the owner and for readers. */
test("shows a held post's reasons and the 'How this post was made' note", async ({
  page,
  firstBlog,
}) => {
  const noErrors = watchForErrors(page);
  const blog = await firstBlog("Worm Works", "/settings");
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };

  // A post the gate held: no persona on the blog, and filler the substance check found.
  await seedHeldPost(blog.id, me.id, {
    title: "Worm Towers: A Practical Guide",
    slug: "worm-towers",
    content: "<p>Take a small look at the useful part of your setup and keep it good.</p>",
    reasons: [
      {
        id: "persona",
        label: "No author persona",
        reason:
          "The blog has no author persona: set one in Settings → Voice (a name readers see as the author) so automated posts can be published.",
      },
      {
        id: "templates",
        label: "Repeated sentence templates",
        reason: "4 of 6 sentences follow the same template.",
      },
    ],
  });

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "All Posts", exact: true })
    .click();
  const heldCard = page.getByRole("region", { name: "Worm Towers: A Practical Guide" });
  await expect(heldCard.getByText("Under Review")).toBeVisible();
  await expect(
    heldCard.getByText(
      "Held for review by automation: No author persona, Repeated sentence templates",
    ),
  ).toBeVisible();

  await heldCard.getByRole("button", { name: /^Actions for/ }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const reasons = page.getByRole("region", { name: "Held for review by automation" });
  await expect(reasons).toContainText("It was not published because:");
  await expect(reasons.getByRole("listitem")).toHaveText([
    "No author persona: The blog has no author persona: set one in Settings → Voice (a name readers see as the author) so automated posts can be published.",
    "Repeated sentence templates: 4 of 6 sentences follow the same template.",
  ]);
  await expectAccessible(page, "editor, post held for its persona and substance");

  // The owner names a persona, and publishes a post filled by 'Generate with AI' as written.
  const voice = await page.request.put(`/api/blogs/${blog.id}/voice`, {
    data: { personaName: "Wren Hollis" },
  });
  expect(voice.status()).toBe(200);
  const created = await page.request.post("/api/posts", {
    data: {
      blogId: blog.id,
      title: "Feeding a worm bin in winter",
      content: "<p>Worms slow down below ten degrees, so feed them half as much.</p>",
      generatedByAi: true,
    },
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { id: string; slug: string; aiAssisted: boolean };
  expect(post.aiAssisted).toBe(true);
  for (const status of ["under_review", "published"]) {
    const res = await page.request.patch(`/api/posts/${post.id}/status`, { data: { status } });
    expect(res.status()).toBe(200);
  }

  await page.goto(`/blog/${blog.slug}/post/${post.slug}`);
  const note = page.getByRole("complementary", { name: "How this post was made" });
  await expect(note).toHaveText(
    /^How this post was made\. Drafted with an AI model on \w+ \d{2}, \d{4}\. Reviewed by Wren Hollis and published on \w+ \d{2}, \d{4}\.$/,
  );
  await expect(page.getByRole("link", { name: "Wren Hollis" }).first()).toBeVisible();
  noErrors();
});
