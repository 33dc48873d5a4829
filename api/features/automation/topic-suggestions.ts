import { eq } from "drizzle-orm";
import type { TopicSuggestions } from "../../../contracts/automation.ts";
import { z } from "../../../contracts/zod.ts";
import type { AiGate } from "../../ai/gate.ts";
import { untrusted, untrustedList, withUntrustedRule } from "../../ai/untrusted.ts";
import type { Database } from "../../db/client.ts";
import { blogs, posts } from "../../db/schema.ts";
import type { Embeddings } from "../internal-links/embeddings.ts";
import { getAutomation } from "./service.ts";
import { collisionsOf, normalizeTopic } from "./topic-ledger.ts";

/** The model's answer: only topics, each a short line (a strict schema, decision 341). */
const suggestedTopics = z.strictObject({
  topics: z.array(z.string().trim().min(3).max(200)).min(1).max(12),
});

/** How many topics the owner is offered at once. */
export const suggestionsOffered = 8;

/**
 * New topics for a blog's automation, for the owner to accept ("Suggest topics"): the model is
 * asked through the AI gate for topics the blog has no post on, and every answer is filtered
 * by the closeness rule new owner topics meet (decision 341), so accepting never fails on it.
 * Without a model there is no honest way to invent topics: the answer says so and offers none.
 */
export async function suggestTopics(
  deps: { db: Database; ai: AiGate; embeddings?: Embeddings },
  ownerId: string,
  blogId: string,
): Promise<TopicSuggestions> {
  const settings = await getAutomation(deps.db, ownerId, blogId);
  if (!deps.ai.configured)
    return {
      topics: [],
      source: "offline",
      message:
        "No AI model is configured (OPENAI_API_KEY), so no topics can be suggested. Add topics of your own.",
    };
  const [blog] = await deps.db
    .select({ name: blogs.name, description: blogs.description })
    .from(blogs)
    .where(eq(blogs.id, blogId));
  const titles = (
    await deps.db.select({ title: posts.title }).from(posts).where(eq(posts.blogId, blogId))
  )
    .map((p) => p.title)
    .slice(0, 200);
  const { data } = await deps.ai.structured(
    { ownerId, blogId, feature: "automation" },
    {
      name: "topic_suggestions",
      schema: suggestedTopics,
      system: withUntrustedRule(
        "You suggest blog post topics for a blog's content automation. Each topic is one short line a writer can turn into a post, specific and useful to the blog's readers, " +
          "on a subject none of the blog's existing posts or topics covers (not a rewording of one), without commas. Answer only JSON matching the schema.",
      ),
      user: [
        `Suggest ${suggestionsOffered + 4} topics.`,
        untrusted("blog name", blog?.name ?? ""),
        untrusted("blog description", blog?.description ?? ""),
        untrusted("blog niche", settings.niche ?? ""),
        untrustedList("existing post titles", titles),
        untrustedList("existing topics", settings.topics),
      ],
      unusable: "The AI provider's topic suggestions could not be read. Try again.",
      maxTokens: 800,
      temperature: 0.8,
    },
    1200,
  );
  const known = new Set(settings.topics.map(normalizeTopic));
  const fresh = data.topics.filter((topic, i) => {
    const normalized = normalizeTopic(topic);
    return (
      // The dashboard separates topics with commas: a topic holding one would split in two.
      !topic.includes(",") &&
      !known.has(normalized) &&
      data.topics.findIndex((other) => normalizeTopic(other) === normalized) === i
    );
  });
  const collisions = await collisionsOf(deps.db, blogId, fresh, deps.embeddings);
  return {
    topics: fresh.filter((_, i) => !collisions[i]).slice(0, suggestionsOffered),
    source: "ai",
    message: null,
  };
}
