import type { BlogRecommendation } from "@contracts/recommendations.ts";
import { describe, expect, it } from "vitest";
import { groupRecommendations, topicPreview } from "./recommendation-groups.ts";

const idea = (over: Partial<BlogRecommendation>): BlogRecommendation => ({
  id: "r1",
  status: "pending",
  suggestedName: "Balcony Harvest",
  suggestedNiche: "Small-space vegetable gardening",
  suggestedDomain: null,
  targetAudience: null,
  monetizationPotential: null,
  marketOpportunity: null,
  contentStrategy: null,
  suggestedTopics: [],
  reasoning: null,
  createdBlogId: null,
  autoApproved: false,
  source: "ai",
  createdAt: "2026-03-01T09:00:00.000Z",
  ...over,
});

describe("groupRecommendations (spec section 2.10)", () => {
  it("puts each idea in the group of its status, newest first", () => {
    const groups = groupRecommendations([
      idea({ id: "old-pending", createdAt: "2026-01-01T00:00:00.000Z" }),
      idea({ id: "rejected", status: "rejected" }),
      idea({ id: "new-pending", createdAt: "2026-02-01T00:00:00.000Z" }),
      idea({ id: "approved", status: "approved", createdBlogId: "b1" }),
      idea({ id: "auto", status: "approved", autoApproved: true }),
    ]);
    expect(groups.pending.map((i) => i.id)).toEqual(["new-pending", "old-pending"]);
    expect(groups.approved.map((i) => i.id)).toEqual(["approved", "auto"]);
    expect(groups.rejected.map((i) => i.id)).toEqual(["rejected"]);
  });

  it("gives three empty groups for no ideas and does not reorder its input", () => {
    expect(groupRecommendations([])).toEqual({ pending: [], approved: [], rejected: [] });
    const input = [
      idea({ id: "a", createdAt: "2026-01-01T00:00:00.000Z" }),
      idea({ id: "b", createdAt: "2026-02-01T00:00:00.000Z" }),
    ];
    groupRecommendations(input);
    expect(input.map((i) => i.id)).toEqual(["a", "b"]);
  });
});

describe("topicPreview", () => {
  const topics = ["one", "two", "three", "four", "five", "six"];

  it("shows at most four topics and counts the rest", () => {
    expect(topicPreview(topics)).toEqual({
      shown: ["one", "two", "three", "four"],
      hiddenCount: 2,
    });
    expect(topicPreview(topics.slice(0, 5))).toEqual({
      shown: ["one", "two", "three", "four"],
      hiddenCount: 1,
    });
  });

  it("hides nothing at or under the limit", () => {
    expect(topicPreview(topics.slice(0, 4))).toEqual({ shown: topics.slice(0, 4), hiddenCount: 0 });
    expect(topicPreview(["solo"])).toEqual({ shown: ["solo"], hiddenCount: 0 });
    expect(topicPreview([])).toEqual({ shown: [], hiddenCount: 0 });
  });

  it("takes another limit", () => {
    expect(topicPreview(topics, 2)).toEqual({ shown: ["one", "two"], hiddenCount: 4 });
    expect(topicPreview(topics, 0)).toEqual({ shown: [], hiddenCount: 6 });
  });
});
