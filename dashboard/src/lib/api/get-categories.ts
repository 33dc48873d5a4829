import type { Category } from "@contracts/categories.ts";
import useSWR from "swr";
import { createFetcher } from "../api-client.ts";

/** `GET /api/blogs/{blogId}/categories`: flat, by name; the tree comes from `parentId`. */
export const categoriesKey = (blogId: string) => `/api/blogs/${blogId}/categories`;

export const getCategories = createFetcher<Category[]>() as (key: string) => Promise<Category[]>;

/** Used by cards (category names), the editor's selector and the Categories screen. */
export function useCategories(blogId: string | null | undefined) {
  return useSWR<Category[]>(blogId ? categoriesKey(blogId) : null, getCategories);
}
