import type { AffiliateLinkClicks } from "@contracts/affiliate-links.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/** `GET /api/affiliate-links/{id}/clicks`: total, unique and per-day clicks of the last 30 days. */
export const affiliateLinkClicksKey = (linkId: string) => `/api/affiliate-links/${linkId}/clicks`;

export const getAffiliateLinkClicks = createFetcher<AffiliateLinkClicks>() as (
  key: string,
) => Promise<AffiliateLinkClicks>;

/** Asked for only while a link's stats are open (`linkId` null otherwise). */
export function useAffiliateLinkClicks(linkId: string | null | undefined) {
  return useSWR<AffiliateLinkClicks>(
    linkId ? affiliateLinkClicksKey(linkId) : null,
    getAffiliateLinkClicks,
  );
}
