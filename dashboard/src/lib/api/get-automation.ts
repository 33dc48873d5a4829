import type { AutomationSettings } from "@contracts/automation.ts";
import useSWR from "swr";
import { throwIfNotOk } from "../api-client.ts";

/** `GET /api/blogs/{blogId}/automation`: the blog's content automation settings. */
export const automationKey = (blogId: string) => `/api/blogs/${blogId}/automation`;

/** The settings, or null while none were saved (the API answers 404 until the first save). */
export async function getAutomation(key: string): Promise<AutomationSettings | null> {
  const res = await fetch(key, { credentials: "include" });
  if (res.status === 404) return null;
  await throwIfNotOk(res);
  return (await res.json()) as AutomationSettings;
}

/** Read by the Settings card (to edit) and the Performance screen (to report). */
export function useAutomation(blogId: string | null | undefined) {
  return useSWR<AutomationSettings | null>(blogId ? automationKey(blogId) : null, getAutomation);
}
