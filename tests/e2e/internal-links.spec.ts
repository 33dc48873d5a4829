import {
  apiCreatePost,
  contentEditor,
  createFirstBlog,
  expectToast,
  pasteInto,
  publishPost,
} from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });

/** Ten words no post's title holds, repeated: a text long enough for two links. */
const filler = Array.from({ length: 62 }, () => "We write down what we saw each week for readers.");

test("an owner asks for internal links while writing, inserts one, undoes it and saves one", async ({
  page,
  signedIn,
}) => {
  const noErrors = watchForErrors(page);
  expect(signedIn.email).toContain("@");
  const blog = await createFirstBlog(page, "Compost Corner");
  const bokashi = await publishPost(
    page,
    blog.id,
    "How to Start a Bokashi Bin",
    "<p>Fermenting scraps.</p>",
  );
  const worms = await publishPost(page, blog.id, "Worm Composting", "<p>Red wigglers.</p>");
  // A draft about the same thing is never proposed: readers cannot open it.
  await apiCreatePost(page, { blogId: blog.id, title: "Bokashi Bin Secrets" });

  await page.goto("/editor");
  await page.getByLabel("Title", { exact: true }).fill("Kitchen Composting");
  const editor = contentEditor(page);
  await pasteInto(editor, {
    html: [
      `<p>Kitchen scraps go in a bokashi bin under the sink. ${filler.join(" ")}</p>`,
      "<h2>Worms</h2>",
      "<p>Red wigglers make worm composting easy.</p>",
    ].join(""),
  });
  await expect(editor.getByRole("heading", { name: "Worms" })).toBeVisible();

  const panel = page.getByRole("region", { name: "Internal links" });
  await panel.getByRole("button", { name: "Suggest internal links" }).click();
  await expect(panel.getByRole("status")).toHaveText("2 internal link suggestions.");
  const list = panel.getByRole("list", { name: "Internal link suggestions" });
  const items = list.getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText("How to Start a Bokashi Bin");
  await expect(items.nth(0)).toContainText("“bokashi bin”");
  await expect(items.nth(0)).toContainText("Introduction");
  await expect(items.nth(1)).toContainText("Worm Composting");
  await expect(items.nth(1)).toContainText("“worm composting”");
  await expect(items.nth(1)).toContainText("Section “Worms”");
  await expectAccessible(page, "the editor with internal link suggestions");

  // Insert: the words become a link in the editor, and focus moves to the next suggestion.
  const insertBokashi = panel.getByRole("button", {
    name: "Insert link to “How to Start a Bokashi Bin” on “bokashi bin”",
  });
  await insertBokashi.click();
  const bokashiLink = editor.locator(`a[href="../post/${bokashi.slug}"]`);
  await expect(bokashiLink).toHaveText("bokashi bin");
  await expect(items.nth(0)).toContainText("Inserted");
  await expect(panel.getByRole("status")).toHaveText(
    "Linked “bokashi bin” to How to Start a Bokashi Bin. Undo in the editor takes it back.",
  );
  await expect(
    panel.getByRole("button", { name: "Insert link to “Worm Composting” on “worm composting”" }),
  ).toBeFocused();

  // Undo in the editor takes the link back, like any edit.
  await editor.focus();
  await page.keyboard.press("ControlOrMeta+z");
  await expect(bokashiLink).toHaveCount(0);
  await expect(editor).toContainText("bokashi bin under the sink");

  // Asked again, then inserted and saved: the saved post links to the published post.
  await panel.getByRole("button", { name: "Suggest internal links" }).click();
  await expect(items).toHaveCount(2);
  await panel
    .getByRole("button", { name: "Insert link to “Worm Composting” on “worm composting”" })
    .click();
  await expect(editor.locator(`a[href="../post/${worms.slug}"]`)).toHaveText("worm composting");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expectToast(page, "Post created");
  await expect(page).toHaveURL(/\/editor\?id=/);
  const id = new URL(page.url()).searchParams.get("id") ?? "";
  const saved = (await (await page.request.get(`/api/posts/${id}`)).json()) as {
    content: string;
  };
  expect(saved.content).toContain(`<a href="../post/${worms.slug}">worm composting</a>`);
  expect(saved.content).not.toContain(`../post/${bokashi.slug}`);
  noErrors();
});
