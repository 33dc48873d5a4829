import type { AnalyticsSettings, UpdateAnalyticsSettingsInput } from "@contracts/analytics.ts";
import { useSWRConfig } from "swr";
import { apiRequest } from "../../../lib/api-client.ts";
import { analyticsSettingsKey } from "./get-analytics-settings.ts";

/** `PATCH /api/blogs/{blogId}/analytics/settings`. */
export function updateAnalyticsSettings(blogId: string, input: UpdateAnalyticsSettingsInput) {
  return apiRequest<AnalyticsSettings>("PATCH", analyticsSettingsKey(blogId), input);
}

export function useUpdateAnalyticsSettings(blogId: string) {
  const { mutate } = useSWRConfig();
  return async (input: UpdateAnalyticsSettingsInput) => {
    const settings = await updateAnalyticsSettings(blogId, input);
    await mutate(analyticsSettingsKey(blogId), settings, { revalidate: false });
    return settings;
  };
}
