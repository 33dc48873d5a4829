import { type Post, untitledDraftTitle } from "@contracts/posts.ts";

/** The editor's form: a post's fields as the owner edits them. */
export type EditorFields = {
  title: string;
  content: string;
  excerpt: string;
  categoryId: string | null;
  featureImageId: string | null;
  metaTitle: string;
  metaDescription: string;
  keywords: string[];
  tags: string[];
  slug: string;
};

export function fieldsOf(post: Post | null): EditorFields {
  // A draft kept before it had a title shows as untitled, its slug still to follow the title.
  const untitled = post?.title === untitledDraftTitle;
  return {
    title: untitled ? "" : (post?.title ?? ""),
    content: post?.content ?? "",
    excerpt: post?.excerpt ?? "",
    categoryId: post?.categoryId ?? null,
    featureImageId: post?.featureImageId ?? null,
    metaTitle: post?.metaTitle ?? "",
    metaDescription: post?.metaDescription ?? "",
    keywords: post?.keywords ?? [],
    tags: post?.tags ?? [],
    slug: untitled ? "" : (post?.slug ?? ""),
  };
}

/** Where Preview opens: the live page of a published post, else the owner's preview. */
export function previewUrl(blogSlug: string, post: Pick<Post, "id" | "slug" | "status">): string {
  return post.status === "published"
    ? `/blog/${blogSlug}/post/${post.slug}`
    : `/blog/${blogSlug}/preview/${post.id}`;
}
