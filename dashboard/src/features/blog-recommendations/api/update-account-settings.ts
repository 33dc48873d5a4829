import { useState } from "react";
import { useSWRConfig } from "swr";
import { apiRequest } from "../../../lib/api-client.ts";
import { type AccountSettings, accountSettingsKey } from "./get-account-settings.ts";

/** `PATCH /api/account/settings` {maximumTrust}: answers the saved settings. */
export function updateAccountSettings(input: AccountSettings): Promise<AccountSettings> {
  return apiRequest<AccountSettings>("PATCH", accountSettingsKey, input);
}

/** Saves the settings; the switch shows the new value at once and goes back if the save fails. */
export function useUpdateAccountSettings() {
  const { mutate } = useSWRConfig();
  const [isSaving, setSaving] = useState(false);

  async function update(input: AccountSettings): Promise<AccountSettings> {
    setSaving(true);
    try {
      const saved = await mutate<AccountSettings>(
        accountSettingsKey,
        updateAccountSettings(input),
        {
          optimisticData: input,
          rollbackOnError: true,
          populateCache: true,
          revalidate: false,
        },
      );
      return saved ?? input;
    } finally {
      setSaving(false);
    }
  }

  return { updateAccountSettings: update, isSaving };
}
