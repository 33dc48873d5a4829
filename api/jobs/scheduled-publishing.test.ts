import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "../../contracts/posts.ts";
import type { BlogChange, ContentEvents } from "../features/publishing/content-events.ts";
import { createBlog, createOwner, createPost, createPublishedPost } from "../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../test/harness.ts";
import { type PublishedPost, publishDuePosts } from "./scheduled-publishing.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const hour = 60 * 60 * 1000;

/** What the render pipeline is told after each commit, per blog. */
const recorder = () => {
  const changes: [string, BlogChange][] = [];
  const events: ContentEvents = {
    blogChanged: (blogId, change) => {
      changes.push([blogId, change]);
    },
  };
  return { changes, events };
};
const none = recorder().events;

async function scheduled(owner: TestClient, blogId: string, at: Date): Promise<Post> {
  const post = await createPost(owner, blogId);
  const res = await owner.patch(`/api/posts/${post.id}/schedule`, {
    scheduledPublishAt: at.toISOString(),
  });
  if (res.status !== 200) throw new Error(`schedule failed: ${res.status} ${res.text}`);
  return res.body;
}

const read = async (owner: TestClient, id: string): Promise<Post> =>
  (await owner.get(`/api/posts/${id}`)).body;

/** Only the posts of this test: every test shares the database. */
const mine = (published: PublishedPost[], ids: string[]) =>
  published.filter((p) => ids.includes(p.postId));

describe("publishDuePosts", () => {
  it("publishes a due post once when several processes run it at the same moment", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const post = await scheduled(owner, blog.id, new Date(Date.now() + hour));
    const { changes, events } = recorder();
    const now = new Date(Date.now() + 2 * hour);
    const runs = await Promise.all([1, 2, 3].map(() => publishDuePosts(app.db, events, now)));
    expect(runs.flatMap((published) => mine(published, [post.id]))).toEqual([
      { blogId: blog.id, postId: post.id },
    ]);
    expect(changes.filter(([blogId]) => blogId === blog.id)).toHaveLength(1);
    const after = await read(owner, post.id);
    expect(after.status).toBe("published");
    expect(after.scheduledPublishAt).toBeNull();
  });

  it("publishes a due post once, leaves a future one alone and catches up after a restart", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const base = Date.now();
    const due = await scheduled(owner, blog.id, new Date(base + hour));
    const future = await scheduled(owner, blog.id, new Date(base + 3 * hour));
    const ids = [due.id, future.id];

    const now = new Date(base + 2 * hour);
    expect(mine(await publishDuePosts(app.db, none, now), ids)).toEqual([
      { blogId: blog.id, postId: due.id },
    ]);
    expect(await read(owner, due.id)).toMatchObject({
      status: "published",
      publishedAt: now.toISOString(),
      scheduledPublishAt: null,
    });
    expect(await read(owner, future.id)).toMatchObject({
      status: "draft",
      publishedAt: null,
      scheduledPublishAt: future.scheduledPublishAt,
    });
    // A second run (a restart, or two processes) finds nothing left to do.
    expect(mine(await publishDuePosts(app.db, none, now), ids)).toEqual([]);
    expect((await read(owner, due.id)).publishedAt).toBe(now.toISOString());

    // The server was down past the second time: the first run after start publishes it.
    const later = new Date(base + 5 * hour);
    expect(mine(await publishDuePosts(app.db, none, later), ids)).toEqual([
      { blogId: blog.id, postId: future.id },
    ]);
  });

  it("keeps the first publication date of a post that was unpublished", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const post = await createPublishedPost(owner, blog.id);
    await owner.patch(`/api/posts/${post.id}/status`, { status: "draft" });
    await owner.patch(`/api/posts/${post.id}/schedule`, {
      scheduledPublishAt: new Date(Date.now() + hour).toISOString(),
    });
    await publishDuePosts(app.db, none, new Date(Date.now() + 2 * hour));
    expect(await read(owner, post.id)).toMatchObject({
      status: "published",
      publishedAt: post.publishedAt,
      scheduledPublishAt: null,
    });
  });

  it("tells the renderer once per blog, after the commit, with the posts it published", async () => {
    const owner = await createOwner(app);
    const one = await createBlog(owner);
    const two = await createBlog(owner);
    const at = new Date(Date.now() + hour);
    const a = await scheduled(owner, one.id, at);
    const b = await scheduled(owner, two.id, at);
    const c = await scheduled(owner, one.id, at);
    const { changes, events } = recorder();
    await publishDuePosts(app.db, events, new Date(Date.now() + 2 * hour));
    const ours = new Map(changes.filter(([blogId]) => blogId === one.id || blogId === two.id));
    expect(ours.get(one.id)?.postIds?.sort()).toEqual([a.id, c.id].sort());
    expect(ours.get(two.id)).toEqual({ postIds: [b.id] });
    expect(changes.filter(([blogId]) => blogId === one.id)).toHaveLength(1);
  });
});
