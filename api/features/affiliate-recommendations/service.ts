import { and, desc, eq } from "drizzle-orm";
import type { RecommendationStatus } from "../../../contracts/limits.ts";
import type {
  AffiliateRecommendation,
  DecideRecommendationInput,
} from "../../../contracts/recommendations.ts";
import type { AiGate } from "../../ai/gate.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import {
  affiliateLinks,
  affiliateRecommendations,
  automationSettings,
  blogs,
  categories,
  posts,
} from "../../db/schema.ts";
import { Conflict, NotFound } from "../../http/errors.ts";
import { findOwnedBlog } from "../blogs/service.ts";
import { stopwordsOf, tokensOf } from "../internal-links/words.ts";
import { rowFor } from "../members/access.ts";
import { suggestKeywords } from "./keyword-suggestions.ts";

type Row = typeof affiliateRecommendations.$inferSelect;
export type RecommendationDeps = { db: Database; ai: AiGate; clock?: () => Date };

export function presentRecommendation(row: Row): AffiliateRecommendation {
  return {
    id: row.id,
    blogId: row.blogId,
    programName: row.programName,
    category: row.category,
    description: row.description,
    commissionRate: row.commissionRate,
    reasoning: row.reasoning,
    signupUrl: row.signupUrl,
    status: row.status,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listRecommendations(
  db: Database,
  ownerId: string,
  blogId: string,
  status: RecommendationStatus | undefined,
): Promise<Row[]> {
  await findOwnedBlog(db, ownerId, blogId);
  return db
    .select()
    .from(affiliateRecommendations)
    .where(
      and(
        eq(affiliateRecommendations.blogId, blogId),
        status ? eq(affiliateRecommendations.status, status) : undefined,
      ),
    )
    .orderBy(desc(affiliateRecommendations.createdAt));
}

/** The newest published posts the keyword suggestions read: enough to show a blog's words. */
const postsForKeywords = 200;

/**
 * Keywords for a link to the owner's recommended program, best first (decision 354): phrases
 * of the blog's published posts, else its niche. 404 for another owner's recommendation.
 */
export async function keywordSuggestionsFor(
  db: Database,
  ownerId: string,
  id: string,
): Promise<string[]> {
  const found = await first(
    db
      .select({ rec: affiliateRecommendations, blog: blogs })
      .from(affiliateRecommendations)
      .innerJoin(blogs, eq(blogs.id, affiliateRecommendations.blogId))
      .where(eq(affiliateRecommendations.id, id)),
  );
  // AI recommendations are the blog owner's (decision 366): a member is refused, others 404.
  await rowFor(db, ownerId, found?.rec, "Recommendation", "blog.manage");
  if (!found) throw NotFound("Recommendation");
  const blogId = found.blog.id;
  const [published, settings, links] = await Promise.all([
    db
      .select({ title: posts.title, content: posts.content })
      .from(posts)
      .where(and(eq(posts.blogId, blogId), eq(posts.status, "published")))
      .orderBy(desc(posts.publishedAt))
      .limit(postsForKeywords),
    first(
      db
        .select({ niche: automationSettings.niche })
        .from(automationSettings)
        .where(eq(automationSettings.blogId, blogId)),
    ),
    db
      .select({ keyword: affiliateLinks.keyword })
      .from(affiliateLinks)
      .where(eq(affiliateLinks.blogId, blogId)),
  ]);
  const sample = published
    .flatMap((p) => tokensOf(`${p.title} ${p.content.slice(0, 5000)}`))
    .map((t) => t.word);
  return suggestKeywords({
    posts: published,
    niche: settings?.niche ?? found.blog.description,
    program: { category: found.rec.category, description: found.rec.description },
    taken: links.map((l) => l.keyword),
    stopwords: await stopwordsOf(sample),
  });
}

/** Approves or rejects a pending recommendation; a decided one stays as it is (409). */
export async function decideRecommendation(
  deps: RecommendationDeps,
  ownerId: string,
  id: string,
  input: DecideRecommendationInput,
): Promise<Row> {
  const found = await first(
    deps.db
      .select({ rec: affiliateRecommendations })
      .from(affiliateRecommendations)
      .where(eq(affiliateRecommendations.id, id)),
  );
  await rowFor(deps.db, ownerId, found?.rec, "Recommendation", "blog.manage");
  if (!found) throw NotFound("Recommendation");
  const [row] = await deps.db
    .update(affiliateRecommendations)
    .set({ status: input.status, decidedAt: (deps.clock ?? (() => new Date()))() })
    .where(and(eq(affiliateRecommendations.id, id), eq(affiliateRecommendations.status, "pending")))
    .returning();
  if (!row)
    throw Conflict(`This recommendation was already ${found.rec.status}.`, "already_decided");
  return row;
}

/**
 * Asks the AI (or the offline catalogue) for programs that suit the blog, from its niche,
 * categories and recent titles, skipping every program already suggested for it.
 */
export async function findPrograms(
  deps: RecommendationDeps,
  ownerId: string,
  blogId: string,
  count = 5,
): Promise<Row[]> {
  const blog = await findOwnedBlog(deps.db, ownerId, blogId);
  const [settings, categoryRows, recent, existing] = await Promise.all([
    first(deps.db.select().from(automationSettings).where(eq(automationSettings.blogId, blogId))),
    deps.db.select({ name: categories.name }).from(categories).where(eq(categories.blogId, blogId)),
    deps.db
      .select({ title: posts.title })
      .from(posts)
      .where(eq(posts.blogId, blogId))
      .orderBy(desc(posts.createdAt))
      .limit(10),
    deps.db
      .select({ name: affiliateRecommendations.programName })
      .from(affiliateRecommendations)
      .where(eq(affiliateRecommendations.blogId, blogId)),
  ]);
  const { programs, source } = await deps.ai.suggestPrograms(
    { ownerId, blogId, feature: "affiliate-programs" },
    {
      blogName: blog.name,
      niche: settings?.niche ?? blog.description,
      categories: categoryRows.map((c) => c.name),
      recentTitles: recent.map((p) => p.title),
    },
    existing.map((e) => e.name),
    count,
  );
  const now = (deps.clock ?? (() => new Date()))();
  const known = new Set(existing.map((e) => e.name.toLowerCase()));
  const fresh = programs.filter((p) => !known.has(p.programName.toLowerCase()));
  if (fresh.length === 0) return [];
  return deps.db
    .insert(affiliateRecommendations)
    .values(fresh.map((p) => ({ blogId, ...p, source, createdAt: now })))
    .returning();
}
