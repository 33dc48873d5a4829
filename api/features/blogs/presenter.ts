import type { Blog } from "../../../contracts/blogs.ts";
import type { blogs } from "../../db/schema.ts";

export function presentBlog(row: typeof blogs.$inferSelect): Blog {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    slug: row.slug,
    subdomain: row.subdomain,
    customDomain: row.customDomain,
    domainVerified: row.domainVerified,
    primaryColor: row.primaryColor,
    fontFamily: row.fontFamily,
    logoUrl: row.logoUrl,
    createdAt: row.createdAt.toISOString(),
  };
}
