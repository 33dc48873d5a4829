import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationPage } from "../../../contracts/notifications.ts";
import { blogMembers, notifications } from "../../db/schema.ts";
import { createBlog, createMember, createOwner, createPost } from "../../test/factories.ts";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { notify, reviewersOf } from "./notify.ts";

/* The bell: notifications of the team's work (decision 369). */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const idOf = async (client: TestClient) =>
  (await client.get<{ id: string }>("/api/auth/user")).body.id;

async function bellOf(client: TestClient, query = "") {
  const res = await client.get<NotificationPage>(`/api/notifications${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function submittedPost() {
  const owner = await createOwner(app);
  const blog = await createBlog(owner, "Garden Notes");
  const editor = await createMember(app, blog.id, "editor");
  const writer = await createMember(app, blog.id, "writer");
  const post = await createPost(writer, blog.id, { title: "Tomatoes" });
  const res = await writer.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
  expect(res.status).toBe(200);
  return { owner, blog, editor, writer, post };
}

describe("notifications", () => {
  it("tell the owner and editors of a submission, never its author", async () => {
    const { owner, blog, editor, writer, post } = await submittedPost();
    const writerId = await idOf(writer);
    for (const reviewer of [owner, editor]) {
      const bell = await bellOf(reviewer);
      expect(bell.unread).toBe(1);
      expect(bell.notifications).toEqual([
        expect.objectContaining({
          kind: "submitted",
          blogId: blog.id,
          blogName: "Garden Notes",
          postId: post.id,
          actor: { id: writerId, name: expect.stringMatching(/^owner-/) },
          read: false,
          text: expect.stringMatching(/ submitted “Tomatoes” for review$/),
        }),
      ]);
    }
    expect(await bellOf(writer)).toEqual({ notifications: [], unread: 0, nextCursor: null });
  });

  it("tell the author when someone else publishes their post, not when they do", async () => {
    const { editor, writer, post } = await submittedPost();
    expect(
      (await editor.patch(`/api/posts/${post.id}/status`, { status: "published" })).status,
    ).toBe(200);
    const bell = await bellOf(writer);
    expect(
      bell.notifications.map((n) => [n.kind, n.text.endsWith(" published “Tomatoes”")]),
    ).toEqual([["published", true]]);
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const own = await createPost(owner, blog.id);
    await owner.patch(`/api/posts/${own.id}/status`, { status: "under_review" });
    await owner.patch(`/api/posts/${own.id}/status`, { status: "published" });
    expect((await bellOf(owner)).unread).toBe(0);
  });

  it("never tell the actor, and reach the owner and editors as reviewers", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const editor = await createMember(app, blog.id, "editor");
    await createMember(app, blog.id, "writer");
    const [ownerId, editorId] = [await idOf(owner), await idOf(editor)];
    expect((await reviewersOf(app.db, blog.id)).sort()).toEqual([ownerId, editorId].sort());
    await notify(app.db, {
      userIds: [ownerId, editorId, editorId],
      blogId: blog.id,
      kind: "mentioned",
      actorId: editorId,
      text: "You were mentioned",
    });
    const rows = await app.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.blogId, blog.id));
    expect(rows).toEqual([{ userId: ownerId }]);
  });

  it("are marked read by id or all at once", async () => {
    const { owner, blog, writer } = await submittedPost();
    const second = await createPost(writer, blog.id, { title: "Peppers" });
    await writer.patch(`/api/posts/${second.id}/status`, { status: "under_review" });
    const bell = await bellOf(owner);
    expect(bell.unread).toBe(2);
    const [newest] = bell.notifications;
    const one = await owner.post<{ unread: number }>("/api/notifications/read", {
      ids: [newest?.id],
    });
    expect(one.body).toEqual({ unread: 1 });
    expect((await bellOf(owner)).notifications.map((n) => n.read)).toEqual([true, false]);
    const all = await owner.post<{ unread: number }>("/api/notifications/read", { all: true });
    expect(all.body).toEqual({ unread: 0 });
    expect((await bellOf(owner)).notifications.map((n) => n.read)).toEqual([true, true]);
  });

  it("answer 400 listing every problem, and 404 for another person's", async () => {
    const { owner, editor } = await submittedPost();
    const problems = async (body: unknown) => {
      const res = await owner.post<{ issues: { path: string }[] }>("/api/notifications/read", body);
      expect(res.status).toBe(400);
      return res.body.issues.map((issue) => issue.path).sort();
    };
    expect(await problems({})).toEqual(["ids"]);
    expect(await problems({ ids: [], all: false })).toEqual(["all", "ids"]);
    expect(await problems({ ids: ["x"], all: true })).toEqual(["ids"]);
    const query = await owner.get<{ issues: { path: string }[] }>(
      "/api/notifications?limit=500&before=%21",
    );
    expect(query.status).toBe(400);
    expect(query.body.issues.map((issue) => issue.path).sort()).toEqual(["before", "limit"]);

    const [editors] = (await bellOf(editor)).notifications;
    const res = await owner.post("/api/notifications/read", { ids: [editors?.id] });
    expect(res.status).toBe(404);
    expect((await bellOf(editor)).unread).toBe(1);
  });

  it("page newest first and show only blogs the person still belongs to", async () => {
    const { owner, blog, editor, writer } = await submittedPost();
    for (const title of ["Two", "Three"]) {
      const post = await createPost(writer, blog.id, { title });
      await writer.patch(`/api/posts/${post.id}/status`, { status: "under_review" });
    }
    const first = await bellOf(owner, "?limit=2");
    expect(first.notifications.map((n) => n.text.match(/“(.*)”/)?.[1])).toEqual(["Three", "Two"]);
    expect(first.unread).toBe(3);
    const next = await bellOf(owner, `?limit=2&before=${first.nextCursor}`);
    expect(next.notifications.map((n) => n.text.match(/“(.*)”/)?.[1])).toEqual(["Tomatoes"]);
    expect(next.nextCursor).toBeNull();

    await app.db.delete(blogMembers).where(eq(blogMembers.userId, await idOf(editor)));
    expect(await bellOf(editor)).toEqual({ notifications: [], unread: 0, nextCursor: null });
  });

  it("need a signed-in person", async () => {
    expect((await app.client().get("/api/notifications")).status).toBe(401);
    expect((await app.client().post("/api/notifications/read", { all: true })).status).toBe(401);
  });
});
