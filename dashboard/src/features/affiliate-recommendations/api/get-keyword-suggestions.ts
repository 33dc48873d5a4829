import type { KeywordSuggestions } from "@contracts/recommendations.ts";
import useSWR from "swr";
import { createFetcher } from "../../../lib/api-client.ts";

/**
 * `GET /api/affiliate-recommendations/{id}/keywords`: keywords for a link to an approved
 * program, best first, from the blog's published posts (decision 354).
 */
export const keywordSuggestionsKey = (recommendationId: string) =>
  `/api/affiliate-recommendations/${recommendationId}/keywords`;

export const getKeywordSuggestions = createFetcher<KeywordSuggestions>() as (
  key: string,
) => Promise<KeywordSuggestions>;

export function useKeywordSuggestions(recommendationId: string) {
  return useSWR<KeywordSuggestions>(keywordSuggestionsKey(recommendationId), getKeywordSuggestions);
}
