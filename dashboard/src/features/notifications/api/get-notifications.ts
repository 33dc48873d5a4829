import type { NotificationPage } from "@contracts/notifications.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/** `GET /api/notifications`: the signed-in person's newest notifications and unread count. */
export const notificationsKey = "/api/notifications";

export const getNotifications = createFetcher<NotificationPage>() as (
  key: string,
) => Promise<NotificationPage>;

/** How often the bell asks again while the dashboard is open (and whenever it gets focus). */
export const notificationsRefreshMs = 60_000;

/** The bell's data: read again on focus and every minute, unlike the rest of the dashboard. */
export function useNotifications() {
  return useSWR<NotificationPage>(notificationsKey, getNotifications, {
    revalidateOnFocus: true,
    refreshInterval: notificationsRefreshMs,
  });
}
