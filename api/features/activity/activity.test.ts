import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityEvent, ActivityPage } from "../../../contracts/activity.ts";
import type { Post } from "../../../contracts/posts.ts";
import { activityEvents, notifications } from "../../db/schema.ts";
import { publishDuePosts } from "../../jobs/scheduled-publishing.ts";
import {
  createBlog,
  createMember,
  createOwner,
  createPost,
  createScheduledPost,
} from "../../test/factories.ts";
import type { TestClient } from "../../test/harness.ts";
import { startTestApp, type TestApp } from "../../test/harness.ts";
import { noContentEvents } from "../publishing/content-events.ts";
import { deleteExpiredActivity } from "./retention.ts";

/* The blog's activity log (decision 369). */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const idOf = async (client: TestClient) =>
  (await client.get<{ id: string }>("/api/auth/user")).body.id;

async function team() {
  const owner = await createOwner(app);
  const blog = await createBlog(owner);
  const editor = await createMember(app, blog.id, "editor");
  const writer = await createMember(app, blog.id, "writer");
  const contributor = await createMember(app, blog.id, "contributor");
  return { owner, blog, editor, writer, contributor };
}

async function logOf(client: TestClient, blogId: string, query = "") {
  const res = await client.get<ActivityPage>(`/api/blogs/${blogId}/activity${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

/** The log oldest first, as `action by actor-id about subject`. */
const stepsOf = (events: ActivityEvent[]) =>
  events
    .toReversed()
    .map((event) => `${event.action} by ${event.actor?.id ?? "nobody"} about ${event.subject}`);

async function setStatus(client: TestClient, postId: string, status: string) {
  const res = await client.patch<Post>(`/api/posts/${postId}/status`, { status });
  expect(res.status, res.text).toBe(200);
}

describe("the activity log", () => {
  it("records every step of a post with who did it and the post's title", async () => {
    const { owner, blog, editor, writer } = await team();
    const [writerId, editorId] = [await idOf(writer), await idOf(editor)];
    const post = await createPost(writer, blog.id, { title: "Tomatoes" });
    const edit = async (fields: Record<string, unknown>) =>
      expect((await writer.patch(`/api/posts/${post.id}`, fields)).status).toBe(200);
    await edit({ title: "Balcony tomatoes" });
    // A second save within ten minutes, autosave or not, adds no row.
    await edit({ content: "<p>More</p>", autosave: true });
    // A save that changes nothing adds none either.
    await edit({ title: "Balcony tomatoes" });
    await setStatus(writer, post.id, "under_review");
    await setStatus(writer, post.id, "draft");
    await setStatus(writer, post.id, "under_review");
    await setStatus(editor, post.id, "published");
    await setStatus(editor, post.id, "draft");
    const at = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      (await editor.patch(`/api/posts/${post.id}/schedule`, { scheduledPublishAt: at })).status,
    ).toBe(200);
    expect((await editor.delete(`/api/posts/${post.id}`)).status).toBe(204);

    const log = await logOf(owner, blog.id);
    expect(stepsOf(log.events)).toEqual([
      `post.created by ${writerId} about Tomatoes`,
      `post.edited by ${writerId} about Balcony tomatoes`,
      `post.submitted by ${writerId} about Balcony tomatoes`,
      `post.withdrawn by ${writerId} about Balcony tomatoes`,
      `post.submitted by ${writerId} about Balcony tomatoes`,
      `post.published by ${editorId} about Balcony tomatoes`,
      `post.unpublished by ${editorId} about Balcony tomatoes`,
      `post.scheduled by ${editorId} about Balcony tomatoes`,
      `post.deleted by ${editorId} about Balcony tomatoes`,
    ]);
    const byAction = new Map(log.events.map((event) => [event.action, event]));
    expect(byAction.get("post.edited")?.details).toEqual({ fields: ["title"] });
    expect(byAction.get("post.scheduled")?.details).toEqual({ scheduledPublishAt: at });
    expect(log.events.every((event) => event.postId === post.id)).toBe(true);
    expect(log.retentionDays).toBe(400);
    // The team, for the filter by person: the owner first.
    expect(log.people.map((person) => person.id)).toEqual([
      await idOf(owner),
      editorId,
      writerId,
      expect.any(String),
    ]);
  });

  it("records who changed which settings, and nothing for a change that changes nothing", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const ownerId = await idOf(owner);
    const patch = async (path: string, body: unknown) => {
      const res = await owner.patch(`/api/blogs/${blog.id}${path}`, body);
      expect(res.status, res.text).toBe(200);
    };
    await patch("", { name: "Renamed", description: blog.description ?? "" });
    await patch("/customization", { primaryColor: "#123456", fontFamily: blog.fontFamily });
    await patch("/customization", {
      writersCanPublish: true,
      reviewBeforePublishing: blog.reviewBeforePublishing,
    });
    await patch("/domain", { subdomain: `sub-${Date.now().toString(36)}` });
    await patch("", { name: "Renamed" });

    const log = await logOf(owner, blog.id, "?action=settings.changed");
    expect(log.events.toReversed().map((event) => [event.actor?.id, event.details])).toEqual([
      [ownerId, { fields: ["name"] }],
      [ownerId, { fields: ["primaryColor"] }],
      [ownerId, { fields: ["writersCanPublish"] }],
      [ownerId, { fields: ["subdomain"] }],
    ]);
  });

  it("filters by actions, person and post, and pages newest first", async () => {
    const { owner, blog, editor, writer } = await team();
    const first = await createPost(writer, blog.id, { title: "First" });
    const second = await createPost(editor, blog.id, { title: "Second" });
    await setStatus(writer, first.id, "under_review");
    await setStatus(editor, first.id, "published");
    const writerId = await idOf(writer);

    const created = await logOf(editor, blog.id, "?action=post.created");
    expect(created.events.map((event) => event.subject)).toEqual(["Second", "First"]);
    const two = await logOf(editor, blog.id, "?action=post.submitted&action=post.published");
    expect(two.events.map((event) => event.action)).toEqual(["post.published", "post.submitted"]);
    const byWriter = await logOf(editor, blog.id, `?actorId=${writerId}`);
    expect(byWriter.events.map((event) => event.action)).toEqual([
      "post.submitted",
      "post.created",
    ]);
    const aboutSecond = await logOf(editor, blog.id, `?postId=${second.id}`);
    expect(aboutSecond.events.map((event) => event.action)).toEqual(["post.created"]);

    const pages: string[][] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = await logOf(owner, blog.id, `?limit=3${cursor ? `&before=${cursor}` : ""}`);
      pages.push(page.events.map((event) => event.action));
      cursor = page.nextCursor;
    }
    expect(pages).toEqual([["post.published", "post.submitted", "post.created"], ["post.created"]]);
  });

  it("answers 400 listing every problem of the query", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const res = await owner.get<{ issues: { path: string }[] }>(
      `/api/blogs/${blog.id}/activity?action=post.eaten&limit=0&before=!`,
    );
    expect(res.status).toBe(400);
    expect(res.body.issues.map((issue) => issue.path).sort()).toEqual([
      "action",
      "before",
      "limit",
    ]);
    const forged = await owner.get(`/api/blogs/${blog.id}/activity?before=bm90LWEtY3Vyc29y`);
    expect(forged.status).toBe(400);
  });

  it("is for owners and editors: 403 for writers and contributors, 404 for strangers", async () => {
    const { blog, editor, writer, contributor } = await team();
    const path = `/api/blogs/${blog.id}/activity`;
    expect((await editor.get(path)).status).toBe(200);
    for (const member of [writer, contributor]) {
      const res = await member.get<{ code: string }>(path);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("role_forbidden");
    }
    const stranger = await createOwner(app);
    expect((await stranger.get(path)).status).toBe(404);
    expect((await stranger.get("/api/blogs/no-such-blog/activity")).status).toBe(404);
  });

  it("records the scheduler's publishing as nobody's, and tells the author", async () => {
    const { owner, blog, writer, editor } = await team();
    const { post } = await createScheduledPost(editor, blog.id, 60_000);
    const writersPost = await createPost(writer, blog.id, { title: "By the writer" });
    const at = new Date(Date.now() + 60_000).toISOString();
    await editor.patch(`/api/posts/${writersPost.id}/schedule`, { scheduledPublishAt: at });
    await publishDuePosts(app.db, noContentEvents, new Date(Date.now() + 120_000));

    const log = await logOf(owner, blog.id, "?action=post.published");
    expect(log.events.map((event) => [event.postId, event.actor, event.details])).toEqual(
      expect.arrayContaining([
        [post.id, null, { scheduled: true }],
        [writersPost.id, null, { scheduled: true }],
      ]),
    );
    expect(log.events).toHaveLength(2);
    const told = await app.db
      .select({ userId: notifications.userId, text: notifications.text })
      .from(notifications)
      .where(eq(notifications.postId, writersPost.id));
    expect(told).toEqual([
      { userId: await idOf(writer), text: "“By the writer” was published as scheduled" },
    ]);
  });
});

describe("retention", () => {
  it("deletes activity past 400 days and read notifications past 90, nothing newer", async () => {
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const ownerId = await idOf(owner);
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const events = await app.db
      .insert(activityEvents)
      .values(
        [401, 399].map((days) => ({
          blogId: blog.id,
          actorId: ownerId,
          action: "settings.changed" as const,
          createdAt: daysAgo(days),
        })),
      )
      .returning({ id: activityEvents.id });
    await app.db.insert(notifications).values(
      [
        { days: 91, read: true },
        { days: 89, read: true },
        { days: 91, read: false },
        { days: 401, read: false },
      ].map(({ days, read }) => ({
        userId: ownerId,
        blogId: blog.id,
        kind: "published" as const,
        text: `${days} ${read}`,
        createdAt: daysAgo(days),
        readAt: read ? daysAgo(days - 1) : null,
      })),
    );

    await deleteExpiredActivity(app.db, now);
    const keptEvents = await app.db
      .select({ id: activityEvents.id })
      .from(activityEvents)
      .where(eq(activityEvents.blogId, blog.id));
    expect(keptEvents.map((row) => row.id)).toEqual([events[1]?.id]);
    const keptNotes = await app.db
      .select({ text: notifications.text })
      .from(notifications)
      .where(eq(notifications.blogId, blog.id));
    expect(keptNotes.map((row) => row.text).sort()).toEqual(["89 true", "91 false"]);
    // Run again: nothing left to do.
    await deleteExpiredActivity(app.db, now);
    expect(
      await app.db.select().from(activityEvents).where(eq(activityEvents.blogId, blog.id)),
    ).toHaveLength(1);
  });
});
