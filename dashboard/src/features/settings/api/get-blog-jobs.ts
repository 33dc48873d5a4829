import { type BlogJobs, hasWorkInProgress } from "@contracts/background-work.ts";
import useSWR from "swr";
import { createFetcher } from "@/lib/api-client.ts";

/** `GET /api/blogs/{blogId}/jobs`: the blog's render, imports and automation runs (decision 323). */
export const blogJobsKey = (blogId: string) => `/api/blogs/${blogId}/jobs`;

export const getBlogJobs = createFetcher<BlogJobs>() as (key: string) => Promise<BlogJobs>;

/**
 * Asked again while something waits or runs: every 2 s while a render or an import is under
 * way, every 5 s while a render waits for its retry or a post is due; never once all is done.
 */
export function useBlogJobs(blogId: string) {
  return useSWR<BlogJobs>(blogJobsKey(blogId), getBlogJobs, {
    refreshInterval: (jobs) => {
      if (!hasWorkInProgress(jobs)) return 0;
      const busy =
        jobs?.render.state === "queued" ||
        jobs?.render.state === "running" ||
        jobs?.imports.some((job) => job.status === "queued" || job.status === "running");
      return busy ? 2000 : 5000;
    },
  });
}
