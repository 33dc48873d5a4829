import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database, Queryable } from "./client.ts";
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

const secrets = new WeakMap<Database, Map<string, Promise<string>>>();

/**
 * An install's secret kept in app_settings under `key` (32 random bytes, base64url), created on
 * first use; every process of the install reads the same one. Kept in memory once read.
 */
export function installSecret(db: Database, key: string): Promise<string> {
  const known = secrets.get(db) ?? new Map<string, Promise<string>>();
  secrets.set(db, known);
  const cached = known.get(key);
  if (cached) return cached;
  const secret = (async () => {
    await db
      .insert(appSettings)
      .values({ key, value: randomBytes(32).toString("base64url") })
      .onConflictDoNothing();
    const row = await first(db.select().from(appSettings).where(eq(appSettings.key, key)));
    if (!row) throw new Error(`install secret ${key} missing`);
    return row.value;
  })().catch((error) => {
    known.delete(key);
    throw error;
  });
  known.set(key, secret);
  return secret;
}
