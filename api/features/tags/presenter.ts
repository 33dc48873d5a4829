import type { Tag } from "../../../contracts/tags.ts";
import type { TagWithCount } from "./service.ts";

export function presentTag(row: TagWithCount): Tag {
  return {
    id: row.id,
    blogId: row.blogId,
    name: row.name,
    slug: row.slug,
    postCount: row.postCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
