import { useState } from "react";
import { useSWRConfig } from "swr";
import { affiliateLinksKey } from "../../../lib/api/get-affiliate-links.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { affiliateLinkClicksKey } from "./get-affiliate-link-clicks.ts";

/** `DELETE /api/affiliate-links/{id}` (204). */
export function deleteAffiliateLink(id: string): Promise<void> {
  return apiRequest<void>("DELETE", `/api/affiliate-links/${id}`);
}

export function useDeleteAffiliateLink(blogId: string) {
  const { mutate } = useSWRConfig();
  const [isPending, setPending] = useState(false);
  async function remove(id: string): Promise<void> {
    setPending(true);
    try {
      await deleteAffiliateLink(id);
      // The stats of a deleted link are gone: drop them without asking the server again.
      await Promise.all([
        mutate(affiliateLinksKey(blogId)),
        mutate(affiliateLinkClicksKey(id), undefined, { revalidate: false }),
      ]);
    } finally {
      setPending(false);
    }
  }
  return { deleteAffiliateLink: remove, isPending };
}
