import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "../../../contracts/posts.ts";
import { posts } from "../../db/schema.ts";
import { createBlog, createMember, createOwner, createPost } from "../../test/factories.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";

/* Posts by role on a blog's team (decision 367). */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const later = () => new Date(Date.now() + 86_400_000).toISOString();
type Page = { posts: { id: string; title: string }[]; counts: { all: number; draft: number } };

async function team() {
  const owner = await createOwner(app);
  const blog = await createBlog(owner);
  const ownersPost = await createPost(owner, blog.id, { title: "The owner's post" });
  const editor = await createMember(app, blog.id, "editor");
  const writer = await createMember(app, blog.id, "writer");
  const contributor = await createMember(app, blog.id, "contributor");
  return { owner, blog, ownersPost, editor, writer, contributor };
}

const statusOf = async (id: string) =>
  (await app.db.select({ status: posts.status }).from(posts).where(eq(posts.id, id)))[0]?.status;

describe("posts by role", () => {
  it("show writers and contributors their own posts only, everywhere a post is reached", async () => {
    const { blog, ownersPost, editor, writer, contributor } = await team();
    const mine = await createPost(writer, blog.id, { title: "The writer's post" });
    expect(mine.author).not.toBeNull();

    const page = await writer.get<Page>(`/api/blogs/${blog.id}/posts?limit=20`);
    expect(page.status).toBe(200);
    expect(page.body.posts.map((p) => p.title)).toEqual(["The writer's post"]);
    expect(page.body.counts).toMatchObject({ all: 1, draft: 1 });
    const plain = await writer.get<{ title: string }[]>(`/api/blogs/${blog.id}/posts`);
    expect(plain.body.map((p) => p.title)).toEqual(["The writer's post"]);
    const full = await writer.get<{ title: string }[]>(
      `/api/blogs/${blog.id}/posts?include=content`,
    );
    expect(full.body.map((p) => p.title)).toEqual(["The writer's post"]);
    expect(
      (await contributor.get<Page>(`/api/blogs/${blog.id}/posts?limit=20`)).body.posts,
    ).toEqual([]);

    // Someone else's post answers like a missing one, whatever is asked of it.
    for (const member of [writer, contributor]) {
      const other = `/api/posts/${ownersPost.id}`;
      const read = await member.get(other);
      expect(read.status).toBe(404);
      expect(read.body).toMatchObject({ message: "Post not found" });
      expect((await member.patch(other, { title: "Taken" })).status).toBe(404);
      expect((await member.get(`${other}/revisions`)).status).toBe(404);
      expect((await member.delete(other)).status).toBe(404);
      const bulk = await member.post(`/api/blogs/${blog.id}/posts/bulk`, {
        ids: [ownersPost.id],
        action: "delete",
      });
      expect(bulk.status).toBe(404);
    }
    expect(await statusOf(ownersPost.id)).toBe("draft");

    // Editors see and edit every post.
    const all = await editor.get<Page>(`/api/blogs/${blog.id}/posts?limit=20`);
    expect(all.body.counts.all).toBe(2);
    expect((await editor.patch(`/api/posts/${mine.id}`, { title: "Edited" })).status).toBe(200);
    expect((await editor.patch(`/api/posts/${ownersPost.id}`, { title: "Edited" })).status).toBe(
      200,
    );
  });

  it("let a writer submit but not publish, schedule or unpublish, and an editor publish", async () => {
    const { blog, editor, writer } = await team();
    const mine = await createPost(writer, blog.id);
    const at = `/api/posts/${mine.id}`;
    const published = await writer.patch(`${at}/status`, { status: "published" });
    expect(published.status).toBe(403);
    expect(published.body).toMatchObject({
      code: "role_forbidden",
      message: "Your role on this blog (Writer) does not allow this.",
    });
    expect((await writer.patch(`${at}/schedule`, { scheduledPublishAt: later() })).status).toBe(
      403,
    );
    expect((await writer.patch(`${at}/status`, { status: "under_review" })).status).toBe(200);
    // The author may take it back while it waits.
    expect((await writer.patch(`${at}/status`, { status: "draft" })).status).toBe(200);
    expect((await writer.patch(`${at}/status`, { status: "under_review" })).status).toBe(200);
    expect((await writer.patch(`${at}/status`, { status: "published" })).status).toBe(403);
    expect(await statusOf(mine.id)).toBe("under_review");

    expect((await editor.patch(`${at}/status`, { status: "published" })).status).toBe(200);
    expect(await statusOf(mine.id)).toBe("published");

    // A live post changes only through someone who may publish: the writer keeps pending changes.
    const live = await writer.get<Post>(at);
    expect((await writer.patch(at, { title: "Live edit" })).status).toBe(403);
    const pending = await writer.put(`${at}/pending-changes`, {
      version: live.body.version,
      title: "Kept apart",
      content: live.body.content,
    });
    expect(pending.status).toBe(200);
    expect((await writer.patch(`${at}/status`, { status: "draft" })).status).toBe(403);
    expect((await writer.delete(at)).status).toBe(403);
    expect(await statusOf(mine.id)).toBe("published");
    expect((await editor.patch(`${at}/status`, { status: "draft" })).status).toBe(200);
    // Unpublished again, it is the writer's to edit and delete.
    expect((await writer.patch(at, { title: "Reworked" })).status).toBe(200);
    expect((await writer.delete(at)).status).toBe(204);
  });

  it("let a writer publish their own posts where the blog allows it, and only the owner allow it", async () => {
    const { owner, blog, editor, writer } = await team();
    for (const member of [editor, writer]) {
      const refused = await member.patch(`/api/blogs/${blog.id}/customization`, {
        writersCanPublish: true,
      });
      expect(refused.status).toBe(403);
    }
    const allowed = await owner.patch(`/api/blogs/${blog.id}/customization`, {
      writersCanPublish: true,
      reviewBeforePublishing: false,
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ writersCanPublish: true, reviewBeforePublishing: false });

    const mine = await createPost(writer, blog.id);
    const at = `/api/posts/${mine.id}`;
    expect((await writer.patch(`${at}/status`, { status: "published" })).status).toBe(200);
    expect((await writer.patch(at, { title: "Live edit" })).status).toBe(200);
    const other = await createPost(writer, blog.id);
    expect(
      (await writer.patch(`/api/posts/${other.id}/schedule`, { scheduledPublishAt: later() }))
        .status,
    ).toBe(200);
  });

  it("keep a contributor to their own drafts: after submitting, an editor sends it back", async () => {
    const { blog, editor, contributor } = await team();
    const draft = await createPost(contributor, blog.id);
    const at = `/api/posts/${draft.id}`;
    expect((await contributor.patch(at, { title: "Better title" })).status).toBe(200);
    expect((await contributor.patch(`${at}/status`, { status: "under_review" })).status).toBe(200);
    const locked = await contributor.patch(at, { title: "After submitting" });
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({
      message: "Your role on this blog (Contributor) does not allow this.",
    });
    expect((await contributor.patch(`${at}/status`, { status: "draft" })).status).toBe(403);
    expect((await contributor.get(at)).status).toBe(200);

    // Request changes: the editor sends it back to draft, and it is the contributor's again.
    expect((await editor.patch(`${at}/status`, { status: "draft" })).status).toBe(200);
    const fixed = await contributor.patch<Post>(at, { title: "Fixed" });
    expect(fixed.status).toBe(200);
    expect(fixed.body.title).toBe("Fixed");
  });

  it("compare a writer's text only with the posts they can see", async () => {
    const { owner, blog, writer } = await team();
    const text = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ");
    await createPost(owner, blog.id, { content: `<p>${text}</p>` });
    const asOwner = await owner.post<{ comparedPosts: number; mostSimilar: unknown }>(
      "/api/posts/originality",
      { content: text },
    );
    expect(asOwner.body.mostSimilar).not.toBeNull();
    const asWriter = await writer.post<{ comparedPosts: number; mostSimilar: unknown }>(
      "/api/posts/originality",
      { content: text },
    );
    expect(asWriter.status).toBe(200);
    expect(asWriter.body).toMatchObject({ comparedPosts: 0, mostSimilar: null });
  });
});
