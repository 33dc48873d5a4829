import type { Database } from "../../../db/client.ts";
import { postFor } from "../post-access.ts";
import { type AuthorRow, type PostWithAuthor, withAuthor } from "../post-rows.ts";

export async function getPost(
  db: Database,
  user: AuthorRow,
  postId: string,
): Promise<PostWithAuthor> {
  return withAuthor(db, (await postFor(db, user.id, postId, "read")).post, user);
}
