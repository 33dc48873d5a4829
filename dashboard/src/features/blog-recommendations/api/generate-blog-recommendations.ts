import type { BlogRecommendation } from "@contracts/recommendations.ts";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { apiRequest } from "../../../lib/api-client.ts";
import { blogRecommendationsKey } from "./get-blog-recommendations.ts";

/** `POST /api/blog-recommendations/generate`: new ideas now, beside the weekly job. */
export function generateBlogRecommendations(): Promise<BlogRecommendation[]> {
  return apiRequest<BlogRecommendation[]>("POST", "/api/blog-recommendations/generate");
}

/** Asks for new ideas, shows them at the top of the list at once, then refreshes the list. */
export function useGenerateBlogRecommendations() {
  const { mutate } = useSWRConfig();
  const [isGenerating, setGenerating] = useState(false);

  async function generate(): Promise<BlogRecommendation[]> {
    setGenerating(true);
    try {
      const fresh = await generateBlogRecommendations();
      await mutate<BlogRecommendation[]>(
        blogRecommendationsKey,
        (current) => [
          ...fresh,
          ...(current ?? []).filter((idea) => !fresh.some((f) => f.id === idea.id)),
        ],
        { revalidate: false },
      );
      void mutate(blogRecommendationsKey);
      return fresh;
    } finally {
      setGenerating(false);
    }
  }

  return { generate, isGenerating };
}
