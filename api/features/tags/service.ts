import { and, asc, count, eq, inArray, or, sql } from "drizzle-orm";
import { limits } from "../../../contracts/limits.ts";
import type { CreateTagInput, UpdateTagInput } from "../../../contracts/tags.ts";
import { tagSlugOf } from "../../../contracts/tags.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { first } from "../../db/query.ts";
import { posts, postTags, tags } from "../../db/schema.ts";
import { Conflict } from "../../http/errors.ts";
import { blogFor, rowFor } from "../members/access.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { withOutbox } from "../publishing/outbox.ts";

export type TagRow = typeof tags.$inferSelect;
export type TagWithCount = TagRow & { postCount: number };
export type TagDeps = { db: Database; contentEvents: ContentEvents };

/** Posts of any status carrying the tag. Written out with table names (see categories). */
const postCount = sql<number>`(select count(*) from ${postTags} where ${postTags}.tag_id = ${tags}.id)`;

const tagColumns = {
  id: tags.id,
  blogId: tags.blogId,
  name: tags.name,
  slug: tags.slug,
  createdAt: tags.createdAt,
  updatedAt: tags.updatedAt,
};

/** A blog's tags in name order, each with its number of posts. */
export async function listTags(
  db: Database,
  userId: string,
  blogId: string,
): Promise<TagWithCount[]> {
  // Everyone on the blog's team tags posts.
  await blogFor(db, userId, blogId, "posts.write");
  return db
    .select({ ...tagColumns, postCount })
    .from(tags)
    .where(eq(tags.blogId, blogId))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.createdAt));
}

const slugTaken = (slug: string) =>
  Conflict(
    `A tag with the slug "${slug}" already exists in this blog. Choose a different slug.`,
    "slug_taken",
  );

const tooManyTags = () =>
  Conflict(
    `This blog has reached the limit of ${limits.tagsPerBlog} tags. Delete unused tags before adding more.`,
    "limit_reached",
  );

async function checkRoomForTags(tx: Queryable, blogId: string, adding: number): Promise<void> {
  if (adding === 0) return;
  const [row] = await tx.select({ n: count() }).from(tags).where(eq(tags.blogId, blogId));
  if ((row?.n ?? 0) + adding > limits.tagsPerBlog) throw tooManyTags();
}

export async function createTag(
  deps: TagDeps,
  userId: string,
  input: CreateTagInput,
): Promise<TagWithCount> {
  const slug = input.slug ?? tagSlugOf(input.name);
  try {
    // Nothing readers see changes: a tag without posts has no page.
    const created = await deps.db.transaction(async (tx) => {
      const { blog } = await blogFor(tx, userId, input.blogId, "tags.manage");
      await checkRoomForTags(tx, blog.id, 1);
      const taken = await first(
        tx
          .select({ id: tags.id })
          .from(tags)
          .where(and(eq(tags.blogId, blog.id), eq(tags.slug, slug))),
      );
      if (taken) throw slugTaken(slug);
      const [row] = await tx
        .insert(tags)
        .values({ blogId: blog.id, name: input.name, slug })
        .returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    });
    return { ...created, postCount: 0 };
  } catch (error) {
    throw isUniqueViolation(error) ? slugTaken(slug) : error;
  }
}

async function withPostCount(db: Queryable, tag: TagRow): Promise<TagWithCount> {
  const row = await first(db.select({ postCount }).from(tags).where(eq(tags.id, tag.id)));
  return { ...tag, postCount: row?.postCount ?? 0 };
}

/** Renames a tag (its slug stays unless a new one is sent); every page showing it is redone. */
export async function updateTag(
  deps: TagDeps,
  userId: string,
  tagId: string,
  input: UpdateTagInput,
): Promise<TagWithCount> {
  try {
    const tag = await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
      const before = await rowFor(
        tx,
        userId,
        await first(tx.select().from(tags).where(eq(tags.id, tagId))),
        "Tag",
        "tags.manage",
      );
      const changes: Partial<typeof tags.$inferInsert> = {};
      if (input.name !== undefined && input.name !== before.name) changes.name = input.name;
      if (input.slug !== undefined && input.slug !== before.slug) {
        const taken = await first(
          tx
            .select({ id: tags.id })
            .from(tags)
            .where(and(eq(tags.blogId, before.blogId), eq(tags.slug, input.slug))),
        );
        if (taken) throw slugTaken(input.slug);
        changes.slug = input.slug;
      }
      if (Object.keys(changes).length === 0) return before;
      const [after] = await tx.update(tags).set(changes).where(eq(tags.id, before.id)).returning();
      if (!after) throw new Error("update returned no row");
      await record(after.blogId, { full: true });
      return after;
    });
    return withPostCount(deps.db, tag);
  } catch (error) {
    throw isUniqueViolation(error) && input.slug ? slugTaken(input.slug) : error;
  }
}

/** Deletes a tag: its posts lose it (and nothing else); its public pages go with it. */
export async function deleteTag(deps: TagDeps, userId: string, tagId: string): Promise<void> {
  await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
    const tag = await rowFor(
      tx,
      userId,
      await first(tx.select().from(tags).where(eq(tags.id, tagId))),
      "Tag",
      "tags.manage",
    );
    const tagged = await tx
      .select({ postId: postTags.postId })
      .from(postTags)
      .where(eq(postTags.tagId, tag.id));
    await tx.delete(postTags).where(eq(postTags.tagId, tag.id));
    if (tagged.length > 0) {
      // The posts changed: a save that started before this sees a newer version.
      await tx
        .update(posts)
        .set({ version: sql`${posts.version} + 1` })
        .where(
          inArray(
            posts.id,
            tagged.map((t) => t.postId),
          ),
        );
    }
    await tx.delete(tags).where(eq(tags.id, tag.id));
    await record(tag.blogId, { full: true });
  });
}

/** Each post's tag names, in the writer's order (posts without tags are absent). */
export async function tagNamesOf(
  db: Queryable,
  postIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byPost = new Map<string, string[]>();
  for (let i = 0; i < postIds.length; i += 500) {
    const rows = await db
      .select({ postId: postTags.postId, name: tags.name })
      .from(postTags)
      .innerJoin(tags, eq(tags.id, postTags.tagId))
      .where(inArray(postTags.postId, postIds.slice(i, i + 500)))
      .orderBy(asc(postTags.postId), asc(postTags.position));
    for (const row of rows) byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), row.name]);
  }
  return byPost;
}

/**
 * Gives the post exactly these tags, in this order: a name matches the blog's tag of that name
 * (ignoring case), else the tag of its slug, else a new tag is made. Answers whether anything
 * changed. Names come checked by the contract (`postTagNames`).
 */
export async function setPostTags(
  tx: Queryable,
  blogId: string,
  postId: string,
  names: readonly string[],
): Promise<boolean> {
  const current = await tx
    .select({ tagId: postTags.tagId, position: postTags.position })
    .from(postTags)
    .where(eq(postTags.postId, postId))
    .orderBy(asc(postTags.position));
  const ids = await tagIdsFor(tx, blogId, names);
  const same = current.length === ids.length && current.every((row, i) => row.tagId === ids[i]);
  if (same) return false;
  await tx.delete(postTags).where(eq(postTags.postId, postId));
  if (ids.length > 0) {
    await tx.insert(postTags).values(ids.map((tagId, position) => ({ postId, tagId, position })));
  }
  return true;
}

/** The blog's tags for these names, made where missing (see `setPostTags`). */
export async function tagIdsFor(
  tx: Queryable,
  blogId: string,
  names: readonly string[],
): Promise<string[]> {
  if (names.length === 0) return [];
  const slugs = names.map(tagSlugOf);
  const known = await tx
    .select({ id: tags.id, name: tags.name, slug: tags.slug })
    .from(tags)
    .where(
      and(
        eq(tags.blogId, blogId),
        or(
          inArray(
            sql`lower(${tags.name})`,
            names.map((n) => n.toLowerCase()),
          ),
          inArray(tags.slug, slugs),
        ),
      ),
    );
  const byName = new Map(known.map((t) => [t.name.toLowerCase(), t.id]));
  const bySlug = new Map(known.map((t) => [t.slug, t.id]));
  const missing = names
    .map((name, i) => ({ name, slug: slugs[i] as string }))
    .filter(({ name, slug }) => !byName.has(name.toLowerCase()) && !bySlug.has(slug));
  // Two new names of one slug ('Wild yeast', 'wild-yeast') become one tag.
  const toMake = [...new Map(missing.map((m) => [m.slug, m])).values()];
  await checkRoomForTags(tx, blogId, toMake.length);
  if (toMake.length > 0) {
    const made = await tx
      .insert(tags)
      .values(toMake.map(({ name, slug }) => ({ blogId, name, slug })))
      .returning({ id: tags.id, slug: tags.slug });
    for (const tag of made) bySlug.set(tag.slug, tag.id);
  }
  const ids = names.map(
    (name, i) => byName.get(name.toLowerCase()) ?? (bySlug.get(slugs[i] as string) as string),
  );
  // Two names may land on one tag ('Rye' and 'rye!'): it is kept once, where it came first.
  return [...new Set(ids)];
}
