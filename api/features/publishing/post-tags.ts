import { and, asc, eq, inArray } from "drizzle-orm";
import type { ThemeTag } from "../../../site-builder/theme/lib/site.ts";
import type { Database } from "../../db/client.ts";
import { posts, postTags, tags } from "../../db/schema.ts";

/** Posts per query when they are named (bound parameters stay far below SQLite's limit). */
const idsPerQuery = 500;

type TagRow = { postId: string; name: string; slug: string };

/**
 * The tags of a snapshot's posts, each post's in the writer's order: every published post's
 * of the blog in one read, or those of the posts named (an incremental render's few).
 */
export async function loadPostTags(
  db: Database,
  blogId: string,
  postIds: "published" | readonly string[],
): Promise<Map<string, ThemeTag[]>> {
  const select = () =>
    db
      .select({ postId: postTags.postId, name: tags.name, slug: tags.slug })
      .from(postTags)
      .innerJoin(tags, eq(tags.id, postTags.tagId));
  const rows: TagRow[] = [];
  if (postIds === "published") {
    rows.push(
      ...(await select()
        .innerJoin(posts, eq(posts.id, postTags.postId))
        .where(and(eq(posts.blogId, blogId), eq(posts.status, "published")))
        .orderBy(asc(postTags.postId), asc(postTags.position))),
    );
  } else {
    for (let i = 0; i < postIds.length; i += idsPerQuery) {
      rows.push(
        ...(await select()
          .where(
            and(
              eq(tags.blogId, blogId),
              inArray(postTags.postId, postIds.slice(i, i + idsPerQuery)),
            ),
          )
          .orderBy(asc(postTags.postId), asc(postTags.position))),
      );
    }
  }
  const byPost = new Map<string, ThemeTag[]>();
  for (const { postId, name, slug } of rows) {
    const list = byPost.get(postId);
    if (list) list.push({ name, slug });
    else byPost.set(postId, [{ name, slug }]);
  }
  return byPost;
}
