import type { PostRevisionSummary } from "@contracts/posts.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/** `GET /api/posts/{id}/revisions`: newest first, with time and author (decision 096). */
export const revisionsKey = (postId: string) =>
  `/api/posts/${encodeURIComponent(postId)}/revisions`;

export const getRevisions = createFetcher<PostRevisionSummary[]>() as (
  key: string,
) => Promise<PostRevisionSummary[]>;

/** Loaded while the revisions dialog is open. */
export function useRevisions(postId: string | null) {
  return useSWR<PostRevisionSummary[]>(postId ? revisionsKey(postId) : null, getRevisions);
}
