import type { FleetLinkList } from "@contracts/link-health.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/** `GET /api/link-health`: the owner's broken and redirected links, with where they are used. */
export const fleetLinksKey = "/api/link-health";

export const getFleetLinks = createFetcher<FleetLinkList>() as (
  key: string,
) => Promise<FleetLinkList>;

export function useFleetLinks() {
  return useSWR<FleetLinkList>(fleetLinksKey, getFleetLinks);
}
