import type { PendingChanges } from "@contracts/posts.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/** `GET /api/posts/{id}/pending-changes`: a live post's saved edits not live yet (decision 096). */
export const pendingChangesKey = (id: string) =>
  `/api/posts/${encodeURIComponent(id)}/pending-changes`;

type Answer = { pendingChanges: PendingChanges | null };

export const getPendingChanges = createFetcher<Answer>() as (key: string) => Promise<Answer>;

/** Asked only for published posts; `undefined` while loading. */
export function usePendingChanges(id: string | null) {
  return useSWR<Answer>(id ? pendingChangesKey(id) : null, getPendingChanges, {
    revalidateOnFocus: false,
  });
}
