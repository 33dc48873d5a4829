import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogs } from "../../db/schema.ts";
import { recordActivity } from "../activity/record.ts";

type BlogRow = typeof blogs.$inferSelect;

/** Columns the server keeps beside a setting (a domain's claim and its news), never logged. */
const internalColumns = new Set<string>([
  "domainVerified",
  "domainVerificationToken",
  "domainClaimedAt",
  "domainClaimEnded",
  "domainClaimEndedFor",
  "updatedAt",
]);

const same = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date
    ? a.getTime() === b.getTime()
    : JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Logs `settings.changed` with the settings that `changes` really changes (decision 369), in
 * the transaction that writes them, before they are written. Nothing is logged when none do.
 */
export async function recordSettingsChange(
  tx: Queryable,
  actorId: string,
  blogId: string,
  changes: Partial<BlogRow>,
): Promise<void> {
  const before = await first(tx.select().from(blogs).where(eq(blogs.id, blogId)));
  if (!before) return;
  const fields = Object.entries(changes)
    .filter(
      ([key, value]) =>
        value !== undefined &&
        !internalColumns.has(key) &&
        !same(value, before[key as keyof BlogRow]),
    )
    .map(([key]) => key);
  if (fields.length === 0) return;
  await recordActivity(tx, { blogId, actorId, action: "settings.changed", details: { fields } });
}
