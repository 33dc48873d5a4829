import { desc, eq } from "drizzle-orm";
import { type AiGate, isAiRefusal } from "../ai/gate.ts";
import { readMark, writeMark } from "../db/app-settings.ts";
import type { Database } from "../db/client.ts";
import { first } from "../db/query.ts";
import { affiliateRecommendations, blogs } from "../db/schema.ts";
import { findPrograms } from "../features/affiliate-recommendations/service.ts";
import type { Logger } from "../logger.ts";

export const weekMs = 7 * 24 * 60 * 60 * 1000;

export type WeeklyDeps = {
  db: Database;
  ai: AiGate;
  clock?: () => Date;
  logger?: Logger;
};

/** The key under which the last weekly attempt for one blog is kept (app_settings). */
export const programsMarkKey = (blogId: string) => `weekly_affiliate_programs:${blogId}`;

/**
 * Affiliate programs, weekly per blog. A blog is due when neither its last attempt (kept even
 * when nothing new was found, so an exhausted catalogue or a quiet model is not asked again
 * every hour) nor its newest suggestion is less than a week old. A crash after the suggestions
 * are saved but before the mark is written leaves the newest suggestion as the mark, so a
 * restart never repeats the week; a crash before they are saved leaves the blog due, so it
 * never loses it. One failing blog is logged and the others go on.
 */
export async function runWeeklyAffiliatePrograms(deps: WeeklyDeps): Promise<string[]> {
  const now = (deps.clock ?? (() => new Date()))();
  const all = await deps.db.select({ id: blogs.id, ownerId: blogs.ownerId }).from(blogs);
  const done: string[] = [];
  for (const blog of all) {
    try {
      const [mark, newest] = await Promise.all([
        readMark(deps.db, programsMarkKey(blog.id)),
        first(
          deps.db
            .select({ createdAt: affiliateRecommendations.createdAt })
            .from(affiliateRecommendations)
            .where(eq(affiliateRecommendations.blogId, blog.id))
            .orderBy(desc(affiliateRecommendations.createdAt))
            .limit(1),
        ),
      ]);
      const last = Math.max(mark?.getTime() ?? 0, newest?.createdAt.getTime() ?? 0);
      if (now.getTime() - last < weekMs) continue;
      // An owner without allowance is skipped (and asked again at the next run), unmarked.
      const refused = await deps.ai.refusalFor(blog.ownerId);
      if (refused) {
        deps.logger?.info(
          { blogId: blog.id, reason: refused.code },
          "weekly affiliate programs skipped",
        );
        continue;
      }
      await findPrograms(deps, blog.ownerId, blog.id);
      await writeMark(deps.db, programsMarkKey(blog.id), now);
      done.push(blog.id);
    } catch (error) {
      if (isAiRefusal(error)) {
        deps.logger?.info(
          { blogId: blog.id, reason: error.code },
          "weekly affiliate programs skipped",
        );
        continue;
      }
      deps.logger?.error(
        { err: error, blogId: blog.id },
        "weekly affiliate programs failed for a blog; the others go on",
      );
    }
  }
  return done;
}
