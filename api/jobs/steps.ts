import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { first } from "../db/query.ts";
import { jobSteps } from "../db/schema.ts";

/**
 * The steps of a multi-step job (an AI post: brief, research, outline, sections, review),
 * each stored once it is done (decision 321). A job tried again after a crash or a failure
 * (same id on its queue) takes the stored result of every finished step instead of running it
 * again, and goes on from the first step without one. Results are JSON.
 */
export function stepsOf(db: Database, jobId: string) {
  return {
    /** The stored result of `step`, or `work()`'s, stored before it is returned. */
    async run<T>(step: string, work: () => Promise<T>): Promise<T> {
      const done = await first(
        db
          .select({ result: jobSteps.result })
          .from(jobSteps)
          .where(and(eq(jobSteps.jobId, jobId), eq(jobSteps.step, step))),
      );
      // Stored wrapped, so a step whose result is null (or nothing) is stored as done too.
      if (done) return (done.result as { value: T }).value;
      const result = await work();
      await db
        .insert(jobSteps)
        .values({ jobId, step, result: { value: result === undefined ? null : result } })
        .onConflictDoNothing();
      return result;
    },
    /** The job is over: its steps' results go. */
    async clear(): Promise<void> {
      await db.delete(jobSteps).where(eq(jobSteps.jobId, jobId));
    },
  };
}
