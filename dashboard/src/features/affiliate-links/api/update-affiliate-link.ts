import type { AffiliateLink, UpdateAffiliateLinkInput } from "@contracts/affiliate-links.ts";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { affiliateLinksKey } from "../../../lib/api/get-affiliate-links.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** `PATCH /api/affiliate-links/{id}`: any of keyword, url, autoInsert (the switch sends only that). */
export function updateAffiliateLink(
  id: string,
  input: UpdateAffiliateLinkInput,
): Promise<AffiliateLink> {
  return apiRequest<AffiliateLink>("PATCH", `/api/affiliate-links/${id}`, input);
}

/**
 * Updates a link. The cached row shows the change at once (so a switch flips as it is
 * pressed), goes back if the call fails, and the list is then fetched again.
 */
export function useUpdateAffiliateLink(blogId: string) {
  const { mutate } = useSWRConfig();
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());
  async function update(id: string, input: UpdateAffiliateLinkInput): Promise<AffiliateLink> {
    setPendingIds((ids) => new Set(ids).add(id));
    let updated: AffiliateLink | undefined;
    try {
      await mutate<AffiliateLink[]>(
        affiliateLinksKey(blogId),
        async (current) => {
          updated = await updateAffiliateLink(id, input);
          return current;
        },
        {
          optimisticData: (current) =>
            (current ?? []).map((link) => (link.id === id ? { ...link, ...input } : link)),
          rollbackOnError: true,
          populateCache: false,
          revalidate: true,
        },
      );
      return updated as AffiliateLink;
    } finally {
      setPendingIds((ids) => {
        const next = new Set(ids);
        next.delete(id);
        return next;
      });
    }
  }
  return { updateAffiliateLink: update, pendingIds };
}
