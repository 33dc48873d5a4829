import { limits } from "../../../../contracts/limits.ts";
import type { ReviewReason } from "../../../../contracts/posts.ts";
import { excerptFromContent } from "../../../content/excerpt.ts";
import type { Queryable } from "../../../db/client.ts";
import { posts } from "../../../db/schema.ts";
import { checkRoomForPost } from "../post-checks.ts";
import type { PostRow } from "../post-rows.ts";
import { saveRevision } from "../revision-store.ts";
import { claimSlug, resolveSlug } from "../slugs.ts";

/**
 * A post written by content automation (inside the caller's transaction): slug from the title
 * like any post, under review for the owner. Automation publishes it with `publishPosts`, the
 * one way posts become public.
 */
export async function insertGeneratedPost(
  tx: Queryable,
  post: {
    /** The id chosen before the post was written (its AI usage is recorded under it). */
    id?: string;
    blogId: string;
    authorId: string;
    title: string;
    content: string;
    metaTitle: string;
    metaDescription: string;
    keywords: string[];
    source: "ai" | "offline";
    /** Why it was held for review (the publishing gate's failed checks); empty when none. */
    reviewReasons?: ReviewReason[];
    /** Under review (automation) unless said otherwise (the AI writer's new draft). */
    status?: "draft" | "under_review";
    categoryId?: string | null;
    featureImageId?: string | null;
    now: Date;
  },
): Promise<PostRow> {
  await checkRoomForPost(tx, post.blogId);
  const slug = await resolveSlug(tx, post.blogId, "", post.title, null);
  await claimSlug(tx, post.blogId, slug);
  const [row] = await tx
    .insert(posts)
    .values({
      ...(post.id ? { id: post.id } : {}),
      blogId: post.blogId,
      authorId: post.authorId,
      title: post.title.slice(0, limits.postTitle),
      content: post.content,
      excerpt: excerptFromContent(post.content),
      status: post.status ?? "under_review",
      ...((post.status ?? "under_review") === "under_review" ? { submittedAt: post.now } : {}),
      categoryId: post.categoryId ?? null,
      featureImageId: post.featureImageId ?? null,
      slug,
      metaTitle: post.metaTitle,
      metaDescription: post.metaDescription,
      keywords: post.keywords.slice(0, limits.keywords.maxItems),
      source: post.source,
      reviewReasons: post.reviewReasons?.length ? post.reviewReasons : null,
      // Automation's text is AI output as it stands (decision 057).
      aiText: post.content,
      aiAssisted: post.content.trim() !== "",
      createdAt: post.now,
      updatedAt: post.now,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  await saveRevision(tx, row, post.authorId, false, post.now, { newPost: true });
  return row;
}
