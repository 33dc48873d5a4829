import { and, count, eq } from "drizzle-orm";
import { limits } from "../../../contracts/limits.ts";
import {
  unfinishedOutlineMessage,
  unfinishedSections,
} from "../../../contracts/offline-outline.ts";
import type { Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { categories, posts } from "../../db/schema.ts";
import { Conflict, HttpError, NotFound } from "../../http/errors.ts";

/* Checks a post's write makes inside its transaction, shared by the commands. */

/** A category of the same blog, or 404 exactly like a missing one. */
export async function checkedCategoryId(
  tx: Queryable,
  blogId: string,
  categoryId: string | null,
): Promise<string | null> {
  if (categoryId === null) return null;
  const found = await first(
    tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, categoryId), eq(categories.blogId, blogId))),
  );
  if (!found) throw NotFound("Category");
  return found.id;
}

/** A blog holds `limits.postsPerBlog` posts at most, whatever their status (409 past it). */
export async function checkRoomForPost(tx: Queryable, blogId: string): Promise<void> {
  const [held] = await tx.select({ n: count() }).from(posts).where(eq(posts.blogId, blogId));
  if ((held?.n ?? 0) >= limits.postsPerBlog) {
    throw Conflict(
      `This blog has reached the limit of ${limits.postsPerBlog.toLocaleString("en-US")} posts. Delete posts you no longer need before adding more.`,
      "limit_reached",
    );
  }
}

/**
 * Readers never get an offline outline's instructions: publishing (now or by schedule) is
 * refused while a section still holds one, naming the sections to finish.
 */
export function refuseUnfinishedOutline(content: string): void {
  const sections = unfinishedSections(content);
  if (sections.length === 0) return;
  throw new HttpError(
    409,
    "outline_unfinished",
    unfinishedOutlineMessage(sections),
    sections.map((section) => ({
      path: "content",
      message: `${section} still holds the offline writer's instructions`,
    })),
  );
}
