import type { SWRConfiguration } from "swr";
import { defaultFetcher } from "./api-client.ts";

/**
 * Data is read once and never refetched on its own (no focus or reconnect
 * refetch, never stale), and failed calls are not retried. Mutations refresh what they touch.
 */
export const swrConfig: SWRConfiguration = {
  fetcher: defaultFetcher,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
  shouldRetryOnError: false,
  errorRetryCount: 0,
  // Keys are deduplicated only while a request is in flight; an explicit refresh always runs.
  dedupingInterval: 0,
  keepPreviousData: false,
};
