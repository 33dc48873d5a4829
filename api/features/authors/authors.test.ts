import { describe, expect, it } from "vitest";
import type { AuthorProfile, BlogAuthor } from "../../../contracts/authors.ts";
import type { MediaItem } from "../../../contracts/media.ts";
import type { MemberRole } from "../../../contracts/roles.ts";
import { testAppForFile } from "../../test/app-per-file.ts";
import { recordContentEvents } from "../../test/content-events.ts";
import { createMember } from "../../test/factories.ts";
import type { TestClient } from "../../test/harness.ts";
import { makeImage, uploadFile } from "../../test/images.ts";

/**
 * Author profiles per person and blog (issue 35 item 4, decision 368) on the real app: SQLite,
 * or PostgreSQL with TEST_DATABASE=postgres. Anyone on the team lists them and keeps their
 * own; the owner edits anyone's; a stranger gets 404, every problem comes in one 400, and a
 * change readers see records a full render.
 */
const { events: recorder, changesOf } = recordContentEvents();
const { app, newOwner, ownerWithBlog } = testAppForFile({ contentEvents: recorder });

const authorsPath = (blogId: string) => `/api/blogs/${blogId}/authors`;
const mePath = (blogId: string) => `/api/blogs/${blogId}/authors/me`;

const idOf = async (client: TestClient) =>
  (await client.get<{ id: string }>("/api/auth/user")).body.id;

let seed = 1;
async function uploadPhoto(client: TestClient, blogId: string): Promise<MediaItem> {
  const res = await uploadFile(
    client,
    blogId,
    await makeImage({ width: 300, height: 300, seed: seed++ }),
    "me.jpg",
    "image/jpeg",
  );
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${res.text}`);
  return res.body;
}

/** A blog with its owner and one member of each role. */
async function team() {
  const { owner, blogId } = await ownerWithBlog();
  const members = {} as Record<MemberRole, TestClient>;
  for (const role of ["editor", "writer", "contributor"] as const) {
    members[role] = await createMember(app(), blogId, role);
  }
  return { owner, blogId, ...members };
}

describe("author profiles: each person's own", () => {
  it("lets every role read and save their own profile, with a full render each time readers see a change", async () => {
    const t = await team();
    for (const [role, client] of [
      ["owner", t.owner],
      ["editor", t.editor],
      ["writer", t.writer],
      ["contributor", t.contributor],
    ] as const) {
      const userId = await idOf(client);
      const empty = await client.get<AuthorProfile>(mePath(t.blogId));
      expect(empty.status, role).toBe(200);
      expect(empty.body).toEqual({
        userId,
        name: null,
        bio: null,
        photoId: null,
        photoUrl: null,
        links: [],
        slug: null,
      });
      const rendersBefore = changesOf(t.blogId).length;
      const saved = await client.put<AuthorProfile>(mePath(t.blogId), {
        name: `  Ada ${role}  `,
        bio: "Writes about clay.",
        links: ["https://example.org/ada"],
      });
      expect(saved.status, role).toBe(200);
      expect(saved.body).toEqual({
        userId,
        name: `Ada ${role}`,
        bio: "Writes about clay.",
        photoId: null,
        photoUrl: null,
        links: ["https://example.org/ada"],
        slug: `ada-${role}`,
      });
      expect((await client.get(mePath(t.blogId))).body).toEqual(saved.body);
      expect(changesOf(t.blogId).slice(rendersBefore)).toEqual([{ full: true }]);
      // Saved again as it is: nothing for readers, no render.
      await client.put(mePath(t.blogId), saved.body);
      expect(changesOf(t.blogId)).toHaveLength(rendersBefore + 1);
    }
  });

  it("lists the team, owner first, with each profile and public name, to every role", async () => {
    const t = await team();
    await t.writer.put(mePath(t.blogId), { name: "Wren Writer" });
    const ids = {
      owner: await idOf(t.owner),
      editor: await idOf(t.editor),
      writer: await idOf(t.writer),
      contributor: await idOf(t.contributor),
    };
    for (const client of [t.owner, t.editor, t.writer, t.contributor]) {
      const res = await client.get<BlogAuthor[]>(authorsPath(t.blogId));
      expect(res.status).toBe(200);
      expect(res.body.map((a) => [a.userId, a.role, a.name])).toEqual([
        [ids.owner, "owner", null],
        [ids.editor, "editor", null],
        [ids.writer, "writer", "Wren Writer"],
        [ids.contributor, "contributor", null],
      ]);
      // Never an e-mail.
      expect(JSON.stringify(res.body)).not.toContain("@example.com");
    }
  });

  it("gives two people of one name two slugs, and keeps a slug while the name stays", async () => {
    const t = await team();
    const a = await t.editor.put<AuthorProfile>(mePath(t.blogId), { name: "Sam Lee" });
    const b = await t.writer.put<AuthorProfile>(mePath(t.blogId), { name: "Sam Lee" });
    expect([a.body.slug, b.body.slug]).toEqual(["sam-lee", "sam-lee-2"]);
    const again = await t.editor.put<AuthorProfile>(mePath(t.blogId), {
      name: "Sam Lee",
      bio: "New bio",
    });
    expect(again.body.slug).toBe("sam-lee");
  });

  it("takes a photo of the blog's library only: another blog's answers 404, like a missing one", async () => {
    const t = await team();
    const photo = await uploadPhoto(t.writer, t.blogId);
    const saved = await t.writer.put<AuthorProfile>(mePath(t.blogId), {
      name: "Wren",
      photoId: photo.id,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.photoId).toBe(photo.id);
    expect(saved.body.photoUrl).toBe(photo.src);

    const elsewhere = await ownerWithBlog();
    const foreign = await uploadPhoto(elsewhere.owner, elsewhere.blogId);
    for (const photoId of [foreign.id, "no-such-image"]) {
      const res = await t.writer.put(mePath(t.blogId), { name: "Wren", photoId });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Author photo not found");
    }
    expect((await t.writer.get<AuthorProfile>(mePath(t.blogId))).body.photoId).toBe(photo.id);
  });

  it("answers 400 listing every problem, and saves nothing", async () => {
    const t = await team();
    const rendersBefore = changesOf(t.blogId).length;
    const res = await t.writer.put(mePath(t.blogId), {
      name: "   ",
      bio: "x".repeat(1_001),
      links: ["https://example.org/ok", "ftp://example.org/file", "javascript:alert(1)"],
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: "name", message: "Author name is required" },
      { path: "bio", message: "Bio must be at most 1000 characters" },
      {
        path: "links.1",
        message: "must be a full http(s) address, like https://example.com/page",
      },
      {
        path: "links.2",
        message: "must be a full http(s) address, like https://example.com/page",
      },
    ]);
    const tooLong = await t.writer.put(mePath(t.blogId), {
      name: "n".repeat(101),
      links: Array.from({ length: 6 }, (_, i) => `https://example.org/${i}`),
    });
    expect(tooLong.body.issues).toEqual([
      { path: "name", message: "Author name must be at most 100 characters" },
      { path: "links", message: "Profile links: at most 5" },
    ]);
    expect((await t.writer.get<AuthorProfile>(mePath(t.blogId))).body.name).toBeNull();
    expect(changesOf(t.blogId)).toHaveLength(rendersBefore);
  });
});

describe("author profiles: another person's", () => {
  it("lets the owner edit anyone's on the team; editors, writers and contributors get 403", async () => {
    const t = await team();
    const writerId = await idOf(t.writer);
    const byOwner = await t.owner.put<AuthorProfile>(`${authorsPath(t.blogId)}/${writerId}`, {
      name: "Wren (guest)",
    });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body).toMatchObject({ userId: writerId, name: "Wren (guest)" });
    expect((await t.writer.get<AuthorProfile>(mePath(t.blogId))).body.name).toBe("Wren (guest)");

    for (const client of [t.editor, t.contributor]) {
      const res = await client.put(`${authorsPath(t.blogId)}/${writerId}`, { name: "Changed" });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("role_forbidden");
    }
    const ownerId = await idOf(t.owner);
    const res = await t.writer.put(`${authorsPath(t.blogId)}/${ownerId}`, { name: "Changed" });
    expect(res.status).toBe(403);
    expect((await t.writer.get<AuthorProfile>(mePath(t.blogId))).body.name).toBe("Wren (guest)");
    expect((await t.owner.get<AuthorProfile>(mePath(t.blogId))).body.name).toBeNull();
  });

  it("answers the owner 404 for a person who is not on the team", async () => {
    const t = await team();
    const outsider = await newOwner();
    const res = await t.owner.put(`${authorsPath(t.blogId)}/${await idOf(outsider)}`, {
      name: "Someone",
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Author not found");
  });

  it("answers a stranger and a member of another blog 404 on every route, and changes nothing", async () => {
    const t = await team();
    await t.writer.put(mePath(t.blogId), { name: "Wren" });
    const writerId = await idOf(t.writer);
    const stranger = await newOwner();
    const other = await ownerWithBlog();
    const otherEditor = await createMember(app(), other.blogId, "editor");
    for (const client of [stranger, other.owner, otherEditor]) {
      expect((await client.get(authorsPath(t.blogId))).status).toBe(404);
      expect((await client.get(mePath(t.blogId))).status).toBe(404);
      expect((await client.put(mePath(t.blogId), { name: "Intruder" })).status).toBe(404);
      const put = await client.put(`${authorsPath(t.blogId)}/${writerId}`, { name: "Intruder" });
      expect(put.status).toBe(404);
      expect(put.body.code).toBe("not_found");
    }
    const listed = await t.owner.get<BlogAuthor[]>(authorsPath(t.blogId));
    expect(listed.body.map((a) => a.name)).toEqual([null, null, "Wren", null]);
  });
});

describe("the persona's responsible person", () => {
  const voicePath = (blogId: string) => `/api/blogs/${blogId}/voice`;

  it("is the owner or an editor of the blog; anyone else is refused in a 400", async () => {
    const t = await team();
    const editorId = await idOf(t.editor);
    const saved = await t.owner.put(voicePath(t.blogId), {
      personaName: "Mara Quell",
      personaResponsibleUserId: editorId,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.personaResponsibleUserId).toBe(editorId);

    const outsider = await newOwner();
    for (const userId of [await idOf(t.writer), await idOf(t.contributor), await idOf(outsider)]) {
      const res = await t.owner.put(voicePath(t.blogId), {
        personaName: "Mara Quell",
        personaResponsibleUserId: userId,
      });
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([
        {
          path: "personaResponsibleUserId",
          message:
            "The person who answers for the persona must be the blog's owner or one of its editors. Choose one of them.",
        },
      ]);
    }
    expect((await t.owner.get(voicePath(t.blogId))).body.personaResponsibleUserId).toBe(editorId);
    // Only the owner sets the voice (decision 367).
    const byEditor = await t.editor.put(voicePath(t.blogId), {
      personaName: "Mara Quell",
      personaResponsibleUserId: editorId,
    });
    expect(byEditor.status).toBe(403);
  });
});
