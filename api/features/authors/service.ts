import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { asciiSlug } from "../../../contracts/ascii-slug.ts";
import type { AuthorProfile, AuthorProfileInput, BlogAuthor } from "../../../contracts/authors.ts";
import type { Role } from "../../../contracts/roles.ts";
import { slugify } from "../../../contracts/slug.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { authorProfiles, blogMembers, media, users } from "../../db/schema.ts";
import { NotFound } from "../../http/errors.ts";
import { checkedFeatureImageId } from "../media/image-checks.ts";
import { blogAccess, requireCapability } from "../members/access.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { withOutbox } from "../publishing/outbox.ts";
import { type ProfileRow, presentBlogAuthor, presentProfile } from "./presenter.ts";

export type AuthorDeps = { db: Database; contentEvents: ContentEvents };

/** The photos among `ids` that are images of the blog's library, by id. */
async function photosOf(db: Queryable, blogId: string, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0)
    return new Map<string, { variants: typeof media.$inferSelect.variants }>();
  const rows = await db
    .select({ id: media.id, variants: media.variants })
    .from(media)
    .where(and(eq(media.blogId, blogId), inArray(media.id, wanted)));
  return new Map(rows.map(({ id, variants }) => [id, { variants }]));
}

const profileOf = (db: Queryable, blogId: string, userId: string) =>
  first(
    db
      .select()
      .from(authorProfiles)
      .where(and(eq(authorProfiles.blogId, blogId), eq(authorProfiles.userId, userId))),
  );

/** The blog's team, owner first, then members in the order they joined. */
async function teamOf(db: Queryable, blog: { id: string; ownerId: string }) {
  const members = await db
    .select({ userId: blogMembers.userId, role: blogMembers.role })
    .from(blogMembers)
    .where(eq(blogMembers.blogId, blog.id))
    .orderBy(asc(blogMembers.createdAt), asc(blogMembers.id));
  return [{ userId: blog.ownerId, role: "owner" as Role }, ...members];
}

/** `GET /api/blogs/:blogId/authors`: every person of the team with their profile (any role). */
export async function listAuthors(
  db: Database,
  userId: string,
  blogId: string,
): Promise<BlogAuthor[]> {
  const { blog } = await blogAccess(db, userId, blogId);
  const team = await teamOf(db, blog);
  const ids = team.map((person) => person.userId);
  const [people, profiles] = await Promise.all([
    db
      .select({ id: users.id, publicName: users.publicName })
      .from(users)
      .where(inArray(users.id, ids)),
    db.select().from(authorProfiles).where(eq(authorProfiles.blogId, blogId)),
  ]);
  const names = new Map(people.map((p) => [p.id, p.publicName]));
  const byUser = new Map(profiles.map((p) => [p.userId, p]));
  const photos = await photosOf(
    db,
    blogId,
    profiles.map((p) => p.photoId),
  );
  return team.map((person) => {
    const row = byUser.get(person.userId);
    return presentBlogAuthor(
      { ...person, publicName: names.get(person.userId) ?? null },
      row,
      row?.photoId ? photos.get(row.photoId) : undefined,
    );
  });
}

/** `GET /api/blogs/:blogId/authors/me`: the signed-in person's profile on the blog. */
export async function getOwnProfile(
  db: Database,
  userId: string,
  blogId: string,
): Promise<AuthorProfile> {
  await blogAccess(db, userId, blogId);
  const row = await profileOf(db, blogId, userId);
  const photos = await photosOf(db, blogId, [row?.photoId ?? null]);
  return presentProfile(userId, row, row?.photoId ? photos.get(row.photoId) : undefined);
}

/** A slug for `name` no other profile of the blog has: the name's, then -2, -3, … */
async function freeSlug(tx: Queryable, blogId: string, userId: string, name: string) {
  const base = (asciiSlug(name) ?? slugify(name)) || "author";
  const taken = new Set(
    (
      await tx
        .select({ slug: authorProfiles.slug })
        .from(authorProfiles)
        .where(and(eq(authorProfiles.blogId, blogId), ne(authorProfiles.userId, userId)))
    ).map((row) => row.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/**
 * `PUT /api/blogs/:blogId/authors/me` (anyone on the team, their own profile) and
 * `…/authors/:userId` (the owner, anyone's on the team): saves the whole profile. The photo
 * must be an image of the blog's library (404 otherwise, like a post's feature image). The
 * profile is every page's byline and author page: a full render is recorded with it.
 */
export async function saveProfile(
  deps: AuthorDeps,
  actorId: string,
  blogId: string,
  userId: string,
  input: AuthorProfileInput,
): Promise<AuthorProfile> {
  const access = await blogAccess(deps.db, actorId, blogId);
  if (userId !== actorId) {
    requireCapability(access, "members.manage");
    const team = await teamOf(deps.db, access.blog);
    if (!team.some((person) => person.userId === userId)) throw NotFound("Author");
  }
  return withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
    const photoId = await checkedFeatureImageId(tx, blogId, input.photoId, "Author photo");
    const before = await profileOf(tx, blogId, userId);
    const slug =
      before && before.name === input.name
        ? before.slug
        : await freeSlug(tx, blogId, userId, input.name);
    const values = { name: input.name, bio: input.bio, photoId, links: input.links, slug };
    const [row] = await tx
      .insert(authorProfiles)
      .values({ blogId, userId, ...values })
      .onConflictDoUpdate({
        target: [authorProfiles.blogId, authorProfiles.userId],
        set: { ...values, updatedAt: new Date() },
      })
      .returning();
    if (!row) throw new Error("upsert returned no row");
    if (!before || shown(before) !== shown(row)) await record(blogId, { full: true });
    const photos = await photosOf(tx, blogId, [row.photoId]);
    return presentProfile(userId, row, row.photoId ? photos.get(row.photoId) : undefined);
  });
}

/** What readers see of a profile. */
const shown = (row: ProfileRow) =>
  JSON.stringify([row.name, row.bio, row.photoId, row.links, row.slug]);
