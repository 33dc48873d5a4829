import type { AiUsageReport } from "@contracts/ai-usage.ts";
import useSWR from "swr";
import { createFetcher } from "../api-client.ts";

/** `GET /api/ai/usage`: the owner's AI tokens today and over 30 days, against the allowance. */
export const aiUsageKey = "/api/ai/usage";

export const getAiUsage = createFetcher<AiUsageReport>() as (key: string) => Promise<AiUsageReport>;

/** Read by the Performance screen (usage) and the automation card (is a provider configured). */
export function useAiUsage() {
  return useSWR<AiUsageReport>(aiUsageKey, getAiUsage);
}
