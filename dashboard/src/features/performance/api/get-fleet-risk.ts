import type { FleetRisk } from "@contracts/fleet.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/** `GET /api/fleet/risk`: velocity, unedited AI text, review and near-duplicates per blog. */
export const fleetRiskKey = "/api/fleet/risk";

export const getFleetRisk = createFetcher<FleetRisk>() as (key: string) => Promise<FleetRisk>;

export function useFleetRisk() {
  return useSWR<FleetRisk>(fleetRiskKey, getFleetRisk);
}
