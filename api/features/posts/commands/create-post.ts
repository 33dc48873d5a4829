import type { CreatePostInput } from "../../../../contracts/posts.ts";
import { excerptFromContent } from "../../../content/excerpt.ts";
import { posts } from "../../../db/schema.ts";
import { ValidationFailed } from "../../../http/errors.ts";
import { checkedFeatureImageId } from "../../media/image-checks.ts";
import { setPostTags, tagNamesOf } from "../../tags/service.ts";
import { fingerprintOfContent, saveFingerprint } from "../fingerprints.ts";
import { blogForPosts } from "../post-access.ts";
import { checkedCategoryId, checkRoomForPost } from "../post-checks.ts";
import { recordPostActivity } from "../post-events.ts";
import type { AuthorRow, PostDeps, PostWithAuthor } from "../post-rows.ts";
import { saveRevision } from "../revision-store.ts";
import { claimSlug, resolveSlug, slugConflictOr } from "../slugs.ts";

export async function createPost(
  deps: PostDeps,
  author: AuthorRow,
  input: CreatePostInput,
): Promise<PostWithAuthor> {
  if (input.authorId !== undefined && input.authorId !== author.id) {
    // A post is written by the signed-in person (decision 101); the review queue keeps them.
    throw ValidationFailed([
      { path: "authorId", message: "The author must be you, the signed-in owner" },
    ]);
  }
  const content = input.content ?? "";
  // Off the event loop, before the write lock is taken.
  const fingerprint = await fingerprintOfContent(deps.cpu, content);
  try {
    const post = await deps.db.transaction(async (tx) => {
      const blogId = (await blogForPosts(tx, author.id, input.blogId)).blog.id;
      await checkRoomForPost(tx, blogId);
      const categoryId = await checkedCategoryId(tx, blogId, input.categoryId ?? null);
      const featureImageId = await checkedFeatureImageId(tx, blogId, input.featureImageId);
      const slug = await resolveSlug(tx, blogId, input.slug ?? "", input.title, null);
      await claimSlug(tx, blogId, slug);
      const [row] = await tx
        .insert(posts)
        .values({
          blogId,
          authorId: author.id,
          categoryId,
          featureImageId,
          title: input.title,
          content,
          excerpt: input.excerpt || excerptFromContent(content),
          status: "draft",
          slug,
          metaTitle: input.metaTitle ?? null,
          metaDescription: input.metaDescription ?? null,
          keywords: input.keywords ?? [],
          ...(input.generatedByAi && content ? { aiText: content, aiAssisted: true } : {}),
        })
        .returning();
      if (!row) throw new Error("insert returned no row");
      await saveFingerprint(tx, row, fingerprint);
      if (input.tags) await setPostTags(tx, blogId, row.id, input.tags);
      await saveRevision(tx, row, author.id, false, deps.clock(), { newPost: true });
      await recordPostActivity(tx, author.id, "post.created", row, undefined, deps.clock());
      return row;
    });
    // A new post is a draft: nothing readers see has changed.
    return { post, author, tags: (await tagNamesOf(deps.db, [post.id])).get(post.id) ?? [] };
  } catch (error) {
    throw slugConflictOr(error);
  }
}
