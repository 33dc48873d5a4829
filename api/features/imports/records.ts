import { createAffiliateLinkInput } from "../../../contracts/affiliate-links.ts";
import { customizationInput, timeZone, updateBlogInput } from "../../../contracts/blogs.ts";
import { createCategoryInput } from "../../../contracts/categories.ts";
import { limits, maxAffiliateLinksPerBlog } from "../../../contracts/limits.ts";
import { postRecord } from "../../../contracts/posts.ts";
import { redirectRecord } from "../../../contracts/redirects.ts";
import { unicodeSlug } from "../../../contracts/slug.ts";
import { postTagNames } from "../../../contracts/tags.ts";
import { z } from "../../../contracts/zod.ts";
import type { ImportSource, SourceItem } from "./source.ts";

/** A record of the export that was not imported, and why (the report's `skipped`). */
export type RefusedRecord = { title: string; reason: string };

/** The issues of a failed parse in one sentence: "metaTitle: String must contain…; slug: …". */
function reasonOf(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.map(String).join(".");
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

const isoDate = z
  .string()
  .max(64)
  .refine((value) => !Number.isNaN(Date.parse(value)), "must be a date (ISO 8601)")
  .nullable();

/** What an item carries beyond the post's fields: dates, status and Blogfleet's own fields. */
const itemExtras = z.object({
  publishedAt: isoDate,
  modifiedAt: isoDate,
  scheduledAt: isoDate.optional(),
  createdAt: isoDate.optional(),
  status: z.enum(["published", "draft"]),
  keepStatus: z.enum(["draft", "under_review", "published"]).optional(),
  source: z.enum(["owner", "ai", "offline"]).optional(),
  aiAssisted: z.boolean().optional(),
  formerSlugs: z
    .array(
      z
        .string()
        .max(limits.postSlug)
        .refine((slug) => slug !== "" && unicodeSlug(slug) === slug, "must be a slug"),
    )
    .max(100)
    .optional(),
  featureImageHash: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .nullable()
    .optional(),
});

/** The item's post fields as the API would take them, or why they are refused. */
function checkItem(item: SourceItem): SourceItem {
  if (item.skipReason) return item;
  const post = postRecord.safeParse({
    title: item.title,
    content: item.html,
    excerpt: item.excerpt,
    metaTitle: item.metaTitle,
    metaDescription: item.metaDescription,
    keywords: item.keywords,
    slug: item.slug,
  });
  // Tags pass the API's checks one by one: a name the API would refuse is left off the post,
  // not the post left out; more than a post may carry are cut to the first ones.
  const tags = postTagNames.parse(
    (item.tags ?? [])
      .filter((name) => postTagNames.safeParse([name]).success)
      .slice(0, limits.tagsPerPost),
  );
  const extras = itemExtras.safeParse(item);
  if (!post.success || !extras.success) {
    const reasons = [post.error, extras.error].filter((e) => e !== undefined).map(reasonOf);
    return { ...item, skipReason: `it does not pass the API's checks (${reasons.join("; ")})` };
  }
  return {
    ...item,
    title: post.data.title,
    excerpt: post.data.excerpt ?? "",
    metaTitle: post.data.metaTitle ?? null,
    metaDescription: post.data.metaDescription ?? null,
    keywords: post.data.keywords ?? [],
    tags,
    slug: post.data.slug ?? "",
  };
}

const categoryRecord = createCategoryInput.pick({ name: true, slug: true });
const affiliateLinkRecord = createAffiliateLinkInput.pick({
  keyword: true,
  url: true,
  autoInsert: true,
});
const blogFields = {
  description: updateBlogInput.shape.description,
  timeZone,
  primaryColor: customizationInput.shape.primaryColor,
  fontFamily: customizationInput.shape.fontFamily,
  logoUrl: customizationInput.shape.logoUrl,
  aiDisclosure: customizationInput.shape.aiDisclosure,
} as const;

/**
 * Every record of a parsed export through the schemas the API uses (issue 29): posts, categories,
 * the blog's settings, affiliate links and redirects. What fails is left out and listed with the
 * reason, so an import never stores what the API would refuse; what passes comes back as the
 * API would store it (trimmed, normalized).
 */
export function checkRecords(source: ImportSource): ImportSource & { refused: RefusedRecord[] } {
  const refused: RefusedRecord[] = [];
  const categories = source.categories.flatMap((category) => {
    const parsed = categoryRecord.safeParse({
      name: category.name,
      slug: category.slug || category.name,
    });
    if (parsed.success) return [{ ...category, name: parsed.data.name, slug: parsed.data.slug }];
    refused.push({
      title: `Category ${String(category.name).slice(0, 100)}`,
      reason: reasonOf(parsed.error),
    });
    return [];
  });

  let blog = source.blog;
  if (blog) {
    const kept: Record<string, unknown> = { logoImage: blog.logoImage };
    for (const [field, schema] of Object.entries(blogFields)) {
      const value = (blog as Record<string, unknown>)[field];
      const parsed = (schema as z.ZodType).safeParse(value);
      if (parsed.success) kept[field] = parsed.data;
      else
        refused.push({
          title: `Blog setting ${field}`,
          reason: `${reasonOf(parsed.error)}; the blog keeps its own`,
        });
    }
    if (blog.logoImage != null && !/^[0-9a-f]{32}$/.test(String(blog.logoImage))) {
      kept.logoImage = null;
      refused.push({
        title: "Blog setting logoImage",
        reason: "it does not name an image of the export",
      });
    }
    blog = kept as typeof blog;
  }

  const affiliateLinks = (source.affiliateLinks ?? []).flatMap((link, index) => {
    const parsed = affiliateLinkRecord.safeParse(link);
    const title = `Affiliate link ${String(link?.keyword ?? "").slice(0, 100)}`;
    if (!parsed.success) {
      refused.push({ title, reason: reasonOf(parsed.error) });
      return [];
    }
    if (index >= maxAffiliateLinksPerBlog) {
      refused.push({
        title,
        reason: `a blog may have at most ${maxAffiliateLinksPerBlog} affiliate links`,
      });
      return [];
    }
    return [parsed.data];
  });

  const redirects = (source.redirects ?? []).flatMap((redirect) => {
    const parsed = redirectRecord.safeParse(redirect);
    if (parsed.success) return [parsed.data];
    refused.push({
      title: `Redirect ${String(redirect?.from ?? "").slice(0, 200)}`,
      reason: reasonOf(parsed.error),
    });
    return [];
  });

  return {
    ...source,
    categories,
    items: source.items.map(checkItem),
    ...(source.blog ? { blog } : {}),
    ...(source.affiliateLinks ? { affiliateLinks } : {}),
    ...(source.redirects ? { redirects } : {}),
    refused,
  };
}
