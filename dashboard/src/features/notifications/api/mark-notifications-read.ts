import type { MarkNotificationsReadInput } from "@contracts/notifications.ts";
import { useCallback } from "react";
import { useSWRConfig } from "swr";
import { apiRequest } from "../../../lib/api-client.ts";
import { notificationsKey } from "./get-notifications.ts";

/** `POST /api/notifications/read` (some ids, or all); the bell then reads its list again. */
export function useMarkNotificationsRead() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: MarkNotificationsReadInput) => {
      await apiRequest<{ unread: number }>("POST", "/api/notifications/read", input);
      await mutate(notificationsKey);
    },
    [mutate],
  );
}
