import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, or, type SQL } from "drizzle-orm";
import {
  type ListSubscribersQuery,
  type SubscriberCounts,
  type SubscriberGrowthDay,
  type SubscriberImportResult,
  type SubscriberStatus,
  subscriberPageSize,
  subscriberStatuses,
} from "../../../contracts/newsletters.ts";
import { can } from "../../../contracts/roles.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { containsPattern, first } from "../../db/query.ts";
import { subscribers } from "../../db/schema.ts";
import { HttpError, NotFound, ValidationFailed } from "../../http/errors.ts";
import { blogAccess, blogFor, blogsOf, requireCapability } from "../members/access.ts";
import { type ImportFile, readImportFile, subscribersCsv } from "./subscribers-csv.ts";

/*
 * A blog's list in the dashboard (issue 36, decision 374): reading it page by page, its
 * counts over time, importing with the consent dates a file carries, exporting, and deleting
 * an address (one row, or every blog of the owner for a data-subject request). The owner's
 * alone (`subscribers.manage`).
 */

export type SubscriberRow = typeof subscribers.$inferSelect;
export type SubscriberAdminDeps = { db: Database; clock?: () => Date };

const now = (deps: SubscriberAdminDeps) => (deps.clock ?? (() => new Date()))();
const dayMs = 24 * 60 * 60 * 1000;
/** Statuses of an address that left the list: never subscribed again by an import. */
const leftStatuses: readonly SubscriberStatus[] = ["unsubscribed", "bounced", "complained"];

const manage = (db: Queryable, userId: string, blogId: string) =>
  blogFor(db, userId, blogId, "subscribers.manage");

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const cursorOf = (row: SubscriberRow) =>
  Buffer.from(`${row.createdAt.getTime()}.${row.id}`).toString("base64url");

/** The rows after `cursor` in newest-first order (400 when it is not a cursor). */
function after(cursor: string): SQL | undefined {
  const [ms, id] = Buffer.from(cursor, "base64url").toString("utf8").split(".");
  const at = Number(ms);
  if (!id || !Number.isSafeInteger(at)) {
    throw ValidationFailed([
      { path: "cursor", message: "cursor must be the nextCursor of the previous page" },
    ]);
  }
  return or(
    lt(subscribers.createdAt, new Date(at)),
    and(eq(subscribers.createdAt, new Date(at)), lt(subscribers.id, id)),
  );
}

/** Addresses of a blog per status, the whole list whatever a page's filter. */
export async function countsOf(db: Queryable, blogId: string): Promise<SubscriberCounts> {
  const rows = await db
    .select({ status: subscribers.status, n: count() })
    .from(subscribers)
    .where(eq(subscribers.blogId, blogId))
    .groupBy(subscribers.status);
  const counts = Object.fromEntries(subscriberStatuses.map((s) => [s, 0])) as SubscriberCounts;
  counts.all = 0;
  for (const row of rows) {
    counts[row.status] = Number(row.n);
    counts.all += Number(row.n);
  }
  return counts;
}

/** One page of a blog's list, newest first, searched by any part of the address. */
export async function listSubscribers(
  db: Database,
  userId: string,
  blogId: string,
  query: ListSubscribersQuery,
): Promise<{ rows: SubscriberRow[]; nextCursor: string | null; counts: SubscriberCounts }> {
  await manage(db, userId, blogId);
  const filters: (SQL | undefined)[] = [eq(subscribers.blogId, blogId)];
  if (query.search) filters.push(containsPattern(db, subscribers.email, likePattern(query.search)));
  if (query.status) filters.push(eq(subscribers.status, query.status));
  if (query.cursor) filters.push(after(query.cursor));
  const rows = await db
    .select()
    .from(subscribers)
    .where(and(...filters))
    .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
    .limit(subscriberPageSize + 1);
  const page = rows.slice(0, subscriberPageSize);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > subscriberPageSize && last ? cursorOf(last) : null,
    counts: await countsOf(db, blogId),
  };
}

/** When an address left: its unsubscribe time, else (a bounce, a complaint) its last change. */
const leftAt = (row: { status: SubscriberStatus; unsubscribedAt: Date | null; updatedAt: Date }) =>
  leftStatuses.includes(row.status) ? (row.unsubscribedAt ?? row.updatedAt) : undefined;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The list day by day over the last `days` days (UTC), today included: an address counts as
 * subscribed from its consent (`confirmedAt`) until it left (`leftAt`); a pending one not yet.
 * Only the current status is kept, so an address that left and came back counts from its
 * latest consent (decision 374).
 */
export async function subscriberGrowth(
  deps: SubscriberAdminDeps,
  userId: string,
  blogId: string,
  days: number,
): Promise<SubscriberGrowthDay[]> {
  const { db } = deps;
  await manage(db, userId, blogId);
  const today = new Date(`${dayOf(now(deps))}T00:00:00Z`);
  const start = new Date(today.getTime() - (days - 1) * dayMs);
  const [stayed] = await db
    .select({ n: count() })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.blogId, blogId),
        eq(subscribers.status, "subscribed"),
        lt(subscribers.confirmedAt, start),
      ),
    );
  // Rows that joined or left inside the window (an address's last change is never before it left).
  const moved = await db
    .select({
      status: subscribers.status,
      confirmedAt: subscribers.confirmedAt,
      unsubscribedAt: subscribers.unsubscribedAt,
      updatedAt: subscribers.updatedAt,
    })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.blogId, blogId),
        isNotNull(subscribers.confirmedAt),
        or(
          gte(subscribers.confirmedAt, start),
          and(inArray(subscribers.status, [...leftStatuses]), gte(subscribers.updatedAt, start)),
        ),
      ),
    );
  let total = Number(stayed?.n ?? 0);
  const joined = new Map<string, number>();
  const left = new Map<string, number>();
  for (const row of moved) {
    const from = row.confirmedAt as Date;
    const until = leftAt(row);
    if (from < start && until && until >= start) total++;
    if (from >= start) joined.set(dayOf(from), (joined.get(dayOf(from)) ?? 0) + 1);
    if (until && until >= start && until >= from)
      left.set(dayOf(until), (left.get(dayOf(until)) ?? 0) + 1);
  }
  const out: SubscriberGrowthDay[] = [];
  for (let i = 0; i < days; i++) {
    const day = dayOf(new Date(start.getTime() + i * dayMs));
    const j = joined.get(day) ?? 0;
    const l = left.get(day) ?? 0;
    total += j - l;
    out.push({ day, subscribed: total, joined: j, left: l });
  }
  return out;
}

const importedConsentText = (consentedAt: Date) =>
  `Imported from a CSV file; the file recorded consent on ${consentedAt.toISOString()}.`;

/**
 * Imports a file into a blog's list (decision 374): new addresses are subscribed with the
 * consent date the file carries; addresses already on the list are left as they are (one that
 * left is never subscribed again). All or nothing: a bad file changes nothing.
 */
export async function importSubscribers(
  deps: SubscriberAdminDeps,
  userId: string,
  blogId: string,
  csv: string,
  fileName: string | undefined,
): Promise<SubscriberImportResult> {
  const { db } = deps;
  await manage(db, userId, blogId);
  const file: ImportFile = readImportFile(csv, now(deps));
  const consentPage = `import: ${fileName?.trim() || "CSV"}`.slice(0, 500);
  return db.transaction(async (tx) => {
    const result: SubscriberImportResult = { added: 0, unchanged: 0, skipped: file.leftInFile };
    const firstOfEach = new Map<string, (typeof file.rows)[number]>();
    for (const row of file.rows) {
      if (firstOfEach.has(row.email)) result.unchanged++;
      else firstOfEach.set(row.email, row);
    }
    const fresh = [...firstOfEach.values()];
    for (let i = 0; i < fresh.length; i += 500) {
      const chunk = fresh.slice(i, i + 500);
      const known = await tx
        .select({ email: subscribers.email, status: subscribers.status })
        .from(subscribers)
        .where(
          and(
            eq(subscribers.blogId, blogId),
            inArray(
              subscribers.email,
              chunk.map((r) => r.email),
            ),
          ),
        );
      const statusOf = new Map(known.map((k) => [k.email, k.status]));
      const toAdd = chunk.filter((r) => !statusOf.has(r.email));
      for (const status of statusOf.values()) {
        if (leftStatuses.includes(status)) result.skipped++;
        else result.unchanged++;
      }
      if (toAdd.length === 0) continue;
      const at = now(deps);
      const added = await tx
        .insert(subscribers)
        .values(
          toAdd.map((r) => ({
            blogId,
            email: r.email,
            status: "subscribed" as const,
            consentPage,
            consentText: importedConsentText(r.consentedAt),
            confirmedAt: r.consentedAt,
            createdAt: at,
            updatedAt: at,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: subscribers.id });
      result.added += added.length;
      // An address that joined meanwhile (the form) stays as it is.
      result.unchanged += toAdd.length - added.length;
    }
    return result;
  });
}

/** A blog's whole list as CSV, oldest first. */
export async function exportSubscribers(
  db: Database,
  userId: string,
  blogId: string,
): Promise<{ slug: string; csv: string }> {
  const { blog } = await manage(db, userId, blogId);
  const rows = await db
    .select()
    .from(subscribers)
    .where(eq(subscribers.blogId, blogId))
    .orderBy(asc(subscribers.createdAt), asc(subscribers.id));
  return { slug: blog.slug, csv: subscribersCsv(rows) };
}

/** Deletes one address of a blog's list (its deliveries go with it). */
export async function deleteSubscriber(
  db: Database,
  userId: string,
  blogId: string,
  subscriberId: string,
): Promise<void> {
  // A row the blog does not have is a 404 before the role is asked, as for any row of a blog.
  const access = await blogAccess(db, userId, blogId);
  const row = await first(
    db
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(and(eq(subscribers.id, subscriberId), eq(subscribers.blogId, blogId))),
  );
  if (!row) throw NotFound("Subscriber");
  requireCapability(access, "subscribers.manage");
  await db.delete(subscribers).where(eq(subscribers.id, row.id));
}

/**
 * A data-subject request: deletes the address from every blog whose list the person manages
 * (the blogs they own), and nowhere else. 404 when it is on none of them.
 */
export async function eraseSubscriber(
  db: Database,
  userId: string,
  email: string,
): Promise<{ deleted: number }> {
  const blogIds = (await blogsOf(db, userId))
    .filter((access) => can(access.role, "subscribers.manage"))
    .map((access) => access.blog.id);
  const deleted =
    blogIds.length === 0
      ? []
      : await db
          .delete(subscribers)
          .where(and(inArray(subscribers.blogId, blogIds), eq(subscribers.email, email)))
          .returning({ id: subscribers.id });
  if (deleted.length === 0) {
    throw new HttpError(
      404,
      "not_found",
      "This address is on none of your blogs' lists: there is nothing to erase.",
    );
  }
  return { deleted: deleted.length };
}
