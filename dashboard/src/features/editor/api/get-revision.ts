import type { PostRevision } from "@contracts/posts.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/** `GET /api/posts/{id}/revisions/{revisionId}`: one revision with its fields. */
export const revisionKey = (postId: string, revisionId: string) =>
  `/api/posts/${encodeURIComponent(postId)}/revisions/${encodeURIComponent(revisionId)}`;

export const getRevision = createFetcher<PostRevision>() as (key: string) => Promise<PostRevision>;

export function useRevision(postId: string, revisionId: string | null) {
  return useSWR<PostRevision>(revisionId ? revisionKey(postId, revisionId) : null, getRevision);
}
