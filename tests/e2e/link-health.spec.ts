import { createClient } from "@libsql/client";
import type { Page } from "@playwright/test";
import { drizzle } from "drizzle-orm/libsql";
import { linkChecks, linkScans, linkUses } from "../../api/db/schema.ts";
import { expectToast, publishPost } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";

const dead = "https://dead-shop.example.com/compost-bin?ref=fleet";
const live = "https://shop.example.com/compost-bin?ref=fleet";

/**
 * What a run of the link health job leaves after reading the posts and asking the shop (the
 * checks themselves are tried against a loopback merchant server in link-health.test.ts; this
 * server may not fetch loopback addresses): the dead link, broken with 410, used by each post.
 */
async function seedBrokenLink(posts: { id: string; blogId: string; updatedAt: string }[]) {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  const client = createClient({ url: `file:${dir}/e2e.db`, timeout: 5000 });
  try {
    const db = drizzle(client);
    const now = new Date();
    await db
      .insert(linkChecks)
      .values({
        url: dead,
        host: "dead-shop.example.com",
        status: "broken",
        httpStatus: 410,
        error: `${dead} answered HTTP 410.`,
        lastCheckedAt: now,
        nextCheckAt: new Date(now.getTime() + 86_400_000),
      })
      .onConflictDoNothing();
    for (const post of posts) {
      await db.insert(linkUses).values({ postId: post.id, blogId: post.blogId, url: dead });
      await db
        .insert(linkScans)
        .values({ postId: post.id, postUpdatedAt: new Date(post.updatedAt) })
        .onConflictDoNothing();
    }
  } finally {
    client.close();
  }
}

const contentOf = async (page: Page, id: string) =>
  ((await (await page.request.get(`/api/posts/${id}`)).json()) as { content: string }).content;

test("a dead affiliate URL on three blogs is replaced everywhere in one action and undone in one", async ({
  page,
  signedIn,
}) => {
  void signedIn;
  const made: { id: string; blogId: string; updatedAt: string }[] = [];
  for (const name of ["Compost Corner", "Garden Gear", "Balcony Beds"]) {
    const res = await page.request.post("/api/blogs", { data: { name } });
    expect(res.status()).toBe(201);
    const blog = (await res.json()) as { id: string };
    const post = await publishPost(
      page,
      blog.id,
      `Best bins for ${name}`,
      `<p>We use the <a href="${dead.replace("&", "&amp;")}">compost bin</a> every day.</p>`,
    );
    const stored = (await (await page.request.get(`/api/posts/${post.id}`)).json()) as {
      updatedAt: string;
    };
    made.push({ id: post.id, blogId: blog.id, updatedAt: stored.updatedAt });
  }
  const before = await Promise.all(made.map((post) => contentOf(page, post.id)));
  await seedBrokenLink(made);

  await page.goto("/link-health");
  await expect(page.getByRole("heading", { level: 1, name: "Link Health" })).toBeVisible();
  const entry = page.getByRole("listitem", { name: dead });
  await expect(entry.getByText("Broken (410)")).toBeVisible();
  await expect(entry.getByText("Used in 3 posts and 0 affiliate links on 3 blogs")).toBeVisible();

  await entry.getByRole("button", { name: "Replace everywhere" }).click();
  const dialog = page.getByRole("dialog", { name: "Replace Everywhere" });
  await expect(dialog.getByLabel("Old address")).toHaveValue(dead);
  await dialog.getByLabel("New address").fill(live);
  await dialog.getByRole("button", { name: "Replace Everywhere" }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, "Link replaced everywhere", "3 posts and 0 affiliate links changed.");
  await expect(page.getByRole("listitem", { name: dead })).toBeHidden();
  for (const post of made) expect(await contentOf(page, post.id)).toContain(live);

  await page.getByRole("button", { name: "Undo" }).click();
  await expectToast(page, "Replacement undone", `${dead} is back where it was.`);
  await expect(page.getByRole("button", { name: "Undo" })).toBeHidden();
  for (const [i, post] of made.entries()) expect(await contentOf(page, post.id)).toBe(before[i]);
});
