import { and, asc, eq } from "drizzle-orm";
import type { PostNote, PostNoteInput } from "../../../contracts/review.ts";
import { can } from "../../../contracts/roles.ts";
import { displayNameOf } from "../../../contracts/users.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogMembers, blogs, postNotes, users } from "../../db/schema.ts";
import { NotFound, ValidationFailed } from "../../http/errors.ts";
import { personColumns } from "../members/people.ts";
import { notify } from "../notifications/notify.ts";
import type { PostAccess } from "../posts/post-access.ts";
import { postFor } from "../posts/post-access.ts";

type NoteRow = typeof postNotes.$inferSelect;
type Person = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};

const presentNote = (row: NoteRow, author: Person | null): PostNote => ({
  id: row.id,
  parentId: row.parentId,
  author: author ? { id: author.id, name: displayNameOf(author) } : null,
  body: row.body,
  kind: row.kind,
  createdAt: row.createdAt.toISOString(),
});

/** The post's editorial notes, oldest first (replies carry their thread's `parentId`). */
export async function notesOf(db: Database, userId: string, postId: string): Promise<PostNote[]> {
  const { post } = await postFor(db, userId, postId, "read");
  const rows = await db
    .select({ note: postNotes, author: personColumns })
    .from(postNotes)
    .leftJoin(users, eq(users.id, postNotes.authorId))
    .where(eq(postNotes.postId, post.id))
    .orderBy(asc(postNotes.createdAt), asc(postNotes.id));
  return rows.map(({ note, author }) => presentNote(note, author?.id ? author : null));
}

/** The people on the blog's team with their role: the owner first, then the members. */
async function teamOf(db: Queryable, blogId: string) {
  const owner = await first(
    db
      .select({ ...personColumns })
      .from(blogs)
      .innerJoin(users, eq(users.id, blogs.ownerId))
      .where(eq(blogs.id, blogId)),
  );
  const members = await db
    .select({ ...personColumns, role: blogMembers.role })
    .from(blogMembers)
    .innerJoin(users, eq(users.id, blogMembers.userId))
    .where(eq(blogMembers.blogId, blogId));
  return [...(owner ? [{ ...owner, role: "owner" as const }] : []), ...members];
}

/**
 * Who a note mentions: people on the blog's team named as `@First Last`, `@First` or
 * `@mailbox` (the part of their e-mail before the at-sign), in any case, who can read the
 * post (its author, and those who see every post). The longest name wins, so "@Ada Lovelace"
 * is not also "@Ada" of someone else.
 */
async function mentionsIn(db: Queryable, access: PostAccess, body: string): Promise<string[]> {
  if (!body.includes("@")) return [];
  const text = body.toLowerCase();
  const found = new Set<string>();
  const team = await teamOf(db, access.blog.id);
  const names = team.flatMap((person) => {
    const readsPost = person.id === access.post.authorId || can(person.role, "posts.all");
    if (!readsPost) return [];
    const mailbox = person.email?.split("@")[0];
    return [displayNameOf(person), person.firstName, mailbox]
      .filter((name): name is string => Boolean(name?.trim()))
      .map((name) => ({ id: person.id, name: `@${name.trim().toLowerCase()}` }));
  });
  names.sort((a, b) => b.name.length - a.name.length);
  let rest = text;
  for (const { id, name } of names) {
    const at = rest.indexOf(name);
    if (at === -1) continue;
    const next = rest[at + name.length];
    // A whole name: "@ada" does not mention "@adam".
    if (next !== undefined && /[\p{L}\p{N}_]/u.test(next)) continue;
    found.add(id);
    rest = rest.replaceAll(name, " ");
  }
  return [...found];
}

/**
 * Adds a note (in the transaction of `tx`) and tells the people it mentions; a reply names a
 * note of the same post that starts a thread (one level).
 */
export async function addNote(
  tx: Queryable,
  access: PostAccess,
  userId: string,
  input: PostNoteInput & { kind?: NoteRow["kind"] },
): Promise<NoteRow> {
  if (input.parentId) {
    const parent = await first(
      tx
        .select({ id: postNotes.id, parentId: postNotes.parentId })
        .from(postNotes)
        .where(and(eq(postNotes.id, input.parentId), eq(postNotes.postId, access.post.id))),
    );
    if (!parent) throw NotFound("Note");
    if (parent.parentId !== null) {
      throw ValidationFailed([
        { path: "parentId", message: "Reply to the note that starts the thread" },
      ]);
    }
  }
  const [row] = await tx
    .insert(postNotes)
    .values({
      postId: access.post.id,
      blogId: access.blog.id,
      authorId: userId,
      parentId: input.parentId ?? null,
      body: input.body,
      kind: input.kind ?? "note",
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  const mentioned = await mentionsIn(tx, access, input.body);
  if (mentioned.length > 0) {
    const author = await first(tx.select(personColumns).from(users).where(eq(users.id, userId)));
    await notify(tx, {
      userIds: mentioned,
      blogId: access.blog.id,
      kind: "mentioned",
      actorId: userId,
      postId: access.post.id,
      text: `${author ? displayNameOf(author) : "Someone"} mentioned you in a note on “${access.post.title}”.`,
    });
  }
  return row;
}

/** `POST /api/posts/{id}/notes`: anyone who can read the post writes on it. */
export async function writeNote(
  db: Database,
  userId: string,
  postId: string,
  input: PostNoteInput,
): Promise<PostNote> {
  return db.transaction(async (tx) => {
    const access = await postFor(tx, userId, postId, "read");
    const row = await addNote(tx, access, userId, input);
    const author = await first(tx.select(personColumns).from(users).where(eq(users.id, userId)));
    return presentNote(row, author ?? null);
  });
}
