import { asc, count, desc, eq, sql } from "drizzle-orm";
import type {
  AffiliateLinkClicks,
  CreateAffiliateLinkInput,
  UpdateAffiliateLinkInput,
} from "../../../contracts/affiliate-links.ts";
import { maxAffiliateLinksPerBlog } from "../../../contracts/limits.ts";
import type { Capability } from "../../../contracts/roles.ts";
import type { Database } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { first } from "../../db/query.ts";
import { affiliateClicks, affiliateLinks } from "../../db/schema.ts";
import { Conflict, NotFound } from "../../http/errors.ts";
import { blogFor, rowFor } from "../members/access.ts";
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

/** The link when the person's role on its blog allows `capability` (else 403; 404 if not theirs). */
const linkFor = async (db: Database, userId: string, linkId: string, capability: Capability) =>
  rowFor(
    db,
    userId,
    await first(db.select().from(affiliateLinks).where(eq(affiliateLinks.id, linkId))),
    "Affiliate link",
    capability,
  );

export async function listLinks(
  db: Database,
  userId: string,
  blogId: string,
): Promise<AffiliateLinkRow[]> {
  // The whole team sees the blog's links, to use them in posts.
  await blogFor(db, userId, blogId, "posts.write");
  return db
    .select()
    .from(affiliateLinks)
    .where(eq(affiliateLinks.blogId, blogId))
    .orderBy(desc(affiliateLinks.createdAt), asc(affiliateLinks.keyword));
}

export async function createLink(
  { db, contentEvents }: AffiliateLinkDeps,
  userId: string,
  input: CreateAffiliateLinkInput,
): Promise<AffiliateLinkRow> {
  await blogFor(db, userId, input.blogId, "affiliateLinks.manage");
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
  userId: string,
  linkId: string,
  input: UpdateAffiliateLinkInput,
): Promise<AffiliateLinkRow> {
  const before = await linkFor(db, userId, linkId, "affiliateLinks.manage");
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
  userId: string,
  linkId: string,
) {
  const link = await linkFor(db, userId, linkId, "affiliateLinks.manage");
  await withOutbox(db, contentEvents, async (tx, record) => {
    await tx.delete(affiliateLinks).where(eq(affiliateLinks.id, linkId));
    if (link.autoInsert) await record(link.blogId, { full: true });
  });
}

/** Total and unique clicks, and both per day for the last 30 days (UTC days, oldest first). */
export async function linkClicks(
  { db, clock = () => new Date() }: AffiliateLinkDeps,
  userId: string,
  linkId: string,
): Promise<AffiliateLinkClicks> {
  const link = await linkFor(db, userId, linkId, "analytics.view");
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
