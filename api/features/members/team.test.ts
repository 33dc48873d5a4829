import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { Blog } from "../../../contracts/blogs.ts";
import type { Post } from "../../../contracts/posts.ts";
import type { CreatedTeamInvitation, Team } from "../../../contracts/team.ts";
import { blogInvitations, blogMembers, posts } from "../../db/schema.ts";
import { createSmtpMailer } from "../../mail/mailer.ts";
import { createBlog, createMember, createOwner, createPost } from "../../test/factories.ts";
import { type TestApp, type TestClient, testApps } from "../../test/harness.ts";
import { decodeQuotedPrintable, startSmtpPeer } from "../../test/smtp-peer.ts";

const { start, closeAll } = testApps();
afterAll(closeAll);

const password = "correct horse battery";
const tokenOf = (invitation: CreatedTeamInvitation) =>
  new URL(invitation.url).pathname.replace("/join/", "");
const idOf = async (client: TestClient) =>
  (await client.get<{ id: string }>("/api/auth/user")).body.id;

async function invite(by: TestClient, blogId: string, role: string, email?: string) {
  const res = await by.post<CreatedTeamInvitation>(`/api/blogs/${blogId}/invitations`, {
    role,
    ...(email ? { email } : {}),
  });
  expect(res.status).toBe(201);
  return res.body;
}

const membersOf = async (app: TestApp, blogId: string) =>
  (await app.db.select().from(blogMembers).where(eq(blogMembers.blogId, blogId))).map(
    (row) => row.role,
  );

describe("invitations to a blog", () => {
  it("add a person with the invitation's role: they see that blog only, and the link works once", async () => {
    const app = await start({});
    const owner = await createOwner(app);
    const [first, second, third] = [
      await createBlog(owner, "Coffee"),
      await createBlog(owner, "Tea"),
      await createBlog(owner, "Cocoa"),
    ];
    const writer = await createOwner(app);
    const created = await invite(owner, second.id, "writer", "writer@example.com");
    expect(created).toMatchObject({ role: "writer", email: "writer@example.com", status: "open" });
    expect(created.url).toMatch(new RegExp(`^${app.origin}/join/[A-Za-z0-9_-]{32}$`));
    // No SMTP server is configured here: the link is shown to copy.
    expect(created.emailed).toBe(false);
    const token = tokenOf(created);

    const preview = await app.client().get(`/api/team-invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ blogName: "Tea", role: "writer" });

    const accepted = await writer.post(`/api/team-invitations/${token}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ blogId: second.id, role: "writer" });
    const blogs = await writer.get<Blog[]>("/api/blogs");
    expect(blogs.body.map((blog) => [blog.name, blog.role])).toEqual([["Tea", "writer"]]);
    expect((await writer.get(`/api/blogs/${first.id}`)).status).toBe(404);
    expect((await writer.get<Blog>(`/api/blogs/${second.id}`)).body.role).toBe("writer");
    expect((await writer.get(`/api/blogs/${third.id}/posts`)).status).toBe(404);

    // Used: a second person gets a clear message, and nothing changes.
    const late = await createOwner(app);
    const again = await late.post(`/api/team-invitations/${token}/accept`);
    expect(again.status).toBe(410);
    expect(again.body).toEqual({
      code: "invitation_used",
      message: "This invitation was used already. Ask the blog's owner or editor for a new one.",
    });
    expect((await late.get<Blog[]>("/api/blogs")).body).toEqual([]);
    expect(await membersOf(app, second.id)).toEqual(["writer"]);

    const joined = await owner.get<{ events: { action: string; subject: string | null }[] }>(
      `/api/blogs/${second.id}/activity`,
    );
    expect(joined.body.events.map((event) => event.action)).toEqual([
      "member.joined",
      "member.invited",
    ]);
    expect(joined.body.events[1]?.subject).toBe("writer@example.com");
    const team = await owner.get<Team>(`/api/blogs/${second.id}/team`);
    expect(team.body.members.map((m) => m.role)).toEqual(["owner", "writer"]);
    expect(team.body.invitations.map((i) => i.status)).toEqual(["used"]);
  });

  it("refuse expired and revoked links with a clear message and change nothing", async () => {
    const app = await start({});
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const person = await createOwner(app);

    const expired = await invite(owner, blog.id, "editor");
    await app.db
      .update(blogInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(blogInvitations.id, expired.id));
    const tooLate = await person.post(`/api/team-invitations/${tokenOf(expired)}/accept`);
    expect(tooLate.status).toBe(410);
    expect(tooLate.body).toMatchObject({
      code: "invitation_expired",
      message: "This invitation has expired. Ask the blog's owner or editor for a new one.",
    });

    const revoked = await invite(owner, blog.id, "contributor");
    expect((await owner.delete(`/api/blogs/${blog.id}/invitations/${revoked.id}`)).status).toBe(
      204,
    );
    const withdrawn = await app.client().get(`/api/team-invitations/${tokenOf(revoked)}`);
    expect(withdrawn.status).toBe(410);
    expect(withdrawn.body).toMatchObject({ code: "invitation_revoked" });
    expect((await person.post(`/api/team-invitations/${tokenOf(revoked)}/accept`)).status).toBe(
      410,
    );
    const twice = await owner.delete(`/api/blogs/${blog.id}/invitations/${revoked.id}`);
    expect(twice.status).toBe(409);

    const unknown = await person.post(`/api/team-invitations/${"x".repeat(32)}/accept`);
    expect(unknown.status).toBe(404);
    expect(await membersOf(app, blog.id)).toEqual([]);
    expect((await person.get<Blog[]>("/api/blogs")).body).toEqual([]);
  });

  it("are the owner's for any role and an editor's for writers and contributors", async () => {
    const app = await start({});
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const editor = await createMember(app, blog.id, "editor");
    const writer = await createMember(app, blog.id, "writer");
    const stranger = await createOwner(app);

    await invite(editor, blog.id, "writer");
    await invite(editor, blog.id, "contributor");
    const asEditor = await editor.post(`/api/blogs/${blog.id}/invitations`, { role: "editor" });
    expect(asEditor.status).toBe(403);
    expect(asEditor.body).toMatchObject({ code: "role_forbidden" });
    const asWriter = await writer.post(`/api/blogs/${blog.id}/invitations`, { role: "writer" });
    expect(asWriter.status).toBe(403);
    expect((await writer.get(`/api/blogs/${blog.id}/team`)).status).toBe(403);
    expect(
      (await stranger.post(`/api/blogs/${blog.id}/invitations`, { role: "writer" })).status,
    ).toBe(404);
    expect((await stranger.get(`/api/blogs/${blog.id}/team`)).status).toBe(404);

    const bad = await owner.post(`/api/blogs/${blog.id}/invitations`, {
      role: "admin",
      email: "not an address",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["email", "role"]);
    const open = (await owner.get<Team>(`/api/blogs/${blog.id}/team`)).body.invitations;
    expect(open.map((i) => i.role).sort()).toEqual(["contributor", "writer"]);
    // An editor withdraws what they may hand out, not an invitation of an editor.
    const forEditor = await invite(owner, blog.id, "editor");
    expect((await editor.delete(`/api/blogs/${blog.id}/invitations/${forEditor.id}`)).status).toBe(
      403,
    );
  });

  it("let a new person sign up with the link where sign-ups need an invitation, onto that blog", async () => {
    const app = await start({ env: { REGISTRATION: "" } });
    const owner = app.client();
    expect(
      (await owner.post("/auth/sign-up", { email: "owner@example.com", password })).status,
    ).toBe(201);
    const blog = await createBlog(owner, "Garden");
    const token = tokenOf(await invite(owner, blog.id, "contributor"));
    const newcomer = app.client();
    const signedUp = await newcomer.post("/auth/sign-up", {
      email: "newcomer@example.com",
      password,
      invite: token,
    });
    expect(signedUp.status).toBe(201);
    const blogs = await newcomer.get<Blog[]>("/api/blogs");
    expect(blogs.body.map((b) => [b.name, b.role])).toEqual([["Garden", "contributor"]]);
    // Used up by the sign-up: it admits nobody else.
    const other = await app.client().post("/auth/sign-up", {
      email: "other@example.com",
      password,
      invite: token,
    });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: "invitation_invalid" });
  });
});

describe("invitations by e-mail", () => {
  it("are sent when the server has SMTP, and kept when the mail server refuses", async () => {
    const smtp = await startSmtpPeer();
    try {
      const mailer = createSmtpMailer({ url: smtp.url, from: "Blogfleet <blogs@example.test>" });
      const app = await start({ mailer });
      const owner = await createOwner(app);
      const blog = await createBlog(owner, "Coffee");
      const sent = await invite(owner, blog.id, "writer", "wes@example.com");
      expect(sent.emailed).toBe(true);
      expect(sent.url).toMatch(new RegExp(`^${app.origin}/join/[A-Za-z0-9_-]{32}$`));
      const mail = await smtp.next();
      expect(mail.to).toEqual(["wes@example.com"]);
      const text = decodeQuotedPrintable(mail.raw);
      expect(text).toContain("Subject: You are invited to write for Coffee");
      expect(text).toContain(sent.url);

      const down = await start({
        mailer: createSmtpMailer({ url: "smtp://127.0.0.1:9", from: "x@example.test" }),
      });
      const other = await createOwner(down);
      const otherBlog = await createBlog(other);
      const kept = await invite(other, otherBlog.id, "editor", "eddie@example.com");
      expect(kept.emailed).toBe(false);
      const team = await other.get<Team>(`/api/blogs/${otherBlog.id}/team`);
      expect(team.body.invitations.map((i) => [i.email, i.status])).toEqual([
        ["eddie@example.com", "open"],
      ]);
      mailer.close();
    } finally {
      await smtp.close();
    }
  });
});

describe("the team", () => {
  it("changes a member's role (the owner's) and removes people while their posts stay", async () => {
    const app = await start({});
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const editor = await createMember(app, blog.id, "editor");
    const writer = await createMember(app, blog.id, "writer");
    const writerId = await idOf(writer);
    const ownerId = await idOf(owner);
    const kept = await createPost(writer, blog.id, { title: "Kept with the byline" });

    expect(
      (await editor.patch(`/api/blogs/${blog.id}/members/${writerId}`, { role: "editor" })).status,
    ).toBe(403);
    const promoted = await owner.patch<Team>(`/api/blogs/${blog.id}/members/${writerId}`, {
      role: "editor",
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.members.find((m) => m.userId === writerId)).toMatchObject({
      role: "editor",
      posts: 1,
    });
    // As an editor they see every post now.
    await createPost(owner, blog.id);
    const all = await writer.get<Post[]>(`/api/blogs/${blog.id}/posts`);
    expect(all.body).toHaveLength(2);

    const notMember = await owner.delete(
      `/api/blogs/${blog.id}/members/${writerId}?posts=reassign&reassignTo=${"z".repeat(20)}`,
    );
    expect(notMember.status).toBe(400);
    expect(notMember.body.issues).toEqual([
      { path: "reassignTo", message: "The posts can go to the owner or a member who stays" },
    ]);
    expect((await owner.delete(`/api/blogs/${blog.id}/members/${writerId}`)).status).toBe(204);
    expect((await writer.get(`/api/blogs/${blog.id}`)).status).toBe(404);
    const [row] = await app.db.select().from(posts).where(eq(posts.id, kept.id));
    expect(row?.authorId).toBe(writerId);

    const editorId = await idOf(editor);
    const theirs = await createPost(editor, blog.id);
    const reassigned = await owner.delete(
      `/api/blogs/${blog.id}/members/${editorId}?posts=reassign&reassignTo=${ownerId}`,
    );
    expect(reassigned.status).toBe(204);
    const [moved] = await app.db.select().from(posts).where(eq(posts.id, theirs.id));
    expect(moved?.authorId).toBe(ownerId);
    expect(await membersOf(app, blog.id)).toEqual([]);
    const log = await owner.get<{ events: { action: string; details: object }[] }>(
      `/api/blogs/${blog.id}/activity?action=member.role_changed&action=member.removed`,
    );
    expect(log.body.events.map((event) => [event.action, event.details])).toEqual([
      ["member.removed", { role: "editor", left: false, posts: "reassign" }],
      ["member.removed", { role: "editor", left: false, posts: "keep" }],
      ["member.role_changed", { from: "writer", to: "editor" }],
    ]);
  });

  it("lets a member leave, but not the owner", async () => {
    const app = await start({});
    const owner = await createOwner(app);
    const blog = await createBlog(owner);
    const contributor = await createMember(app, blog.id, "contributor");
    const left = await contributor.delete(
      `/api/blogs/${blog.id}/members/${await idOf(contributor)}`,
    );
    expect(left.status).toBe(204);
    expect((await contributor.get<Blog[]>("/api/blogs")).body).toEqual([]);
    const stays = await owner.delete(`/api/blogs/${blog.id}/members/${await idOf(owner)}`);
    expect(stays.status).toBe(409);
  });
});
