import type { Database } from "../../../db/client.ts";
import { type AuthorRow, findOwnedPost, type PostWithAuthor, withAuthor } from "../post-rows.ts";

export async function getPost(
  db: Database,
  owner: AuthorRow,
  postId: string,
): Promise<PostWithAuthor> {
  return withAuthor(db, await findOwnedPost(db, owner.id, postId), owner);
}
