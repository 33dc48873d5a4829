import type { ThemeBlog, ThemePost } from "./site.ts";

/** A blog for the theme's and the pipeline's tests (what a snapshot holds), with `over` on top. */
export const testBlog = (over: Partial<ThemeBlog> = {}): ThemeBlog => ({
  id: "b",
  name: "Garden",
  description: "",
  slug: "garden",
  primaryColor: "#df7020",
  fontFamily: "Inter",
  logoUrl: null,
  author: { name: "Ada", slug: "ada", bio: null },
  aiDisclosure: false,
  ...over,
});

/**
 * A published post for the same tests: without an excerpt, body, category, keywords or SEO
 * fields, not AI-assisted, and updated when published, unless `post` says otherwise.
 */
export const testPost = (
  post: Pick<ThemePost, "id" | "slug" | "title" | "publishedAt"> & Partial<ThemePost>,
): ThemePost => ({
  excerpt: "",
  html: "",
  updatedAt: post.publishedAt,
  categoryId: null,
  keywords: [],
  metaTitle: null,
  metaDescription: null,
  aiAssisted: false,
  ...post,
});
