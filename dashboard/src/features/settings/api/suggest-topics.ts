import type { TopicSuggestions } from "@contracts/automation.ts";
import { useState } from "react";
import { apiRequest } from "../../../lib/api-client.ts";

/** `POST /api/blogs/{id}/automation/topic-suggestions`: new topics for the owner to accept. */
export function suggestTopics(blogId: string): Promise<TopicSuggestions> {
  return apiRequest<TopicSuggestions>("POST", `/api/blogs/${blogId}/automation/topic-suggestions`);
}

/** A model call each time (nothing is cached): the owner asks again for other topics. */
export function useSuggestTopics() {
  const [isPending, setPending] = useState(false);
  async function suggest(blogId: string): Promise<TopicSuggestions> {
    setPending(true);
    try {
      return await suggestTopics(blogId);
    } finally {
      setPending(false);
    }
  }
  return { suggestTopics: suggest, isPending };
}
