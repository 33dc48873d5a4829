import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/** The owner's account-wide settings. */
export type AccountSettings = { maximumTrust: boolean };

/** `GET /api/account/settings`. */
export const accountSettingsKey = "/api/account/settings";

export const getAccountSettings = createFetcher<AccountSettings>() as (
  key: string,
) => Promise<AccountSettings>;

export function useAccountSettings() {
  return useSWR<AccountSettings>(accountSettingsKey, getAccountSettings);
}
