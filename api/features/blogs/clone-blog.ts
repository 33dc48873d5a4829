import { eq } from "drizzle-orm";
import type { CloneBlogInput } from "../../../contracts/blogs.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { automationSettings, categories, posts } from "../../db/schema.ts";
import { type BlogRow, createBlog, findOwnedBlog } from "./service.ts";

/**
 * A new blog made from one of the owner's blogs as a template (decision 142): its look
 * (colour, font, logo, AI note), time zone, category tree and automation settings (switched
 * off, so the new niche's topics are set before anything is written), and, if asked, its posts
 * as drafts. Addresses, domains, affiliate links and imports are not copied.
 */
export async function cloneBlog(
  db: Database,
  ownerId: string,
  sourceId: string,
  input: CloneBlogInput,
): Promise<BlogRow> {
  const source = await findOwnedBlog(db, ownerId, sourceId);
  return createBlog(
    db,
    ownerId,
    {
      name: input.name,
      description: input.description ?? source.description ?? undefined,
      timeZone: source.timeZone,
      template: {
        primaryColor: source.primaryColor,
        fontFamily: source.fontFamily,
        logoUrl: source.logoUrl,
        aiDisclosure: source.aiDisclosure,
      },
    },
    async (tx, blog) => {
      const tree = await tx.select().from(categories).where(eq(categories.blogId, source.id));
      const newIds = new Map<string, string>();
      // Parents first: a category's parent exists before it is inserted.
      const pending = [...tree];
      while (pending.length > 0) {
        const index = pending.findIndex((c) => !c.parentId || newIds.has(c.parentId));
        const category = pending.splice(index === -1 ? 0 : index, 1)[0];
        if (!category) break;
        const [row] = await tx
          .insert(categories)
          .values({
            blogId: blog.id,
            name: category.name,
            slug: category.slug,
            parentId: category.parentId ? (newIds.get(category.parentId) ?? null) : null,
          })
          .returning({ id: categories.id });
        if (row) newIds.set(category.id, row.id);
      }
      const automation = await first(
        tx.select().from(automationSettings).where(eq(automationSettings.blogId, source.id)),
      );
      if (automation) {
        await tx.insert(automationSettings).values({
          blogId: blog.id,
          enabled: false,
          niche: automation.niche,
          topics: automation.topics,
          postingFrequency: automation.postingFrequency,
          postsPerWeek: automation.postsPerWeek,
          autoPublish: automation.autoPublish,
        });
      }
      if (!input.includePosts) return;
      const all = await tx.select().from(posts).where(eq(posts.blogId, source.id));
      for (const post of all) {
        await tx.insert(posts).values({
          blogId: blog.id,
          authorId: post.authorId,
          categoryId: post.categoryId ? (newIds.get(post.categoryId) ?? null) : null,
          title: post.title,
          content: post.content,
          excerpt: post.excerpt,
          status: "draft",
          slug: post.slug,
          metaTitle: post.metaTitle,
          metaDescription: post.metaDescription,
          keywords: post.keywords,
          source: post.source,
          aiText: post.aiText,
          aiAssisted: post.aiAssisted,
        });
      }
    },
  );
}
