import { eq } from "drizzle-orm";
import { can } from "../../../contracts/roles.ts";
import type { Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogMembers, blogs, posts } from "../../db/schema.ts";
import { NotFound } from "../../http/errors.ts";
import {
  accessOf,
  type BlogAccess,
  blogFor,
  membershipOf,
  requireCapability,
  roleForbidden,
} from "../members/access.ts";
import type { PostRow } from "./post-rows.ts";

/*
 * Who may do what with a post (decision 367). Owners and editors reach every post of the blog;
 * writers and contributors only their own (`posts.author_id`): someone else's post answers them
 * exactly like a missing one, as it is missing from their list.
 */

/**
 * What is done to a post:
 * - `read`: see it, its revisions and pending changes;
 * - `draft`: change what readers do not see: edit an unpublished post, keep pending changes of
 *   a published one, submit it for review. A contributor does this to drafts only;
 * - `publish`: change what readers see: publish, unpublish, schedule, update a published post,
 *   delete a published post;
 * - `change`: edit or delete the post as it stands: `publish` when it is live, else `draft`.
 */
export type PostAction = "read" | "draft" | "publish" | "change";

export type PostAccess = BlogAccess & { post: PostRow };

/** The author whose posts the person sees on the blog: undefined when they see every post. */
export const ownPostsOf = (access: BlogAccess, userId: string): string | undefined =>
  can(access.role, "posts.all") ? undefined : userId;

/** The blog's posts as the person may list them: the access, and whose posts they see. */
export async function blogForPosts(
  db: Queryable,
  userId: string,
  blogId: string,
): Promise<BlogAccess & { authorId: string | undefined }> {
  const access = await blogFor(db, userId, blogId, "posts.write");
  return { ...access, authorId: ownPostsOf(access, userId) };
}

/** Refuses (403) `action` on a post the person can read (`postFor(…, "read")`). */
export function requirePostAction(access: PostAccess, userId: string, action: PostAction): void {
  const { post, blog, role } = access;
  const live = post.status === "published";
  const step = action === "change" ? (live ? "publish" : "draft") : action;
  if (step === "read") return;
  if (step === "draft" && role === "contributor" && post.status !== "draft") {
    throw roleForbidden(access);
  }
  if (step === "publish") {
    requireCapability(access, "posts.publish", {
      writersCanPublish: blog.writersCanPublish,
      ownPost: post.authorId === userId,
    });
  }
}

/**
 * The post with the person's access to its blog, one query: 404 when it is missing, its blog
 * is not the person's, or it is someone else's post and the role sees only its own; 403 when
 * the role may not do `action`.
 */
export async function postFor(
  db: Queryable,
  userId: string,
  postId: string,
  action: PostAction,
): Promise<PostAccess> {
  const row = await first(
    db
      .select({ post: posts, blog: blogs, memberRole: blogMembers.role })
      .from(posts)
      .innerJoin(blogs, eq(blogs.id, posts.blogId))
      .leftJoin(blogMembers, membershipOf(userId))
      .where(eq(posts.id, postId)),
  );
  const blogAccess = row && accessOf(row.blog, userId, row.memberRole);
  const author = blogAccess && ownPostsOf(blogAccess, userId);
  if (!row || !blogAccess || (author !== undefined && row.post.authorId !== author)) {
    throw NotFound("Post");
  }
  const access = { ...blogAccess, post: row.post };
  requireCapability(access, "posts.write");
  requirePostAction(access, userId, action);
  return access;
}
