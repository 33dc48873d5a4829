import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { apiCreatePost, publishPost, waitForLive } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible } from "./helpers.ts";

/*
 * Issue 36's journey, on the server that sends e-mail (E2E_MAIL=1: a real SMTP server on
 * loopback writes each message it is given to the data folder). A reader subscribes on the
 * blog's own host, confirms from the e-mail, gets the next post the owner publishes with "Also
 * send by e-mail", and leaves with one click.
 */

const mailFolder = join(process.env.E2E_MAIL_DATA_DIR as string, "mail");

/** The messages the SMTP server was given for `to`, parsed, oldest first. */
async function mailTo(to: string) {
  let names: string[] = [];
  try {
    names = readdirSync(mailFolder).filter((name) => name.endsWith(".to"));
  } catch {
    return [];
  }
  const mine = names
    .sort()
    .filter((name) => readFileSync(join(mailFolder, name), "utf8").split(",").includes(to));
  return Promise.all(
    mine.map(async (name) => {
      const raw = readFileSync(join(mailFolder, name.replace(/\.to$/, ".eml")), "utf8");
      return { raw, parsed: await simpleParser(raw) };
    }),
  );
}

/** Waits for the `n`th message to `to` and returns it. */
async function nthMail(to: string, n: number) {
  await expect.poll(async () => (await mailTo(to)).length, { timeout: 45_000 }).toBe(n);
  return (await mailTo(to))[n - 1] as Awaited<ReturnType<typeof mailTo>>[number];
}

test("a reader subscribes on the blog, gets the next post by e-mail and leaves with one click", async ({
  page,
  firstBlog,
}) => {
  const port = new URL(page.url()).port;
  const blog = await firstBlog("Harbour Letters");
  const subdomain = `harbour${Date.now().toString(36)}`;
  const named = await page.request.patch(`/api/blogs/${blog.id}/domain`, {
    data: { subdomain },
  });
  expect(named.status()).toBe(200);
  await publishPost(page, blog.id, "Low water", "<p>The harbour empties twice a day.</p>");
  await waitForLive(page, blog.id);

  // The reader, on the blog's own host: the form works without JavaScript.
  const reader = `reader-${Date.now().toString(36)}@example.com`;
  const host = `http://${subdomain}.localhost:${port}`;
  const readerPage = await page.context().browser()?.newPage({ javaScriptEnabled: false });
  if (!readerPage) throw new Error("no second page");
  await readerPage.goto(`${host}/`);
  const form = readerPage.getByRole("region", { name: "Get new posts by e-mail" });
  await expect(form).toContainText("We send a link to confirm first");
  await form.getByLabel("E-mail address").fill(reader);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(readerPage.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  // The confirmation e-mail's link subscribes the address.
  const confirmation = await nthMail(reader, 1);
  const confirm = /https?:\/\/\S+\/subscribe\/confirm\?token=[\w.-]+/.exec(
    confirmation.parsed.text ?? "",
  )?.[0];
  expect(confirm?.startsWith(`${host}/subscribe/confirm?token=`)).toBe(true);
  await readerPage.goto(confirm as string);
  await expect(readerPage.getByRole("heading", { name: "You are subscribed" })).toBeVisible();

  // The owner writes the next post and ticks "Also send by e-mail" in the editor.
  const post = await apiCreatePost(page, {
    blogId: blog.id,
    title: "Spring tides",
    content: "<p>The moon and the sun pull together.</p>",
  });
  await page.goto(`/editor?id=${post.id}`);
  const card = page.getByRole("region", { name: "Newsletter" });
  await expect(card).toContainText("To 1 subscriber. It goes out when the post is published.");
  const send = card.getByRole("switch", { name: "Also send by e-mail" });
  await send.click();
  await expect(send).toBeChecked();
  await card.getByRole("button", { name: "Preview e-mail" }).click();
  const preview = page.getByRole("dialog", { name: "E-mail preview" });
  await expect(preview.getByTitle("E-mail as HTML")).toBeVisible();
  await expect(
    preview
      .frameLocator('iframe[title="E-mail as HTML"]')
      .getByRole("heading", { level: 1, name: "Spring tides" }),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await expectAccessible(page, "the editor with the newsletter card");
  await page.getByRole("button", { name: "Submit for Review" }).click();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();

  // The post arrives by e-mail once it is live, with one-click unsubscribing.
  const issue = await nthMail(reader, 2);
  expect(issue.parsed.subject).toBe("Spring tides");
  expect(issue.parsed.html).toContain("The moon and the sun pull together.");
  expect(issue.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  await expect(card).toContainText("Sent as issue #1", { timeout: 20_000 });

  // The reader follows the e-mail's visible "Unsubscribe" link and confirms with one click.
  const unsubscribe = /href="([^"]+)"[^>]*>Unsubscribe</.exec(issue.parsed.html || "")?.[1];
  expect(unsubscribe?.startsWith(`${host}/unsubscribe?token=`)).toBe(true);
  await readerPage.goto((unsubscribe as string).replaceAll("&amp;", "&"));
  await readerPage.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(readerPage.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();

  // The owner's report counts the delivery and the reader who left.
  await page.goto("/newsletter");
  const row = page.getByRole("row", { name: /Spring tides/ });
  await expect(row).toContainText("Sent");
  // #, subject, kind, status, date, recipients, delivered, bounced, unsubscribed, affiliate
  // clicks, revenue, and no Cancel once sent.
  await expect(row.getByRole("cell")).toHaveText([
    "1",
    /Spring tides/,
    "Post",
    "Sent",
    /\d/,
    "1",
    "1",
    "0",
    "1",
    "0",
    /.*/,
    "",
  ]);
  await expectAccessible(page, "the newsletter screen");
  await readerPage.close();
});
