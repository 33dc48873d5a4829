import type { ActivityAction, ActivityPage } from "@contracts/activity.ts";
import useSWRInfinite from "swr/infinite";
import { createFetcher } from "../../../lib/api-client.ts";

export type ActivityFilter = { action: ActivityAction | "all"; actorId: string | "all" };

/** Rows per page of the Activity screen. */
export const activityPageSize = 50;

/**
 * `GET /api/blogs/{blogId}/activity?action=…&actorId=…&before=…`: one page of the blog's log,
 * newest first (decision 369).
 */
export function activityKey(blogId: string, filter: ActivityFilter, before?: string): string {
  const params = new URLSearchParams({ limit: String(activityPageSize) });
  if (filter.action !== "all") params.set("action", filter.action);
  if (filter.actorId !== "all") params.set("actorId", filter.actorId);
  if (before) params.set("before", before);
  return `/api/blogs/${blogId}/activity?${params}`;
}

export const getActivity = createFetcher<ActivityPage>() as (key: string) => Promise<ActivityPage>;

/** The Activity screen: older pages loaded one after another ("Show older"). */
export function useActivityPages(blogId: string, filter: ActivityFilter) {
  return useSWRInfinite<ActivityPage>(
    (index, previous: ActivityPage | null) => {
      if (index === 0) return activityKey(blogId, filter);
      return previous?.nextCursor ? activityKey(blogId, filter, previous.nextCursor) : null;
    },
    getActivity,
    // Older pages do not change the newest: asking for one does not read the first again.
    { keepPreviousData: true, revalidateFirstPage: false },
  );
}
