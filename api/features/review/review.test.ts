import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityPage } from "../../../contracts/activity.ts";
import type { Blog } from "../../../contracts/blogs.ts";
import type { NotificationPage } from "../../../contracts/notifications.ts";
import type { Post } from "../../../contracts/posts.ts";
import type { PostNote, ReviewQueuePage } from "../../../contracts/review.ts";
import type { CreatedTeamInvitation } from "../../../contracts/team.ts";
import { posts } from "../../db/schema.ts";
import { createBlog, createMember, createOwner, createPost } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const idOf = async (client: TestClient) =>
  (await client.get<{ id: string }>("/api/auth/user")).body.id;
const later = () => new Date(Date.now() + 86_400_000).toISOString();
const kindsOf = async (client: TestClient) =>
  (await client.get<NotificationPage>("/api/notifications")).body.notifications.map((n) => n.kind);

async function submitted(writer: TestClient, blogId: string, title: string) {
  const post = await createPost(writer, blogId, { title });
  const res = await writer.patch<Post>(`/api/posts/${post.id}/status`, { status: "under_review" });
  expect(res.status).toBe(200);
  return res.body;
}

describe("the review journey", () => {
  it("takes a writer's post from submission through changes requested to approved and live", async () => {
    const owner = await createOwner(app);
    const blogs = [await createBlog(owner), await createBlog(owner), await createBlog(owner)];
    const blog = blogs[1] as Blog;
    const editor = await createMember(app, blog.id, "editor");
    const writer = await createOwner(app);
    const invited = await owner.post<CreatedTeamInvitation>(`/api/blogs/${blog.id}/invitations`, {
      role: "writer",
    });
    const token = new URL(invited.body.url).pathname.split("/").pop() as string;
    expect((await writer.post(`/api/team-invitations/${token}/accept`)).status).toBe(200);
    const seen = await writer.get<Blog[]>("/api/blogs");
    expect(seen.body.map((b) => b.id)).toEqual([blog.id]);

    const post = await submitted(writer, blog.id, "Ten kettles compared");
    expect(post.submittedAt).not.toBeNull();
    expect(await kindsOf(editor)).toContain("submitted");
    const queue = await editor.get<ReviewQueuePage>("/api/review-queue");
    expect(queue.body.posts.map((p) => p.id)).toEqual([post.id]);
    expect(queue.body.posts[0]).toMatchObject({ blogName: blog.name, notes: 0 });

    // The writer may not decide on their own post.
    const selfApproved = await writer.post(`/api/posts/${post.id}/approve`, {});
    expect(selfApproved.status).toBe(403);

    const sentBack = await editor.post<Post>(`/api/posts/${post.id}/request-changes`, {
      note: "Add prices for each kettle, please.",
    });
    expect(sentBack.status).toBe(200);
    expect(sentBack.body.status).toBe("draft");
    expect(await kindsOf(writer)).toContain("changes_requested");
    const notes = await writer.get<PostNote[]>(`/api/posts/${post.id}/notes`);
    expect(notes.body).toMatchObject([
      { kind: "changes_requested", body: "Add prices for each kettle, please." },
    ]);
    expect((await editor.get<ReviewQueuePage>("/api/review-queue")).body.posts).toEqual([]);

    const fixed = await writer.patch<Post>(`/api/posts/${post.id}`, {
      content: "<p>Prices added: from 20 to 140 euros.</p>",
    });
    expect(fixed.status).toBe(200);
    await writer.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
    const approved = await editor.post<Post>(`/api/posts/${post.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "published", reviewedBy: await idOf(editor) });
    expect(await kindsOf(writer)).toContain("published");

    const log = await owner.get<ActivityPage>(`/api/blogs/${blog.id}/activity`);
    expect(log.status).toBe(200);
    const steps = log.body.events
      .filter((event) => event.postId === post.id)
      .map((event) => event.action)
      .reverse();
    expect(steps).toEqual([
      "post.created",
      "post.submitted",
      "post.changes_requested",
      "post.edited",
      "post.submitted",
      "post.approved",
      "post.published",
    ]);
  });
});

describe("the review queue", () => {
  it("lists posts under review oldest first across the blogs a person reviews, paged and filtered", async () => {
    const owner = await createOwner(app);
    const first = await createBlog(owner, "First");
    const second = await createBlog(owner, "Second");
    const elsewhere = await createBlog(await createOwner(app), "Not theirs");
    const writer = await createMember(app, first.id, "writer");
    const secondWriter = await createMember(app, second.id, "writer");
    const a = await submitted(writer, first.id, "A");
    const b = await submitted(secondWriter, second.id, "B");
    const c = await submitted(writer, first.id, "C");
    // Submitted in that order, a millisecond apart at least.
    for (const [i, id] of [a.id, b.id, c.id].entries()) {
      await app.db
        .update(posts)
        .set({ submittedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) })
        .where(eq(posts.id, id));
    }
    await submitted(await createMember(app, elsewhere.id, "writer"), elsewhere.id, "Hidden");

    const page1 = await owner.get<ReviewQueuePage>("/api/review-queue?limit=2");
    expect(page1.body.posts.map((p) => p.title)).toEqual(["A", "B"]);
    expect(page1.body.total).toBe(3);
    const page2 = await owner.get<ReviewQueuePage>(
      `/api/review-queue?limit=2&cursor=${page1.body.nextCursor}`,
    );
    expect(page2.body.posts.map((p) => p.title)).toEqual(["C"]);
    expect(page2.body.nextCursor).toBeNull();
    const one = await owner.get<ReviewQueuePage>(`/api/review-queue?blogId=${second.id}`);
    expect(one.body.posts.map((p) => p.title)).toEqual(["B"]);
    expect((await owner.get(`/api/review-queue?blogId=${elsewhere.id}`)).status).toBe(404);

    // Writers review nothing: their queue is empty.
    expect((await writer.get<ReviewQueuePage>("/api/review-queue")).body).toEqual({
      posts: [],
      nextCursor: null,
      total: 0,
    });
    const bad = await owner.get("/api/review-queue?limit=0&assignee=someone&cursor=x");
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      "assignee",
      "cursor",
      "limit",
    ]);

    // Assigned to an editor: "mine" for them, out of "unassigned".
    const editor = await createMember(app, first.id, "editor");
    const editorId = await idOf(editor);
    const assigned = await owner.put<Post>(`/api/posts/${a.id}/assignee`, { userId: editorId });
    expect(assigned.status).toBe(200);
    expect(assigned.body.assigneeId).toBe(editorId);
    const mine = await editor.get<ReviewQueuePage>("/api/review-queue?assignee=me");
    expect(mine.body.posts.map((p) => p.title)).toEqual(["A"]);
    expect(mine.body.posts[0]?.assignee?.id).toBe(editorId);
    const open = await owner.get<ReviewQueuePage>("/api/review-queue?assignee=unassigned");
    expect(open.body.posts.map((p) => p.title)).toEqual(["B", "C"]);
    const toWriter = await owner.put(`/api/posts/${a.id}/assignee`, { userId: await idOf(writer) });
    expect(toWriter.status).toBe(400);
    expect((await writer.put(`/api/posts/${a.id}/assignee`, { userId: null })).status).toBe(403);

    // Approved for later: it leaves the queue, and its writer is told when it goes live.
    const scheduled = await editor.post<Post>(`/api/posts/${c.id}/approve`, {
      scheduledPublishAt: later(),
      note: "Good to go tomorrow.",
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.scheduledPublishAt).not.toBeNull();
    expect(await kindsOf(writer)).toContain("approved");
    const left = await owner.get<ReviewQueuePage>("/api/review-queue");
    expect(left.body.posts.map((p) => p.title)).toEqual(["A", "B"]);
    const decided = await editor.post(`/api/posts/${c.id}/request-changes`, { note: "Wait" });
    expect(decided.status).toBe(409);
  });
});

describe("editorial notes", () => {
  it("thread one level deep, tell the people they mention, and stay with those who see the post", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const editor = await createMember(app, blog.id, "editor");
    const writer = await createMember(app, blog.id, "writer");
    const otherWriter = await createMember(app, blog.id, "writer");
    const post = await submitted(writer, blog.id, "Notes");
    const mailbox = (await editor.get<{ email: string }>("/api/auth/user")).body.email.split(
      "@",
    )[0];

    const note = await writer.post<PostNote>(`/api/posts/${post.id}/notes`, {
      body: `@${mailbox} could you look at the intro?`,
    });
    expect(note.status).toBe(201);
    expect(await kindsOf(editor)).toContain("mentioned");
    const reply = await editor.post<PostNote>(`/api/posts/${post.id}/notes`, {
      body: "Looks fine.",
      parentId: note.body.id,
    });
    expect(reply.status).toBe(201);
    const deeper = await writer.post(`/api/posts/${post.id}/notes`, {
      body: "Thanks",
      parentId: reply.body.id,
    });
    expect(deeper.status).toBe(400);
    const empty = await writer.post(`/api/posts/${post.id}/notes`, { body: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.issues).toEqual([{ path: "body", message: "Write the note" }]);

    // Another writer cannot see the post, so neither its notes.
    expect((await otherWriter.get(`/api/posts/${post.id}/notes`)).status).toBe(404);
    expect((await otherWriter.post(`/api/posts/${post.id}/notes`, { body: "Hi" })).status).toBe(
      404,
    );
    const listed = await owner.get<PostNote[]>(`/api/posts/${post.id}/notes`);
    expect(listed.body.map((n) => [n.body, n.parentId])).toEqual([
      [`@${mailbox} could you look at the intro?`, null],
      ["Looks fine.", note.body.id],
    ]);
  });
});
