import type { AutomationSettings } from "@contracts/automation.ts";
import useSWR from "swr";
import { throwIfNotOk } from "../api-client.ts";

/** `GET /api/blogs/{blogId}/automation`: the blog's content automation settings. */
export const automationKey = (blogId: string) => `/api/blogs/${blogId}/automation`;

/**
 * The settings, or null while none were saved: the API then answers the defaults marked
 * `configured: false` (decision 354), and the first save creates them.
 */
export async function getAutomation(key: string): Promise<AutomationSettings | null> {
  const res = await fetch(key, { credentials: "include" });
  await throwIfNotOk(res);
  const settings = (await res.json()) as AutomationSettings;
  return settings.configured ? settings : null;
}

/** Read by the Settings card (to edit) and the Performance screen (to report). */
export function useAutomation(blogId: string | null | undefined) {
  return useSWR<AutomationSettings | null>(blogId ? automationKey(blogId) : null, getAutomation);
}
