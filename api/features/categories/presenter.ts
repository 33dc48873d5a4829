import type { Category } from "../../../contracts/categories.ts";
import type { CategoryWithCount } from "./service.ts";

export function presentCategory(row: CategoryWithCount): Category {
  return {
    id: row.id,
    blogId: row.blogId,
    name: row.name,
    slug: row.slug,
    parentId: row.parentId,
    postCount: row.postCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
