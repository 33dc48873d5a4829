import type { LinkReplacement, ReplaceLinkInput } from "@contracts/link-health.ts";
import { useSWRConfig } from "swr";
import { apiRequest } from "../../../lib/api-client.ts";
import { fleetLinksKey } from "./get-fleet-links.ts";
import { replacementsKey } from "./get-replacements.ts";

/** `POST /api/link-health/replacements` (201): 'Replace everywhere'. */
export function replaceLink(input: ReplaceLinkInput): Promise<LinkReplacement> {
  return apiRequest<LinkReplacement>("POST", "/api/link-health/replacements", input);
}

/** `POST /api/link-health/replacements/{id}/undo`: puts back what the replacement changed. */
export function undoReplacement(id: string): Promise<LinkReplacement> {
  return apiRequest<LinkReplacement>("POST", `/api/link-health/replacements/${id}/undo`);
}

/** Both calls, revalidating the fleet's links and the replacements afterwards. */
export function useLinkReplacements() {
  const { mutate } = useSWRConfig();
  const refresh = () => Promise.all([mutate(fleetLinksKey), mutate(replacementsKey)]);
  return {
    replace: async (input: ReplaceLinkInput) => {
      const done = await replaceLink(input);
      await refresh();
      return done;
    },
    undo: async (id: string) => {
      const done = await undoReplacement(id);
      await refresh();
      return done;
    },
  };
}
