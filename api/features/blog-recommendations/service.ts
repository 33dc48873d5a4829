import { and, desc, eq, gte } from "drizzle-orm";
import type { BlogRecommendation } from "../../../contracts/recommendations.ts";
import { type AiGate, isAiRefusal } from "../../ai/gate.ts";
import { readMark, writeMark } from "../../db/app-settings.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { automationSettings, blogRecommendations, blogs, users } from "../../db/schema.ts";
import { Conflict, NotFound } from "../../http/errors.ts";
import { aiBlogsPerMonth } from "../automation/fleet-limits.ts";
import { type BlogRow, createBlog } from "../blogs/service.ts";

type Row = typeof blogRecommendations.$inferSelect;
export type BlogIdeaDeps = { db: Database; ai: AiGate; clock?: () => Date };

const weekMs = 7 * 24 * 60 * 60 * 1000;
const monthMs = 30 * 24 * 60 * 60 * 1000;
/** How soon after approval the new blog's first post is generated. */
const firstGenerationDelayMs = 60 * 1000;

export function presentBlogRecommendation(row: Row): BlogRecommendation {
  return {
    id: row.id,
    status: row.status,
    suggestedName: row.suggestedName,
    suggestedNiche: row.suggestedNiche,
    suggestedDomain: row.suggestedDomain,
    targetAudience: row.targetAudience,
    monetizationPotential: row.monetizationPotential,
    marketOpportunity: row.marketOpportunity,
    contentStrategy: row.contentStrategy,
    suggestedTopics: row.suggestedTopics,
    reasoning: row.reasoning,
    createdBlogId: row.createdBlogId,
    autoApproved: row.autoApproved,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}

export function listBlogIdeas(db: Database, ownerId: string): Promise<Row[]> {
  return db
    .select()
    .from(blogRecommendations)
    .where(eq(blogRecommendations.ownerId, ownerId))
    .orderBy(desc(blogRecommendations.createdAt));
}

/** New ideas for the owner, never repeating one of their blogs or an earlier idea. */
export async function proposeBlogIdeas(
  deps: BlogIdeaDeps,
  ownerId: string,
  count = 3,
): Promise<Row[]> {
  const now = (deps.clock ?? (() => new Date()))();
  const [ownBlogs, niches, earlier] = await Promise.all([
    deps.db
      .select({ name: blogs.name, description: blogs.description })
      .from(blogs)
      .where(eq(blogs.ownerId, ownerId)),
    deps.db
      .select({ niche: automationSettings.niche })
      .from(automationSettings)
      .innerJoin(blogs, eq(blogs.id, automationSettings.blogId))
      .where(eq(blogs.ownerId, ownerId)),
    deps.db
      .select({
        name: blogRecommendations.suggestedName,
        niche: blogRecommendations.suggestedNiche,
      })
      .from(blogRecommendations)
      .where(eq(blogRecommendations.ownerId, ownerId)),
  ]);
  const exclude = [...ownBlogs.map((b) => b.name), ...earlier.flatMap((e) => [e.name, e.niche])];
  const { ideas, source } = await deps.ai.suggestBlogIdeas(
    { ownerId, blogId: null, feature: "blog-ideas" },
    {
      existingNiches: [
        ...ownBlogs.map((b) => b.description ?? b.name),
        ...niches.flatMap((n) => (n.niche ? [n.niche] : [])),
      ],
    },
    exclude,
    count,
  );
  const taken = new Set(exclude.map((e) => e.toLowerCase()));
  const fresh = ideas.filter(
    (i) => !taken.has(i.suggestedName.toLowerCase()) && !taken.has(i.suggestedNiche.toLowerCase()),
  );
  if (fresh.length === 0) return [];
  return deps.db
    .insert(blogRecommendations)
    .values(
      fresh.map((idea) => ({
        ownerId,
        ...idea,
        suggestedDomain: idea.suggestedDomain || null,
        source,
        createdAt: now,
      })),
    )
    .returning();
}

async function findOwnedIdea(db: Database, ownerId: string, id: string): Promise<Row> {
  const row = await first(
    db
      .select()
      .from(blogRecommendations)
      .where(and(eq(blogRecommendations.id, id), eq(blogRecommendations.ownerId, ownerId))),
  );
  if (!row) throw NotFound("Recommendation");
  return row;
}

const alreadyDecided = (row: Row) =>
  Conflict(`This idea was already ${row.status}.`, "already_decided");

/**
 * Creates the blog an idea describes, with automation on (its niche and topics) and the first
 * generation a minute later. Only a pending idea can be approved.
 */
export async function approveBlogIdea(
  deps: BlogIdeaDeps,
  ownerId: string,
  id: string,
  options: { auto?: boolean } = {},
): Promise<{ idea: Row; blog: BlogRow }> {
  const idea = await findOwnedIdea(deps.db, ownerId, id);
  const now = (deps.clock ?? (() => new Date()))();
  const [claimed] = await deps.db
    .update(blogRecommendations)
    .set({ status: "approved", decidedAt: now, autoApproved: Boolean(options.auto) })
    .where(and(eq(blogRecommendations.id, id), eq(blogRecommendations.status, "pending")))
    .returning();
  if (!claimed) throw alreadyDecided(idea);
  let blog: BlogRow;
  try {
    blog = await createBlog(deps.db, ownerId, {
      name: idea.suggestedName.slice(0, 100),
      description: (idea.contentStrategy ?? idea.suggestedNiche).slice(0, 500),
    });
  } catch (error) {
    await deps.db
      .update(blogRecommendations)
      .set({ status: "pending", decidedAt: null, autoApproved: false })
      .where(eq(blogRecommendations.id, id));
    throw error;
  }
  const topics = idea.suggestedTopics.length > 0 ? idea.suggestedTopics : [idea.suggestedNiche];
  await deps.db.transaction(async (tx) => {
    if (options.auto)
      await tx.update(blogs).set({ createdByAi: true }).where(eq(blogs.id, blog.id));
    await tx.insert(automationSettings).values({
      blogId: blog.id,
      enabled: true,
      niche: idea.suggestedNiche,
      topics,
      nextRunAt: new Date(now.getTime() + firstGenerationDelayMs),
    });
    await tx
      .update(blogRecommendations)
      .set({ createdBlogId: blog.id })
      .where(eq(blogRecommendations.id, id));
  });
  return { idea: { ...claimed, createdBlogId: blog.id }, blog };
}

export async function rejectBlogIdea(
  deps: BlogIdeaDeps,
  ownerId: string,
  id: string,
): Promise<Row> {
  const idea = await findOwnedIdea(deps.db, ownerId, id);
  const [row] = await deps.db
    .update(blogRecommendations)
    .set({ status: "rejected", decidedAt: (deps.clock ?? (() => new Date()))() })
    .where(and(eq(blogRecommendations.id, id), eq(blogRecommendations.status, "pending")))
    .returning();
  if (!row) throw alreadyDecided(idea);
  return row;
}

/** The key under which the owner's last weekly attempt is kept (app_settings). */
export const ideasMarkKey = (ownerId: string) => `weekly_blog_ideas:${ownerId}`;

/**
 * The weekly job, per owner: new ideas when the last ones are a week old; in maximum-trust mode
 * the best new idea is approved and its blog created, at most one such blog per week. The
 * ideas' own dates are the schedule, so a restart neither skips nor repeats a week.
 */
export async function runWeeklyBlogIdeas(
  deps: BlogIdeaDeps & {
    logger?: { error: (o: object, m: string) => void; info: (o: object, m: string) => void };
  },
) {
  const now = (deps.clock ?? (() => new Date()))();
  const owners = await deps.db
    .select({ id: users.id, maximumTrust: users.maximumTrust })
    .from(users);
  for (const owner of owners) {
    try {
      const recent = await first(
        deps.db
          .select({ id: blogRecommendations.id })
          .from(blogRecommendations)
          .where(
            and(
              eq(blogRecommendations.ownerId, owner.id),
              gte(blogRecommendations.createdAt, new Date(now.getTime() - weekMs)),
            ),
          ),
      );
      if (recent) continue;
      // Kept even when nothing new came back, so a quiet model is not asked again every hour.
      const lastAttempt = await readMark(deps.db, ideasMarkKey(owner.id));
      if (lastAttempt && now.getTime() - lastAttempt.getTime() < weekMs) continue;
      // An owner without allowance is skipped (and asked again at the next run), unmarked.
      const refused = await deps.ai.refusalFor(owner.id);
      if (refused) {
        deps.logger?.info({ ownerId: owner.id, reason: refused.code }, "weekly blog ideas skipped");
        continue;
      }
      const ideas = await proposeBlogIdeas(deps, owner.id);
      await writeMark(deps.db, ideasMarkKey(owner.id), now);
      if (!owner.maximumTrust || ideas.length === 0) continue;
      // The leash (decision 343): one AI-created blog a week, at most `aiBlogsPerMonth` in any
      // 30 days; their first posts wait for the owner (the writer's fleet limits).
      const recentAiBlogs = await deps.db
        .select({ createdAt: blogs.createdAt })
        .from(blogs)
        .where(
          and(
            eq(blogs.ownerId, owner.id),
            eq(blogs.createdByAi, true),
            gte(blogs.createdAt, new Date(now.getTime() - monthMs)),
          ),
        );
      const createdThisWeek = recentAiBlogs.some(
        (blog) => blog.createdAt.getTime() >= now.getTime() - weekMs,
      );
      if (!createdThisWeek && recentAiBlogs.length < aiBlogsPerMonth)
        await approveBlogIdea(deps, owner.id, (ideas[0] as Row).id, { auto: true });
    } catch (error) {
      if (isAiRefusal(error)) {
        deps.logger?.info({ ownerId: owner.id, reason: error.code }, "weekly blog ideas skipped");
        continue;
      }
      deps.logger?.error(
        { err: error, ownerId: owner.id },
        "weekly blog ideas failed for an owner; the others go on",
      );
    }
  }
}
