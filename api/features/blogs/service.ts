import { and, asc, count, eq, like } from "drizzle-orm";
import type {
  CreateBlogInput,
  CustomizationInput,
  UpdateBlogInput,
} from "../../../contracts/blogs.ts";
import { defaults, limits } from "../../../contracts/limits.ts";
import { slugify } from "../../../contracts/slug.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { blogs } from "../../db/schema.ts";
import { Conflict, NotFound } from "../../http/errors.ts";
import { checkedFeatureImageId } from "../media/image-checks.ts";
import { blogFor } from "../members/access.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { withOutbox } from "../publishing/outbox.ts";
import { recordSettingsChange } from "./settings-activity.ts";

export type BlogRow = typeof blogs.$inferSelect;

/**
 * The blog, for its owner: 404 for a person not on its team (exactly like a missing blog, so ids
 * cannot be probed), 403 for a member, whose role does not manage the blog (decision 366).
 * Routes that a member's role may use ask `blogFor` with their own capability instead.
 */
export async function findOwnedBlog(
  db: Queryable,
  userId: string,
  blogId: string,
): Promise<BlogRow> {
  return (await blogFor(db, userId, blogId, "blog.manage")).blog;
}

export function listBlogs(db: Database, ownerId: string): Promise<BlogRow[]> {
  return db
    .select()
    .from(blogs)
    .where(eq(blogs.ownerId, ownerId))
    .orderBy(asc(blogs.createdAt), asc(blogs.id));
}

/**
 * The owner's blog when they have exactly one, else undefined (none, or several: which one the
 * dashboard shows is its own choice). The dashboard's shell preloads its posts (decision 260).
 */
export async function onlyBlogId(db: Database, ownerId: string): Promise<string | undefined> {
  const [only, another] = await db
    .select({ id: blogs.id })
    .from(blogs)
    .where(eq(blogs.ownerId, ownerId))
    .limit(2);
  return another ? undefined : only?.id;
}

/** A slug free across all blogs (they share the `/blog/{slug}` namespace): `name`, `name-2`, … */
async function freeBlogSlug(db: Database, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ slug: blogs.slug })
        .from(blogs)
        .where(like(blogs.slug, `${base}%`))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export async function createBlog(
  db: Database,
  ownerId: string,
  input: CreateBlogInput & { template?: Partial<BlogRow> },
  /** More to write with the new blog, in its transaction (a clone's categories and posts). */
  fill?: (tx: Queryable, blog: BlogRow) => Promise<void>,
): Promise<BlogRow> {
  const base = slugify(input.name).slice(0, 60).replace(/-+$/, "") || "blog";
  // Two creations racing for one slug: the unique index refuses one, which retries.
  for (let attempt = 0; ; attempt++) {
    const slug = await freeBlogSlug(db, base);
    try {
      // Counted and inserted in one transaction (writes queue one at a time): two creations
      // at once cannot both take the last place.
      return await db.transaction(async (tx) => {
        const [owned] = await tx
          .select({ n: count() })
          .from(blogs)
          .where(eq(blogs.ownerId, ownerId));
        if ((owned?.n ?? 0) >= limits.blogsPerOwner) {
          throw Conflict(
            `You have reached the limit of ${limits.blogsPerOwner} blogs. Delete a blog you no longer need before creating another.`,
            "limit_reached",
          );
        }
        const [blog] = await tx
          .insert(blogs)
          .values({
            // The column's default is the old, lighter Burnt Orange (decision 354).
            primaryColor: defaults.primaryColor,
            ...input.template,
            ownerId,
            name: input.name,
            description: input.description || null,
            slug,
            ...(input.timeZone ? { timeZone: input.timeZone } : {}),
          })
          .returning();
        if (!blog) throw new Error("insert returned no row");
        await fill?.(tx, blog);
        return blog;
      });
    } catch (error) {
      if (attempt < 5 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** Colour, font and logo of the owner's blog; absent fields stay as they are. */
export async function customizeBlog(
  { db, contentEvents }: { db: Database; contentEvents: ContentEvents },
  ownerId: string,
  blogId: string,
  input: CustomizationInput,
): Promise<BlogRow> {
  await findOwnedBlog(db, ownerId, blogId);
  // A logo must be an image of this blog's library; anything else answers like a missing one
  // (checked before anything is written: a refused request changes nothing).
  if (input.logoMediaId) await checkedFeatureImageId(db, blogId, input.logoMediaId, "Logo image");
  const { reviewBeforePublishing, writersCanPublish, ...shown } = input;
  // The publishing workflow is the team's: no reader sees it, nothing re-renders.
  if (reviewBeforePublishing !== undefined || writersCanPublish !== undefined) {
    const workflow = { reviewBeforePublishing, writersCanPublish };
    await db.transaction(async (tx) => {
      await recordSettingsChange(tx, ownerId, blogId, workflow);
      await tx
        .update(blogs)
        .set(workflow)
        .where(and(eq(blogs.id, blogId), eq(blogs.ownerId, ownerId)));
    });
  }
  const changes = Object.fromEntries(
    Object.entries(shown).filter(([, value]) => value !== undefined),
  );
  if (Object.keys(changes).length === 0) return findOwnedBlog(db, ownerId, blogId);
  // Colour, font, logo and the AI note appear on every page.
  const blog = await updateBlogForFullRender(db, contentEvents, ownerId, blogId, changes);
  if (!blog) throw NotFound("Blog");
  return blog;
}

/**
 * Saves `changes` to the owner's blog and records a full render of it in the same transaction
 * (for what every page shows). Undefined when the owner has no such blog.
 */
export function updateBlogForFullRender(
  db: Database,
  contentEvents: ContentEvents,
  ownerId: string,
  blogId: string,
  changes: Partial<BlogRow>,
): Promise<BlogRow | undefined> {
  return withOutbox(db, contentEvents, async (tx, record) => {
    await recordSettingsChange(tx, ownerId, blogId, changes);
    const [row] = await tx
      .update(blogs)
      .set(changes)
      .where(and(eq(blogs.id, blogId), eq(blogs.ownerId, ownerId)))
      .returning();
    if (row) await record(row.id, { full: true });
    return row;
  });
}

/**
 * Name, description and time zone (at most 100 and 500 characters). The name, the description and the
 * dates show on every page, so a change renders the whole blog again.
 */
export async function updateBlog(
  { db, contentEvents }: { db: Database; contentEvents: ContentEvents },
  ownerId: string,
  blogId: string,
  input: UpdateBlogInput,
): Promise<BlogRow> {
  const before = await findOwnedBlog(db, ownerId, blogId);
  const changes: Partial<BlogRow> = {};
  if (input.name !== undefined && input.name !== before.name) changes.name = input.name;
  if (input.description !== undefined && (input.description || null) !== before.description)
    changes.description = input.description || null;
  if (input.timeZone !== undefined && input.timeZone !== before.timeZone)
    changes.timeZone = input.timeZone;
  if (Object.keys(changes).length === 0) return before;
  const blog = await updateBlogForFullRender(db, contentEvents, ownerId, blogId, changes);
  if (!blog) throw NotFound("Blog");
  return blog;
}
