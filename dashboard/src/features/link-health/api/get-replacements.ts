import type { LinkReplacement } from "@contracts/link-health.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/** `GET /api/link-health/replacements`: the owner's last replacements, newest first. */
export const replacementsKey = "/api/link-health/replacements";

export const getReplacements = createFetcher<LinkReplacement[]>() as (
  key: string,
) => Promise<LinkReplacement[]>;

export function useReplacements() {
  return useSWR<LinkReplacement[]>(replacementsKey, getReplacements);
}
