import type { Blog } from "@contracts/blogs.ts";
import type { BlogRecommendation } from "@contracts/recommendations.ts";
import { useSWRConfig } from "swr";
import { blogsKey } from "../../../lib/api/get-blogs.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { blogRecommendationsKey } from "./get-blog-recommendations.ts";

export type ApprovedBlogRecommendation = { recommendation: BlogRecommendation; blog: Blog };

/**
 * `POST /api/blog-recommendations/{id}/approve`: creates the blog the idea describes (automation
 * on with its niche and topics) and answers the decided idea with the new blog.
 */
export function approveBlogRecommendation(id: string): Promise<ApprovedBlogRecommendation> {
  return apiRequest<ApprovedBlogRecommendation>(
    "POST",
    `/api/blog-recommendations/${encodeURIComponent(id)}/approve`,
  );
}

/**
 * Approves an idea. The new blog goes into the cached blog list at once (so the header switcher
 * shows it and it can be selected right away) and the idea moves to the approved group; both
 * lists are then fetched again. A failure refreshes the ideas, as another tab (or the weekly
 * job) may have decided this one already.
 */
export function useApproveBlogRecommendation() {
  const { mutate } = useSWRConfig();

  return async function approve(id: string): Promise<ApprovedBlogRecommendation> {
    let result: ApprovedBlogRecommendation;
    try {
      result = await approveBlogRecommendation(id);
    } catch (error) {
      void mutate(blogRecommendationsKey);
      throw error;
    }
    const { recommendation, blog } = result;
    await mutate<Blog[]>(
      blogsKey,
      (current) => [...(current ?? []).filter((b) => b.id !== blog.id), blog],
      { revalidate: false },
    );
    await mutate<BlogRecommendation[]>(
      blogRecommendationsKey,
      (current) => current?.map((idea) => (idea.id === id ? recommendation : idea)),
      { revalidate: false },
    );
    void mutate(blogsKey);
    void mutate(blogRecommendationsKey);
    return result;
  };
}
