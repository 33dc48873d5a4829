import { eq } from "drizzle-orm";
import {
  defaultPostSort,
  type PostsPreferences,
  type PostsPreferencesInput,
  postSort,
} from "../../../contracts/post-list.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { users } from "../../db/schema.ts";
import { NotFound } from "../../http/errors.ts";

/** The stored row as the API answers it; a sort no longer offered reads as the default. */
export function presentPostsPreferences(row: {
  postsView: "cards" | "list";
  postsSort: string;
}): PostsPreferences {
  const sort = postSort.safeParse(row.postsSort);
  return { postsView: row.postsView, postsSort: sort.success ? sort.data : defaultPostSort };
}

const columns = { postsView: users.postsView, postsSort: users.postsSort };

/** How the person left All Posts (view and sort), kept on their account, not in one browser. */
export async function getPostsPreferences(db: Database, userId: string): Promise<PostsPreferences> {
  const row = await first(db.select(columns).from(users).where(eq(users.id, userId)));
  if (!row) throw NotFound("User");
  return presentPostsPreferences(row);
}

/** Sets the fields sent; absent ones stay. Nothing readers see depends on them. */
export async function updatePostsPreferences(
  db: Database,
  userId: string,
  input: PostsPreferencesInput,
): Promise<PostsPreferences> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.postsView !== undefined) changes.postsView = input.postsView;
  if (input.postsSort !== undefined) changes.postsSort = input.postsSort;
  if (Object.keys(changes).length === 0) return getPostsPreferences(db, userId);
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning(columns);
  if (!row) throw NotFound("User");
  return presentPostsPreferences(row);
}
