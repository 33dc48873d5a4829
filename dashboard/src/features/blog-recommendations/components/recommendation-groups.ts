import type { BlogRecommendation } from "@contracts/recommendations.ts";

export type RecommendationGroups = {
  pending: BlogRecommendation[];
  approved: BlogRecommendation[];
  rejected: BlogRecommendation[];
};

const newestFirst = (a: BlogRecommendation, b: BlogRecommendation) =>
  b.createdAt.localeCompare(a.createdAt);

/** Pending, approved and rejected ideas, each group newest first. */
export function groupRecommendations(ideas: readonly BlogRecommendation[]): RecommendationGroups {
  const groups: RecommendationGroups = { pending: [], approved: [], rejected: [] };
  for (const idea of [...ideas].sort(newestFirst)) groups[idea.status].push(idea);
  return groups;
}

/** Approved cards show at most this many topics, then '+N more'. */
export const approvedTopicLimit = 4;

/** The topics a card shows and how many it leaves out. */
export function topicPreview(
  topics: readonly string[],
  limit = approvedTopicLimit,
): { shown: string[]; hiddenCount: number } {
  const max = Math.max(0, limit);
  return { shown: topics.slice(0, max), hiddenCount: Math.max(0, topics.length - max) };
}
