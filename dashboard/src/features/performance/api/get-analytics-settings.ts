import type { AnalyticsSettings } from "@contracts/analytics.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/** `GET /api/blogs/{blogId}/analytics/settings`: counting on or off, DNT, retention. */
export const analyticsSettingsKey = (blogId: string) => `/api/blogs/${blogId}/analytics/settings`;

export const getAnalyticsSettings = createFetcher<AnalyticsSettings>() as (
  key: string,
) => Promise<AnalyticsSettings>;

export function useAnalyticsSettings(blogId: string | null | undefined) {
  return useSWR<AnalyticsSettings>(
    blogId ? analyticsSettingsKey(blogId) : null,
    getAnalyticsSettings,
  );
}
