import { and, desc, eq, inArray, notInArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { aiGenerations, automationSettings, importJobs } from "../../db/schema.ts";
import { findOwnedBlog } from "../blogs/service.ts";
import { type RenderStateOf, type RenderStatus, renderStatus } from "../blogs/site-status.ts";

export type BlogWork = {
  render: RenderStatus;
  imports: (typeof importJobs.$inferSelect)[];
  automation: typeof automationSettings.$inferSelect | undefined;
  /** Automation's generation queued or running, the newest. */
  writing: typeof aiGenerations.$inferSelect | undefined;
};

/**
 * The owner's blog's background work, from the rows its jobs write as they go (decision 323):
 * the render's outbox row and builds, the imports, the automation schedule and the post its
 * writer is writing. Another owner's blog
 * is a 404.
 */
export async function blogWork(
  db: Database,
  ownerId: string,
  blogId: string,
  renderState: RenderStateOf,
  now: Date,
): Promise<BlogWork> {
  await findOwnedBlog(db, ownerId, blogId);
  const importsOf = (running: boolean, limit: number) =>
    db
      .select()
      .from(importJobs)
      .where(
        and(
          eq(importJobs.blogId, blogId),
          (running ? inArray : notInArray)(importJobs.status, ["queued", "running"]),
        ),
      )
      .orderBy(desc(importJobs.createdAt))
      .limit(limit);
  const [render, waiting, finished, automation, writing] = await Promise.all([
    renderStatus(db, blogId, renderState, now),
    importsOf(true, 100),
    importsOf(false, 5),
    first(db.select().from(automationSettings).where(eq(automationSettings.blogId, blogId))),
    first(
      db
        .select()
        .from(aiGenerations)
        .where(
          and(
            eq(aiGenerations.blogId, blogId),
            eq(aiGenerations.origin, "automation"),
            inArray(aiGenerations.status, ["queued", "running"]),
          ),
        )
        .orderBy(desc(aiGenerations.createdAt))
        .limit(1),
    ),
  ]);
  return { render, imports: [...waiting, ...finished], automation, writing };
}
