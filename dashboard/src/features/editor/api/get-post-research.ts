import type { PostSource } from "@contracts/generation.ts";
import type { Citation, SourceFailure } from "@contracts/research.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

export type PostResearch = {
  sources: PostSource[];
  citations: Citation[];
  failures: SourceFailure[];
};

/** `GET /api/posts/{id}/research`: the sources the AI writer wrote the post from, and its claims. */
export const postResearchKey = (postId: string) =>
  `/api/posts/${encodeURIComponent(postId)}/research`;

export const getPostResearch = createFetcher<PostResearch>() as (
  key: string,
) => Promise<PostResearch>;

export function usePostResearch(postId: string | null) {
  return useSWR<PostResearch>(postId ? postResearchKey(postId) : null, getPostResearch);
}
