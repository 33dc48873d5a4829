import type { AnalyticsRange, BlogAnalytics } from "@contracts/analytics.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/** `GET /api/blogs/{blogId}/analytics?range=`: the blog's readers, clicks and revenue. */
export const blogAnalyticsKey = (blogId: string, range: AnalyticsRange) =>
  `/api/blogs/${blogId}/analytics?range=${range}`;

export const getBlogAnalytics = createFetcher<BlogAnalytics>() as (
  key: string,
) => Promise<BlogAnalytics>;

export function useBlogAnalytics(blogId: string | null | undefined, range: AnalyticsRange) {
  return useSWR<BlogAnalytics>(blogId ? blogAnalyticsKey(blogId, range) : null, getBlogAnalytics);
}
