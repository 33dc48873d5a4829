import type { Post, PostAuthor, PostPage, PostSummary } from "../../../contracts/posts.ts";
import { displayNameOf } from "../../../contracts/users.ts";
import type { AuthorRow, PostList, PostPageRows, PostRow, PostSummaryRow } from "./post-rows.ts";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentAuthor(author: AuthorRow | undefined): PostAuthor | null {
  if (!author) return null;
  return { name: displayNameOf(author), avatarUrl: author.profileImageUrl };
}

/** Each author of a list presented once for the whole list. */
export function presentedAuthors(list: Pick<PostList<unknown>, "authors">) {
  const authors = new Map([...list.authors].map(([id, row]) => [id, presentAuthor(row)]));
  return (row: { authorId: string | null }) =>
    (row.authorId ? authors.get(row.authorId) : undefined) ?? null;
}

/**
 * What a post card needs; never the body, the SEO fields or internal columns (`source`).
 * The author comes presented, so a list of 10,000 posts by one owner presents them once.
 */
export function presentPostSummary(row: PostSummaryRow, author: PostAuthor | null): PostSummary {
  return {
    id: row.id,
    blogId: row.blogId,
    authorId: row.authorId,
    author,
    title: row.title,
    excerpt: row.excerpt,
    status: row.status,
    slug: row.slug,
    categoryId: row.categoryId,
    scheduledPublishAt: row.scheduledPublishAt,
    publishedAt: row.publishedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    reviewReasons: row.reviewReasons ?? [],
  };
}

/** The whole post for its owner; `content` exactly as written (sanitizing is for readers). */
export function presentPost(
  row: PostRow,
  author: AuthorRow | undefined,
  tags: readonly string[],
): Post {
  return {
    ...presentPostSummary(
      {
        ...row,
        scheduledPublishAt: iso(row.scheduledPublishAt),
        publishedAt: iso(row.publishedAt),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      },
      presentAuthor(author),
    ),
    content: row.content,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    keywords: row.keywords,
    tags: [...tags],
    aiAssisted: row.aiAssisted,
    version: row.version,
    featureImageId: row.featureImageId,
    submittedAt: iso(row.submittedAt),
    assigneeId: row.assigneeId,
    reviewedBy: row.reviewedBy,
  };
}

/** One page of All Posts: its cards, where the next starts, and the blog's counts. */
export function presentPostPage(
  page: PostPageRows,
  authorOf: (row: { authorId: string | null }) => PostAuthor | null,
): PostPage {
  return {
    posts: page.posts.map((row) => presentPostSummary(row, authorOf(row))),
    nextCursor: page.nextCursor,
    counts: page.counts,
    views: Object.fromEntries(page.views),
  };
}
