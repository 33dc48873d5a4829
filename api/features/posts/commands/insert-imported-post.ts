import { eq } from "drizzle-orm";
import { limits } from "../../../../contracts/limits.ts";
import { excerptFromContent } from "../../../content/excerpt.ts";
import type { Queryable } from "../../../db/client.ts";
import { postSlugHistory, posts } from "../../../db/schema.ts";
import type { RecordChange } from "../../publishing/outbox.ts";
import { setPostTags } from "../../tags/service.ts";
import { checkRoomForPost } from "../post-checks.ts";
import type { PostRow } from "../post-rows.ts";
import { claimSlug, resolveSlug } from "../slugs.ts";
import { publishPosts } from "./publish-posts.ts";

/**
 * A post brought in by an import (inside the caller's outbox transaction): the source's slug
 * when it is free in the blog, else the first free `-2`, `-3`… of it (former slugs of other
 * posts skipped). A published post is written as a draft with its original date and then
 * published through `publishPosts`, the one way posts become public; its former slugs
 * (`formerSlugs`) answer 301 like any renamed post's.
 */
export async function insertImportedPost(
  tx: Queryable,
  record: RecordChange,
  post: {
    blogId: string;
    authorId: string;
    categoryId: string | null;
    title: string;
    content: string;
    excerpt: string;
    slug: string;
    status: "published" | "draft";
    publishedAt: Date | null;
    scheduledPublishAt: Date | null;
    createdAt: Date;
    updatedAt: Date;
    metaTitle: string | null;
    metaDescription: string | null;
    keywords: string[];
    /** Tag names, checked by the contract; missing tags of the blog are made. */
    tags?: string[];
    source?: PostRow["source"];
    aiText?: string | null;
    aiAssisted?: boolean;
    formerSlugs?: string[];
    /** An image of the blog's own library (the importer looked it up there). */
    featureImageId?: string | null;
  },
  now: Date,
): Promise<PostRow> {
  await checkRoomForPost(tx, post.blogId);
  const slug = await resolveSlug(tx, post.blogId, "", post.slug || post.title, null);
  await claimSlug(tx, post.blogId, slug);
  const [row] = await tx
    .insert(posts)
    .values({
      blogId: post.blogId,
      authorId: post.authorId,
      categoryId: post.categoryId,
      title: post.title.slice(0, limits.postTitle),
      content: post.content,
      featureImageId: post.featureImageId ?? null,
      excerpt: (post.excerpt || excerptFromContent(post.content)).slice(0, limits.postExcerpt),
      status: "draft",
      slug,
      metaTitle: post.metaTitle?.slice(0, limits.metaTitle) || null,
      metaDescription: post.metaDescription?.slice(0, limits.metaDescription) || null,
      keywords: post.keywords
        .map((k) => k.trim().slice(0, limits.keywords.maxLength))
        .filter(Boolean)
        .slice(0, limits.keywords.maxItems),
      scheduledPublishAt: post.status === "published" ? null : post.scheduledPublishAt,
      publishedAt: post.publishedAt,
      source: post.source ?? "owner",
      aiText: post.aiText ?? null,
      aiAssisted: post.aiAssisted ?? false,
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  if (post.tags?.length) await setPostTags(tx, post.blogId, row.id, post.tags);
  for (const former of post.formerSlugs ?? []) {
    if (former === slug) continue;
    await tx
      .insert(postSlugHistory)
      .values({ blogId: post.blogId, postId: row.id, slug: former })
      .onConflictDoNothing();
  }
  if (post.status !== "published") return row;
  const [published] = await publishPosts(tx, record, [row.id], now);
  // Publishing is an update: the source's modification date is put back.
  const [kept] = await tx
    .update(posts)
    .set({ updatedAt: post.updatedAt })
    .where(eq(posts.id, row.id))
    .returning();
  return kept ?? published ?? row;
}
