import { and, eq, lt, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { ValidationFailed } from "../../http/errors.ts";

/*
 * Newest-first paging by (created_at, id) for the activity log and the notifications: a page's
 * `nextCursor` names its last row, and the next page starts strictly before it, so rows written
 * meanwhile never repeat or shift a page.
 */

type Row = { createdAt: Date; id: string };

export const cursorOf = (row: Row): string =>
  Buffer.from(`${row.createdAt.getTime()}.${row.id}`).toString("base64url");

/** The rows before `cursor` (400 naming the `before` parameter when it is not a cursor). */
export function before(
  columns: { createdAt: SQLiteColumn; id: SQLiteColumn },
  cursor: string,
): SQL | undefined {
  const [ms, id] = Buffer.from(cursor, "base64url").toString("utf8").split(".");
  const at = Number(ms);
  if (!id || !Number.isSafeInteger(at)) {
    throw ValidationFailed([
      { path: "before", message: "before must be the nextCursor of the previous page" },
    ]);
  }
  return or(
    lt(columns.createdAt, new Date(at)),
    and(eq(columns.createdAt, new Date(at)), lt(columns.id, id)),
  );
}

/** A page of `limit` from `limit + 1` rows read, with the cursor of the next page. */
export function pageOf<T extends Row>(
  rows: T[],
  limit: number,
): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}
