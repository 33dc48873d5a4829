import type { AnalyticsRange, FleetAnalytics } from "@contracts/analytics.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/** `GET /api/analytics/fleet?range=`: every blog of the owner side by side. */
export const fleetAnalyticsKey = (range: AnalyticsRange) => `/api/analytics/fleet?range=${range}`;

export const getFleetAnalytics = createFetcher<FleetAnalytics>() as (
  key: string,
) => Promise<FleetAnalytics>;

export function useFleetAnalytics(range: AnalyticsRange) {
  return useSWR<FleetAnalytics>(fleetAnalyticsKey(range), getFleetAnalytics);
}
