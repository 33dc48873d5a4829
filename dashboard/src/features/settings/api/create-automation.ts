import type { AutomationInput, AutomationSettings } from "@contracts/automation.ts";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { automationKey } from "../../../lib/api/get-automation.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { blogJobsKey } from "./get-blog-jobs.ts";

/** `POST /api/blogs/{id}/automation`: the first save of a blog's automation settings. */
export function createAutomation(
  blogId: string,
  input: AutomationInput,
): Promise<AutomationSettings> {
  return apiRequest<AutomationSettings>("POST", `/api/blogs/${blogId}/automation`, input);
}

export function useCreateAutomation() {
  const { mutate } = useSWRConfig();
  const [isPending, setPending] = useState(false);
  async function create(blogId: string, input: AutomationInput): Promise<AutomationSettings> {
    setPending(true);
    try {
      const settings = await createAutomation(blogId, input);
      await mutate(automationKey(blogId), settings, { revalidate: false });
      // Its next run (and, switched on, its first post) shows in the blog's jobs.
      void mutate(blogJobsKey(blogId));
      return settings;
    } finally {
      setPending(false);
    }
  }
  return { createAutomation: create, isPending };
}
