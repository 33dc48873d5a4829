import { describe, expect, it } from "vitest";
import type { Capability, CapabilityContext, MemberRole } from "../../../contracts/roles.ts";
import { blogMembers } from "../../db/schema.ts";
import { HttpError } from "../../http/errors.ts";
import { testAppForFile } from "../../test/app-per-file.ts";
import { createBlog, createMember } from "../../test/factories.ts";
import type { TestClient } from "../../test/harness.ts";
import { blogAccess, blogFor, blogsOf } from "./access.ts";

const { app, newOwner, ownerWithBlog } = testAppForFile();

const idOf = async (client: TestClient): Promise<string> =>
  ((await client.get<{ id: string }>("/api/auth/user")).body as { id: string }).id;

const join = (blogId: string, userId: string, role: MemberRole) =>
  app().db.insert(blogMembers).values({ blogId, userId, role });

/** The HTTP answer a call refuses with, or "allowed". */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => "allowed",
    (error: unknown) => (error instanceof HttpError ? error.status : error),
  );

describe("a person's access to a blog", () => {
  it("is the owner's for the blog they made, a member's role for the others, none for a stranger", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const [ownerId, writerId, strangerId] = await Promise.all([
      idOf(owner),
      newOwner().then(idOf),
      newOwner().then(idOf),
    ]);
    await join(blogId, writerId, "writer");
    const { db } = app();
    expect((await blogAccess(db, ownerId, blogId)).role).toBe("owner");
    expect((await blogAccess(db, writerId, blogId)).role).toBe("writer");
    // A stranger's answer is the one a missing blog gets: ids cannot be probed.
    expect(await refusal(blogAccess(db, strangerId, blogId))).toBe(404);
    expect(await refusal(blogAccess(db, writerId, "no-such-blog"))).toBe(404);
  });

  it("refuses with 403 what the role does not allow, and 404 before any role is looked at", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const [editorId, writerId, contributorId, strangerId] = await Promise.all([
      newOwner().then(idOf),
      newOwner().then(idOf),
      newOwner().then(idOf),
      newOwner().then(idOf),
    ]);
    await join(blogId, editorId, "editor");
    await join(blogId, writerId, "writer");
    await join(blogId, contributorId, "contributor");
    const { db } = app();
    const outcome = (userId: string, capability: Capability, context?: CapabilityContext) =>
      refusal(blogFor(db, userId, blogId, capability, context));
    expect(await outcome(await idOf(owner), "blog.manage")).toBe("allowed");
    expect(await outcome(editorId, "blog.manage")).toBe(403);
    expect(await outcome(editorId, "posts.publish")).toBe("allowed");
    expect(await outcome(writerId, "posts.publish")).toBe(403);
    expect(
      await outcome(writerId, "posts.publish", {
        writersCanPublish: true,
        ownPost: true,
      }),
    ).toBe("allowed");
    expect(await outcome(writerId, "media.library")).toBe("allowed");
    expect(await outcome(contributorId, "media.library")).toBe(403);
    expect(await outcome(contributorId, "posts.write")).toBe("allowed");
    expect(await outcome(strangerId, "posts.write")).toBe(404);
    const refused = await blogFor(db, writerId, blogId, "blog.manage").catch(
      (error: HttpError) => error,
    );
    expect(refused).toMatchObject({
      status: 403,
      code: "role_forbidden",
      message: "Your role on this blog (Writer) does not allow this.",
    });
  });

  it("lists the blogs a person owns and belongs to, with their role, and no others", async () => {
    const { owner: alice, blogId: aliceFirst } = await ownerWithBlog();
    const aliceSecond = (await createBlog(alice)).id;
    const { blogId: bobsBlog } = await ownerWithBlog();
    const { blogId: carolsBlog } = await ownerWithBlog();
    const aliceId = await idOf(alice);
    await join(bobsBlog, aliceId, "editor");
    const mine = await blogsOf(app().db, aliceId);
    expect(mine.map(({ blog, role }) => [blog.id, role])).toEqual([
      [aliceFirst, "owner"],
      [aliceSecond, "owner"],
      [bobsBlog, "editor"],
    ]);
    expect(mine.map(({ blog }) => blog.id)).not.toContain(carolsBlog);
  });

  it("holds one membership per person and blog", async () => {
    const { blogId } = await ownerWithBlog();
    const memberId = await newOwner().then(idOf);
    await join(blogId, memberId, "writer");
    await expect(join(blogId, memberId, "editor")).rejects.toThrow();
  });
});

describe("routes a member's role does not reach yet", () => {
  it("answer a member 403 and change nothing, and a stranger 404, as a missing blog", async () => {
    const { owner, blogId } = await ownerWithBlog();
    const before = (await owner.get<{ name: string }>(`/api/blogs/${blogId}`)).body;
    const editor = await createMember(app(), blogId, "editor");
    const renamed = await editor.patch(`/api/blogs/${blogId}`, { name: "Taken over" });
    expect(renamed.status).toBe(403);
    expect(renamed.body).toMatchObject({
      code: "role_forbidden",
      message: "Your role on this blog (Editor) does not allow this.",
    });
    expect((await editor.get(`/api/blogs/${blogId}/voice`)).status).toBe(403);
    expect((await owner.get<{ name: string }>(`/api/blogs/${blogId}`)).body.name).toBe(before.name);
    const stranger = await newOwner();
    expect((await stranger.patch(`/api/blogs/${blogId}`, { name: "Mine" })).status).toBe(404);
    expect((await stranger.get(`/api/blogs/${blogId}/voice`)).status).toBe(404);
  });
});
