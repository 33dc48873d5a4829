import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { analyticsSettings } from "../../db/schema.ts";

/**
 * A blog's analytics settings (the defaults when the owner never changed them). A module of its
 * own: every render's snapshot reads it, and settings.ts brings the blogs service with it.
 */
export async function analyticsOf(db: Queryable, blogId: string) {
  const row = await first(
    db.select().from(analyticsSettings).where(eq(analyticsSettings.blogId, blogId)),
  );
  return { enabled: row?.enabled ?? true, honorDoNotTrack: row?.honorDoNotTrack ?? false };
}
