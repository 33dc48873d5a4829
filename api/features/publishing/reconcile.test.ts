import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { blogs, posts, renderJobs, siteBuilds, users } from "../../db/schema.ts";
import { blogsNeedingRender } from "./reconcile.ts";

let dir: string;
let handle: Awaited<ReturnType<typeof openDatabase>>;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "blogfleet-reconcile-"));
  handle = await openDatabase(`file:${join(dir, "db.sqlite")}`);
});
afterEach(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute));

async function blogWith(slug: string, postAt: Date | null, builtAt: Date | null, pending = false) {
  const [owner] = await handle.db
    .insert(users)
    .values({ email: `${slug}@example.com` })
    .returning();
  const [blog] = await handle.db
    .insert(blogs)
    .values({ ownerId: owner?.id as string, name: slug, slug, createdAt: at(0), updatedAt: at(0) })
    .returning();
  const id = blog?.id as string;
  if (postAt) {
    await handle.db.insert(posts).values({
      blogId: id,
      title: "t",
      slug: "t",
      status: "published",
      publishedAt: postAt,
      updatedAt: postAt,
    });
  }
  if (builtAt) {
    await handle.db.insert(siteBuilds).values({
      blogId: id,
      status: "succeeded",
      full: true,
      startedAt: builtAt,
      finishedAt: builtAt,
      durationMs: 1,
    });
  }
  if (pending) await handle.db.insert(renderJobs).values({ blogId: id, requestedAt: at(9) });
  return id;
}

describe("blogs needing a render at start-up", () => {
  it("finds a blog changed after its last render, and only that one", async () => {
    const missed = await blogWith("missed", at(10), at(5));
    const neverRendered = await blogWith("never", at(10), null);
    await blogWith("current", at(5), at(10));
    await blogWith("pending", at(10), at(5), true);
    await blogWith("empty", null, null);
    expect((await blogsNeedingRender(handle.db)).sort()).toEqual([missed, neverRendered].sort());
  });
});
