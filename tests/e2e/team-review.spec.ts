import type { Browser, Page } from "@playwright/test";
import { contentEditor, expectToast } from "./content-helpers.ts";
import { expect as baseExpect, signIn, test } from "./fixtures.ts";
import { watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });
// Three people, a review, a render: a long walk on a machine that may be busy.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

/** A page of a person of their own (their own cookies), on the same server. */
async function personPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  return context.newPage();
}

/** Every API read the person's screens make that their role is refused (decision 366). */
function watchRefusals(page: Page): () => void {
  const refused: string[] = [];
  page.on("response", (response) => {
    const path = new URL(response.url()).pathname;
    if (
      path.startsWith("/api/") &&
      response.request().method() === "GET" &&
      response.status() === 403
    ) {
      refused.push(path);
    }
  });
  return () => expect(refused).toEqual([]);
}

async function invite(owner: Page, role: "Writer" | "Editor", email: string): Promise<string> {
  const team = owner.getByRole("form", { name: "Invite to the team" });
  await team.getByRole("combobox", { name: "Role" }).click();
  await owner.getByRole("option", { name: role, exact: true }).click();
  await team.getByLabel("E-mail (optional)").fill(email);
  await team.getByRole("button", { name: "Create invitation" }).click();
  await expectToast(owner, "Invitation created");
  const link = await team.getByLabel("Invitation link").inputValue();
  expect(link).toMatch(/\/join\/[A-Za-z0-9_-]{32}$/);
  return new URL(link).pathname;
}

test("an owner's writer and editor take a post from draft through review to live, every step in the log", async ({
  page,
  browser,
  baseURL,
  firstBlog,
}) => {
  const noErrors = watchForErrors(page);
  // One blog of three is the team's.
  await firstBlog("Harbour Notes");
  const made = await page.request.post("/api/blogs", { data: { name: "Tide Tables" } });
  expect(made.status()).toBe(201);
  const blog = (await made.json()) as { id: string; slug: string };
  await page.request.post("/api/blogs", { data: { name: "Lighthouse Log" } });
  // Settings works on the team's blog.
  await page.evaluate((id) => window.localStorage.setItem("selectedBlogId", id), blog.id);

  await page.goto("/settings");
  const invitations = {
    writer: await invite(page, "Writer", "wes@example.com"),
    editor: await invite(page, "Editor", "eddie@example.com"),
  };
  await expect(page.getByRole("list", { name: "Invitations" }).getByText("Open")).toHaveCount(2);

  // The writer is new here: the link's page, a new account, and only that blog.
  const writer = await personPage(browser, baseURL);
  const writerRefusals = watchRefusals(writer);
  await writer.goto(invitations.writer);
  await expect(writer.getByRole("heading", { name: "Join Tide Tables" })).toBeVisible();
  await writer.getByRole("link", { name: "Create an account" }).click();
  await writer.getByLabel("Email").fill(`wes-${Date.now()}@example.com`);
  await writer.getByLabel("Password").fill("correct horse battery");
  await writer.getByRole("button", { name: "Create account" }).click();
  await expect(
    writer.getByRole("banner").getByRole("button", { name: "Tide Tables" }),
  ).toBeVisible();
  const writersBlogs = (await (await writer.request.get("/api/blogs")).json()) as { id: string }[];
  expect(writersBlogs.map((b) => b.id)).toEqual([blog.id]);
  const nav = writer.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Settings" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Affiliate Links" })).toHaveCount(0);
  await writer.request.put(`/api/blogs/${blog.id}/authors/me`, { data: { name: "Wes Writer" } });

  // The editor has an account already: signed in, the link joins them.
  const editor = await personPage(browser, baseURL);
  const editorRefusals = watchRefusals(editor);
  await signIn(editor);
  await editor.goto(invitations.editor);
  await editor.getByRole("button", { name: "Accept invitation" }).click();
  await expect(
    editor.getByRole("banner").getByRole("button", { name: "Tide Tables" }),
  ).toBeVisible();
  await editor.request.put(`/api/blogs/${blog.id}/authors/me`, { data: { name: "Eddie Editor" } });

  // The writer writes and submits: there is no Publish for them.
  await writer.goto("/editor");
  await writer.getByLabel("Title", { exact: true }).fill("Reading the spring tides");
  await contentEditor(writer).click();
  await writer.keyboard.type("Spring tides come twice a month, after the new and the full moon.");
  await writer.getByRole("button", { name: "Save Draft" }).click();
  await expectToast(writer, "Post created");
  await expect(writer.getByRole("button", { name: "Publish" })).toHaveCount(0);
  await writer.getByRole("button", { name: "Submit for Review" }).click();
  await expectToast(writer, "Status updated");

  // The editor finds it in the queue and asks for changes.
  await editor.goto("/review");
  const queued = editor.getByRole("list", { name: "Posts under review" });
  await queued.getByRole("link", { name: "Reading the spring tides" }).click();
  await editor.getByLabel("What should change").fill("Say when the neap tides come too.");
  await editor.getByRole("button", { name: "Request changes" }).click();
  await expectToast(editor, "Changes requested");

  // The writer sees the note, fixes the post and submits it again.
  await writer.reload();
  await expect(
    writer.getByRole("list", { name: "Notes" }).getByText("Say when the neap tides come too."),
  ).toBeVisible();
  await contentEditor(writer).click();
  await writer.keyboard.press("End");
  await writer.keyboard.type(" Neap tides fall between them, at the quarter moons.");
  await writer.getByRole("button", { name: "Save Draft" }).click();
  await expectToast(writer, "Post updated");
  await writer.getByRole("button", { name: "Submit for Review" }).click();
  await expectToast(writer, "Status updated");

  // The editor approves: the post goes live with the writer's byline and the editor named.
  await editor.reload();
  await editor.getByRole("button", { name: "Approve & publish" }).click();
  await expectToast(editor, "Approved and published");
  const live = (await (await page.request.get(`/api/blogs/${blog.id}/posts`)).json()) as {
    slug: string;
    status: string;
  }[];
  expect(live.map((p) => p.status)).toEqual(["published"]);
  await expect(async () => {
    const res = await page.request.get(`/blog/${blog.slug}/post/${live[0]?.slug}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(">Wes Writer</a>");
    expect(html).toContain('"reviewedBy":{"@type":"Person","name":"Eddie Editor"}');
  }).toPass({ timeout: 30_000 });

  // The owner's activity log tells every step, in order.
  await page.goto("/activity");
  const log = page.getByRole("list", { name: "Activity" });
  await expect(log).toContainText("Reading the spring tides");
  const events = (await (await page.request.get(`/api/blogs/${blog.id}/activity`)).json()) as {
    events: { action: string }[];
  };
  // Edits are one row per person and post in ten minutes (decision 369): at least one.
  const steps = events.events.map((e) => e.action).reverse();
  expect(steps).toContain("post.edited");
  expect(steps.filter((action) => action !== "post.edited")).toEqual([
    "member.invited",
    "member.invited",
    "member.joined",
    "member.joined",
    "post.created",
    "post.submitted",
    "post.changes_requested",
    "post.submitted",
    "post.approved",
    "post.published",
  ]);

  writerRefusals();
  editorRefusals();
  noErrors();
});
