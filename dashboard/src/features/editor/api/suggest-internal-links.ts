import type {
  InternalLinkSuggestions,
  InternalLinkSuggestionsInput,
} from "@contracts/internal-links.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/**
 * `POST /api/blogs/{blogId}/internal-links/suggestions`: links from the text being written to
 * the blog's published posts, each on words of one section (decision 331). Asked for on
 * demand, never cached: the answer is for the text as it is now.
 */
export function suggestInternalLinks(
  blogId: string,
  input: InternalLinkSuggestionsInput,
): Promise<InternalLinkSuggestions> {
  return apiRequest<InternalLinkSuggestions>(
    "POST",
    `/api/blogs/${encodeURIComponent(blogId)}/internal-links/suggestions`,
    input,
  );
}
