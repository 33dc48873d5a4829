import type { BlogRecommendation } from "@contracts/recommendations.ts";
import { useSWRConfig } from "swr";
import { apiRequest } from "../../../lib/api-client.ts";
import { blogRecommendationsKey } from "./get-blog-recommendations.ts";

/** `POST /api/blog-recommendations/{id}/reject`: only a pending idea can be rejected (409). */
export function rejectBlogRecommendation(id: string): Promise<BlogRecommendation> {
  return apiRequest<BlogRecommendation>(
    "POST",
    `/api/blog-recommendations/${encodeURIComponent(id)}/reject`,
  );
}

/** Rejects an idea, moves it to the rejected group at once, then refreshes the list. */
export function useRejectBlogRecommendation() {
  const { mutate } = useSWRConfig();

  return async function reject(id: string): Promise<BlogRecommendation> {
    try {
      const rejected = await rejectBlogRecommendation(id);
      await mutate<BlogRecommendation[]>(
        blogRecommendationsKey,
        (current) => current?.map((idea) => (idea.id === id ? rejected : idea)),
        { revalidate: false },
      );
      return rejected;
    } finally {
      void mutate(blogRecommendationsKey);
    }
  };
}
