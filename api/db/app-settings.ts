import { eq } from "drizzle-orm";
import type { Queryable } from "./client.ts";
import { first } from "./query.ts";
import { appSettings } from "./schema.ts";

/** A moment kept in app_settings under `key` (for example a job's last attempt), or null. */
export async function readMark(db: Queryable, key: string): Promise<Date | null> {
  const row = await first(
    db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)),
  );
  return row ? new Date(row.value) : null;
}

export async function writeMark(db: Queryable, key: string, at: Date): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value: at.toISOString() })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: at.toISOString() } });
}
