import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type {
  AffiliateLinkClicks,
  CreateAffiliateLinkInput,
  UpdateAffiliateLinkInput,
} from "../../../contracts/affiliate-links.ts";
import { maxAffiliateLinksPerBlog } from "../../../contracts/limits.ts";
import type { Database } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { first } from "../../db/query.ts";
import { affiliateClicks, affiliateLinks, blogs } from "../../db/schema.ts";
import { Conflict, NotFound } from "../../http/errors.ts";
import { findOwnedBlog } from "../blogs/service.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { withOutbox } from "../publishing/outbox.ts";
import { dailyClicks } from "./clicks.ts";

export type AffiliateLinkRow = typeof affiliateLinks.$inferSelect;
export type AffiliateLinkDeps = { db: Database; contentEvents: ContentEvents; clock?: () => Date };

const KeywordTaken = (keyword: string) =>
  Conflict(
    `This blog already has an affiliate link for “${keyword}”. Edit that link instead.`,
    "keyword_taken",
  );

/** The owner's link, or 404 (reached through its blog, like every owner row). */
export async function findOwnedLink(
  db: Database,
  ownerId: string,
  linkId: string,
): Promise<AffiliateLinkRow> {
  const row = await first(
    db
      .select({ link: affiliateLinks })
      .from(affiliateLinks)
      .innerJoin(blogs, eq(blogs.id, affiliateLinks.blogId))
      .where(and(eq(affiliateLinks.id, linkId), eq(blogs.ownerId, ownerId))),
  );
  if (!row) throw NotFound("Affiliate link");
  return row.link;
}

export async function listLinks(
  db: Database,
  ownerId: string,
  blogId: string,
): Promise<AffiliateLinkRow[]> {
  await findOwnedBlog(db, ownerId, blogId);
  return db
    .select()
    .from(affiliateLinks)
    .where(eq(affiliateLinks.blogId, blogId))
    .orderBy(desc(affiliateLinks.createdAt), asc(affiliateLinks.keyword));
}

export async function createLink(
  { db, contentEvents }: AffiliateLinkDeps,
  ownerId: string,
  input: CreateAffiliateLinkInput,
): Promise<AffiliateLinkRow> {
  await findOwnedBlog(db, ownerId, input.blogId);
  let link: AffiliateLinkRow | undefined;
  try {
    link = await withOutbox(db, contentEvents, async (tx, record) => {
      const [held] = await tx
        .select({ n: count() })
        .from(affiliateLinks)
        .where(eq(affiliateLinks.blogId, input.blogId));
      if ((held?.n ?? 0) >= maxAffiliateLinksPerBlog) {
        throw Conflict(
          `This blog has reached the limit of ${maxAffiliateLinksPerBlog} affiliate links. Delete links you no longer use before adding more.`,
          "limit_reached",
        );
      }
      const [row] = await tx.insert(affiliateLinks).values(input).returning();
      // Links are inserted at render time: every published post may change.
      if (row?.autoInsert) await record(row.blogId, { full: true });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw KeywordTaken(input.keyword);
    throw error;
  }
  if (!link) throw new Error("insert returned no row");
  return link;
}

export async function updateLink(
  { db, contentEvents }: AffiliateLinkDeps,
  ownerId: string,
  linkId: string,
  input: UpdateAffiliateLinkInput,
): Promise<AffiliateLinkRow> {
  const before = await findOwnedLink(db, ownerId, linkId);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  let link: AffiliateLinkRow | undefined;
  try {
    link = await withOutbox(db, contentEvents, async (tx, record) => {
      const [row] = await tx
        .update(affiliateLinks)
        .set(changes)
        .where(eq(affiliateLinks.id, linkId))
        .returning();
      if (row && (before.autoInsert || row.autoInsert)) await record(row.blogId, { full: true });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw KeywordTaken(input.keyword ?? before.keyword);
    throw error;
  }
  if (!link) throw NotFound("Affiliate link");
  return link;
}

export async function deleteLink(
  { db, contentEvents }: AffiliateLinkDeps,
  ownerId: string,
  linkId: string,
) {
  const link = await findOwnedLink(db, ownerId, linkId);
  await withOutbox(db, contentEvents, async (tx, record) => {
    await tx.delete(affiliateLinks).where(eq(affiliateLinks.id, linkId));
    if (link.autoInsert) await record(link.blogId, { full: true });
  });
}

/** Total and unique clicks, and both per day for the last 30 days (UTC days, oldest first). */
export async function linkClicks(
  { db, clock = () => new Date() }: AffiliateLinkDeps,
  ownerId: string,
  linkId: string,
): Promise<AffiliateLinkClicks> {
  const link = await findOwnedLink(db, ownerId, linkId);
  const [totals, days] = await Promise.all([
    first(
      db
        .select({ unique: sql<number>`count(distinct ${affiliateClicks.visitorHash})` })
        .from(affiliateClicks)
        .where(eq(affiliateClicks.linkId, link.id)),
    ),
    dailyClicks(db, { linkId: link.id }, clock()),
  ]);
  return { total: link.clicks, unique: totals?.unique ?? 0, days };
}
