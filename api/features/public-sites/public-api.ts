import { and, desc, eq } from "drizzle-orm";
import { Router } from "express";
import { z } from "../../../contracts/zod.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogs, categories, posts } from "../../db/schema.ts";
import { HttpError } from "../../http/errors.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { presentPublicBlog } from "../publishing/snapshot.ts";
import { resolveBlogByHost } from "./hosts.ts";

const BlogNotFound = () => new HttpError(404, "blog_not_found", "Blog not found");
const PostNotFound = () => new HttpError(404, "post_not_found", "Post not found");

const slug = z.string().trim().min(1).max(200);
const blogQuery = z.object({ slug: slug.optional() });
const postQuery = z.object({ blogSlug: slug.optional() });
const slugParams = z.object({ slug });
const postParams = z.object({ postSlug: slug });

/**
 * The public JSON API (`/api/public/…`): published content only, no session needed. A blog
 * is named by slug, or (without one) by the Host the request came to.
 */
export function publicApiRoutes(
  db: Database,
  blogDomain: string,
  sanitize: (html: string) => string,
  reservedLabels: ReadonlySet<string> = new Set(),
): Router {
  const router = Router();

  const findBlog = async (slugValue: string | undefined, host: string | undefined) => {
    const blog = slugValue
      ? await first(db.select().from(blogs).where(eq(blogs.slug, slugValue)))
      : await resolveBlogByHost(db, blogDomain, host, reservedLabels);
    if (!blog) throw BlogNotFound();
    return blog;
  };

  const categoryOf = async (blogId: string) =>
    new Map(
      (
        await db
          .select({ id: categories.id, name: categories.name, slug: categories.slug })
          .from(categories)
          .where(eq(categories.blogId, blogId))
      ).map((c) => [c.id, c]),
    );

  router.get("/api/public/blog", async (req, res) => {
    res.json(presentPublicBlog(await findBlog(undefined, req.get("host"))));
  });

  router.get("/api/public/blog/:slug", validate({ params: slugParams }), async (_req, res) => {
    const { params } = inputOf<unknown, unknown, z.infer<typeof slugParams>>(res);
    res.json(presentPublicBlog(await findBlog(params.slug, undefined)));
  });

  router.get("/api/public/posts", validate({ query: blogQuery }), async (req, res) => {
    const { query } = inputOf<unknown, z.infer<typeof blogQuery>>(res);
    const blog = await findBlog(query.slug, req.get("host"));
    const byId = await categoryOf(blog.id);
    const rows = await db
      .select({
        id: posts.id,
        slug: posts.slug,
        title: posts.title,
        excerpt: posts.excerpt,
        publishedAt: posts.publishedAt,
        categoryId: posts.categoryId,
        keywords: posts.keywords,
      })
      .from(posts)
      .where(and(eq(posts.blogId, blog.id), eq(posts.status, "published")))
      .orderBy(desc(posts.publishedAt));
    res.json(
      rows.map(({ categoryId, ...post }) => ({
        ...post,
        publishedAt: post.publishedAt?.toISOString() ?? null,
        category: (categoryId && byId.get(categoryId)) || null,
      })),
    );
  });

  router.get(
    "/api/public/posts/:postSlug",
    validate({ params: postParams, query: postQuery }),
    async (req, res) => {
      const { params, query } = inputOf<
        unknown,
        z.infer<typeof postQuery>,
        z.infer<typeof postParams>
      >(res);
      const blog = await findBlog(query.blogSlug, req.get("host"));
      const post = await first(
        db
          .select()
          .from(posts)
          .where(
            and(
              eq(posts.blogId, blog.id),
              eq(posts.slug, params.postSlug),
              eq(posts.status, "published"),
            ),
          ),
      );
      if (!post) throw PostNotFound();
      const category = post.categoryId
        ? (await categoryOf(blog.id)).get(post.categoryId)
        : undefined;
      res.json({
        id: post.id,
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        content: sanitize(post.content),
        publishedAt: post.publishedAt?.toISOString() ?? null,
        category: category ?? null,
        keywords: post.keywords,
      });
    },
  );

  router.get("/api/public/categories", validate({ query: blogQuery }), async (req, res) => {
    const { query } = inputOf<unknown, z.infer<typeof blogQuery>>(res);
    const blog = await findBlog(query.slug, req.get("host"));
    res.json(
      [...(await categoryOf(blog.id)).values()].sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  return router;
}
