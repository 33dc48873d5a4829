import type { SiteStatus } from "@contracts/blogs.ts";
import useSWR from "swr";
import { createFetcher } from "../api-client.ts";

export const siteStatusKey = (blogId: string) => `/api/blogs/${blogId}/site`;

export const getSiteStatus = createFetcher<SiteStatus>() as (key: string) => Promise<SiteStatus>;

/** `GET /api/blogs/{id}/site`, for My Blogs and Settings (one cache entry per blog); asked again every 2 s while a render is waiting or running, 5 s while it waits for a retry. */
export function useSiteStatus(blogId: string | undefined) {
  return useSWR<SiteStatus>(blogId ? siteStatusKey(blogId) : null, getSiteStatus, {
    refreshInterval: (status) =>
      status?.state === "queued" || status?.state === "rendering"
        ? 2000
        : status?.state === "retrying"
          ? 5000
          : 0,
  });
}
