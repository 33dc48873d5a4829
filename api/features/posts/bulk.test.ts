import { describe, expect, it } from "vitest";
import { maxBulkPosts } from "../../../contracts/post-list.ts";
import { analyticsDaily } from "../../db/schema.ts";
import { testAppForFile } from "../../test/app-per-file.ts";
import { createCategory, createPost, createPublishedPost } from "../../test/factories.ts";
import type { TestClient } from "../../test/harness.ts";

const { app, ownerWithBlog } = testAppForFile();

type Summary = { id: string; title: string; status: string; categoryId: string | null };
type Page = {
  posts: Summary[];
  nextCursor: string | null;
  views: Record<string, number>;
};

async function postsOf(owner: TestClient, blogId: string): Promise<Summary[]> {
  return (await owner.get<Page>(`/api/blogs/${blogId}/posts?limit=100`)).body.posts;
}

const bulk = (owner: TestClient, blogId: string, body: unknown) =>
  owner.post(`/api/blogs/${blogId}/posts/bulk`, body);

describe("bulk actions (POST /api/blogs/{blogId}/posts/bulk)", () => {
  it("moves posts to a category through the single change, reporting each post", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const garden = await createCategory(owner, blogId, { name: "Garden" });
    const [a, b, c, d] = [
      await createPost(owner, blogId, { title: "A" }),
      await createPost(owner, blogId, { title: "B", categoryId: garden.id }),
      await createPost(owner, blogId, { title: "C" }),
      await createPost(owner, blogId, { title: "D" }),
    ];
    const res = await bulk(owner, blogId, {
      ids: [a.id, b.id, c.id],
      action: "category",
      categoryId: garden.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      action: "category",
      results: [
        { id: a.id, outcome: "changed" },
        { id: b.id, outcome: "unchanged" },
        { id: c.id, outcome: "changed" },
      ],
    });
    const byId = new Map((await postsOf(owner, blogId)).map((p) => [p.id, p]));
    expect([a, b, c, d].map((p) => byId.get(p.id)?.categoryId)).toEqual([
      garden.id,
      garden.id,
      garden.id,
      null,
    ]);
    // Like the editor's save, the change is a new revision of each post.
    const revisions = (await owner.get<unknown[]>(`/api/posts/${a.id}/revisions`)).body;
    expect(revisions.length).toBe(2);

    const cleared = await bulk(owner, blogId, {
      ids: [a.id],
      action: "category",
      categoryId: null,
    });
    expect(cleared.body.results).toEqual([{ id: a.id, outcome: "changed" }]);
    expect((await owner.get(`/api/posts/${a.id}`)).body.categoryId).toBeNull();
  });

  it("publishes through the one publish path: a post its checks hold is reported, not forced", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const draft = await createPost(owner, blogId, { title: "Still a draft" });
    const reviewed = await createPost(owner, blogId, { title: "Reviewed" });
    await owner.patch(`/api/posts/${reviewed.id}/status`, { status: "under_review" });
    const live = await createPublishedPost(owner, blogId, { title: "Live" });

    const res = await bulk(owner, blogId, {
      ids: [draft.id, reviewed.id, live.id],
      action: "status",
      status: "published",
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("published");
    expect(res.body.results).toEqual([
      {
        id: draft.id,
        outcome: "refused",
        code: "invalid_status_transition",
        message: expect.stringContaining("This blog reviews posts before publishing"),
      },
      { id: reviewed.id, outcome: "changed" },
      { id: live.id, outcome: "unchanged" },
    ]);
    const statuses = new Map((await postsOf(owner, blogId)).map((p) => [p.id, p.status]));
    expect(statuses.get(draft.id)).toBe("draft");
    expect(statuses.get(reviewed.id)).toBe("published");
    const published = (await owner.get(`/api/posts/${reviewed.id}`)).body;
    expect(published.publishedAt).toEqual(expect.any(String));
  });

  it("deletes the posts named, and only those", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const keep = await createPost(owner, blogId, { title: "Keep" });
    const gone1 = await createPost(owner, blogId, { title: "Gone 1" });
    const gone2 = await createPublishedPost(owner, blogId, { title: "Gone 2" });
    const res = await bulk(owner, blogId, { ids: [gone1.id, gone2.id], action: "delete" });
    expect(res.body.results).toEqual([
      { id: gone1.id, outcome: "deleted" },
      { id: gone2.id, outcome: "deleted" },
    ]);
    expect((await postsOf(owner, blogId)).map((p) => p.id)).toEqual([keep.id]);
    expect((await owner.get(`/api/posts/${gone2.id}`)).status).toBe(404);
  });

  it("refuses bad input with every problem listed, and changes nothing", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const post = await createPost(owner, blogId, { title: "Untouched" });
    const tooMany = Array.from({ length: maxBulkPosts + 1 }, (_, i) => `id-${i}`);
    const res = await bulk(owner, blogId, { ids: tooMany, action: "status" });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["ids", "status"]);

    const worse = await bulk(owner, blogId, { ids: [post.id, post.id], action: "move" });
    expect(worse.status).toBe(400);
    expect(worse.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      "action",
      "ids",
    ]);
    const noCategory = await bulk(owner, blogId, { ids: [post.id], action: "category" });
    expect(noCategory.status).toBe(400);
    expect(noCategory.body.issues).toEqual([
      { path: "categoryId", message: "Choose the category to move the posts to (null for none)" },
    ]);
    expect(await postsOf(owner, blogId)).toEqual([
      expect.objectContaining({ id: post.id, status: "draft", categoryId: null }),
    ]);
  });

  it("answers 404 for another owner's blog, posts or category, and changes nothing", async () => {
    const a = await ownerWithBlog();
    const b = await ownerWithBlog();
    const aPost = await createPost(a.owner, a.blogId, { title: "A's" });
    const aCategory = await createCategory(a.owner, a.blogId);
    const bPost = await createPost(b.owner, b.blogId, { title: "B's" });

    expect((await bulk(b.owner, a.blogId, { ids: [aPost.id], action: "delete" })).status).toBe(404);
    // B's own post listed first: it is not deleted either.
    const mixed = await bulk(b.owner, b.blogId, { ids: [bPost.id, aPost.id], action: "delete" });
    expect(mixed.status).toBe(404);
    const stolen = await bulk(b.owner, b.blogId, {
      ids: [bPost.id],
      action: "category",
      categoryId: aCategory.id,
    });
    expect(stolen.status).toBe(404);
    expect(await postsOf(a.owner, a.blogId)).toEqual([
      expect.objectContaining({ id: aPost.id, categoryId: null }),
    ]);
    expect(await postsOf(b.owner, b.blogId)).toEqual([
      expect.objectContaining({ id: bPost.id, categoryId: null }),
    ]);
  });
});

describe("All Posts pages sorted on the server (?sort=column:direction)", () => {
  it("pages through every post in the column's order, ties newest first", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const titles = ["pear", "Apple", "fig", "Cherry", "banana", "date", "Elder"];
    for (const title of titles) await createPost(owner, blogId, { title });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const after: string = cursor ? `&cursor=${cursor}` : "";
      const res = await owner.get<Page>(
        `/api/blogs/${blogId}/posts?limit=3&sort=title:asc${after}`,
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.posts.map((p) => p.title));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(["Apple", "banana", "Cherry", "date", "Elder", "fig", "pear"]);

    const desc = await owner.get<Page>(`/api/blogs/${blogId}/posts?limit=2&sort=title:desc`);
    expect(desc.body.posts.map((p) => p.title)).toEqual(["pear", "fig"]);
    const next = await owner.get<Page>(
      `/api/blogs/${blogId}/posts?limit=2&sort=title:desc&cursor=${desc.body.nextCursor}`,
    );
    expect(next.body.posts.map((p) => p.title)).toEqual(["Elder", "date"]);

    // Status ties: newest first inside each status.
    const byStatus = await owner.get<Page>(`/api/blogs/${blogId}/posts?limit=3&sort=status:asc`);
    expect(byStatus.body.posts.map((p) => p.title)).toEqual(["Elder", "date", "banana"]);
  });

  it("sorts by the Performance screen's views and sends each post's views", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const quiet = await createPost(owner, blogId, { title: "Quiet" });
    const popular = await createPost(owner, blogId, { title: "Popular" });
    const some = await createPost(owner, blogId, { title: "Some" });
    await app()
      .db.insert(analyticsDaily)
      .values([
        { blogId, day: "2026-11-01", dimension: "post", value: popular.id, views: 30, visitors: 9 },
        { blogId, day: "2026-11-02", dimension: "post", value: popular.id, views: 25, visitors: 9 },
        { blogId, day: "2026-11-02", dimension: "post", value: some.id, views: 40, visitors: 9 },
        // Other dimensions and the totals are not a post's views.
        {
          blogId,
          day: "2026-11-02",
          dimension: "page",
          value: `/${quiet.slug}`,
          views: 99,
          visitors: 1,
        },
      ]);
    const first = await owner.get<Page>(`/api/blogs/${blogId}/posts?limit=2&sort=views:desc`);
    expect(first.body.posts.map((p) => p.title)).toEqual(["Popular", "Some"]);
    expect(first.body.views).toEqual({ [popular.id]: 55, [some.id]: 40 });
    const rest = await owner.get<Page>(
      `/api/blogs/${blogId}/posts?limit=2&sort=views:desc&cursor=${first.body.nextCursor}`,
    );
    expect(rest.body.posts.map((p) => p.title)).toEqual(["Quiet"]);
    expect(rest.body.nextCursor).toBeNull();
    const asc = await owner.get<Page>(`/api/blogs/${blogId}/posts?limit=5&sort=views:asc`);
    expect(asc.body.posts.map((p) => p.title)).toEqual(["Quiet", "Some", "Popular"]);
  });

  it("refuses a sort it does not know, and a cursor of another sort", async () => {
    const { owner, blogId } = await ownerWithBlog();
    for (const title of ["One", "Two", "Three"]) await createPost(owner, blogId, { title });
    const res = await owner.get(`/api/blogs/${blogId}/posts?limit=2&sort=content:asc`);
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(["sort"]);
    const byDate = await owner.get<Page>(`/api/blogs/${blogId}/posts?limit=1`);
    const mixed = await owner.get(
      `/api/blogs/${blogId}/posts?limit=1&sort=title:asc&cursor=${byDate.body.nextCursor}`,
    );
    expect(mixed.status).toBe(400);
    expect(mixed.body.issues).toEqual([
      { path: "cursor", message: "cursor must be the nextCursor of the previous page" },
    ]);
  });
});
