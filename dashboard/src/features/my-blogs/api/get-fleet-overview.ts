import type { FleetRow } from "@contracts/blogs.ts";
import useSWR from "swr";
import { createFetcher } from "@/lib/api-client.ts";

export const fleetOverviewKey = "/api/blogs/overview";

export const getFleetOverview = createFetcher<FleetRow[]>() as (key: string) => Promise<FleetRow[]>;

/** Every blog's health at a glance (My Blogs). */
export function useFleetOverview(enabled = true) {
  return useSWR<FleetRow[]>(enabled ? fleetOverviewKey : null, getFleetOverview);
}
