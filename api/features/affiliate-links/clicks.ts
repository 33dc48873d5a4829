import { createHmac } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { and, eq, gte, sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { BlogAffiliateClicks } from "../../../contracts/affiliate-links.ts";
import { installSecret } from "../../db/app-settings.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import {
  affiliateClicks,
  affiliateLinks,
  blogs,
  newsletterIssues,
  posts,
} from "../../db/schema.ts";
import { blogFor } from "../members/access.ts";
import { issueSubIdSuffix, withSubId } from "./sub-id.ts";

/**
 * Fetches an AI assistant makes for a person (they read the answer, not the page), which the
 * maintained `isbot` list does not name.
 */
const assistantFetches = /chatgpt-user/i;

/**
 * Search engines, AI crawlers, link previews, headless browsers and HTTP libraries: their visits
 * are not clicks. The maintained `isbot` list replaces the hand-kept expression it covered.
 */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || isbot(userAgent) || assistantFetches.test(userAgent);
}

/** Browsers mark speculative loads; they are not a person clicking. */
export function isPrefetch(headers: IncomingHttpHeaders): boolean {
  const purpose = String(
    headers["sec-purpose"] ?? headers.purpose ?? headers["x-purpose"] ?? headers["x-moz"] ?? "",
  );
  return /prefetch|preview|prerender/i.test(purpose);
}

/**
 * Whether the browser says this is a person's top-level navigation (issue 13, finding 7): an
 * `<img>`, `<script>`, `<iframe>` or fetch pointing at `/go/{id}` on another site must not count
 * a click nor get the redirect. Requests without Fetch Metadata (older browsers, tools) are left
 * to the bot rules.
 */
export function isTopLevelNavigation(headers: IncomingHttpHeaders): boolean {
  const mode = headers["sec-fetch-mode"];
  const dest = headers["sec-fetch-dest"];
  return (mode === undefined || mode === "navigate") && (dest === undefined || dest === "document");
}

/** The install's key for visitor hashes, created on first use and kept in the database. */
const clickSecret = (db: Database) => installSecret(db, "click_visitor_key");

export type ClickRequest = {
  blogId: string;
  linkId: string;
  /** The post the reader clicked in, when the link carried it. */
  postId?: string;
  /** The newsletter issue the link was in (decision 373), when it carried one. */
  issueId?: string;
  address: string;
  headers: IncomingHttpHeaders;
  now: Date;
};

/**
 * The target of a blog's affiliate link, counting the click when a person made it. A link of
 * another blog, an unknown id, or a request that is not a top-level navigation gives undefined
 * (404: no open redirect, no forced click). The visitor is
 * remembered as a keyed hash of address, browser and day, so unique clicks are counted without
 * storing an address; the key never leaves the database.
 */
export async function followAffiliateLink(
  db: Database,
  click: ClickRequest,
): Promise<string | undefined> {
  const link = await first(
    db
      .select({
        id: affiliateLinks.id,
        url: affiliateLinks.url,
        subIdParam: affiliateLinks.subIdParam,
        subIdTemplate: affiliateLinks.subIdTemplate,
      })
      .from(affiliateLinks)
      .where(and(eq(affiliateLinks.id, click.linkId), eq(affiliateLinks.blogId, click.blogId))),
  );
  if (!link) return undefined;
  // Not a navigation: no click and no redirect (the reader's page is unaffected: it was never
  // a link the reader followed).
  if (!isTopLevelNavigation(click.headers)) return undefined;
  const post = click.postId
    ? await first(
        db
          .select({ id: posts.id, slug: posts.slug })
          .from(posts)
          .where(and(eq(posts.id, click.postId), eq(posts.blogId, click.blogId))),
      )
    : undefined;
  const issue = click.issueId
    ? await first(
        db
          .select({ id: newsletterIssues.id, number: newsletterIssues.number })
          .from(newsletterIssues)
          .where(
            and(eq(newsletterIssues.id, click.issueId), eq(newsletterIssues.blogId, click.blogId)),
          ),
      )
    : undefined;
  const target = await targetOf(db, link, click.blogId, post?.slug, issue?.number);
  const userAgent = click.headers["user-agent"];
  if (isBot(userAgent) || isPrefetch(click.headers)) return target;
  const day = click.now.toISOString().slice(0, 10);
  const visitorHash = createHmac("sha256", await clickSecret(db))
    .update(`${day}\u0000${click.address}\u0000${userAgent}`)
    .digest("base64url");
  const postId = post?.id;
  await db.transaction(async (tx) => {
    await tx.insert(affiliateClicks).values({
      linkId: link.id,
      postId: postId ?? null,
      issueId: issue?.id ?? null,
      visitorHash,
      day,
      createdAt: click.now,
    });
    await tx
      .update(affiliateLinks)
      .set({ clicks: sql`${affiliateLinks.clicks} + 1` })
      .where(eq(affiliateLinks.id, link.id));
  });
  return target;
}

/**
 * The link's URL, with its sub-ID when it has a template and the post is known; a click from a
 * newsletter issue adds the issue's suffix, so its commissions are the issue's.
 */
async function targetOf(
  db: Database,
  link: { id: string; url: string; subIdParam: string | null; subIdTemplate: string | null },
  blogId: string,
  postSlug: string | undefined,
  issueNumber: number | undefined,
): Promise<string> {
  if (!link.subIdParam || !link.subIdTemplate || !postSlug) return link.url;
  const blog = await first(db.select({ slug: blogs.slug }).from(blogs).where(eq(blogs.id, blogId)));
  const template =
    issueNumber === undefined
      ? link.subIdTemplate
      : `${link.subIdTemplate}${issueSubIdSuffix(issueNumber)}`;
  return withSubId(link.url, link.subIdParam, template, {
    post: postSlug,
    blog: blog?.slug ?? "",
    link: link.id,
  });
}

/** Days a click chart covers: today and the 29 before it. */
export const clickChartDays = 30;

/** The last `count` UTC days up to `now`'s, oldest first, as 'YYYY-MM-DD'. */
export function lastDays(now: Date, count = clickChartDays): string[] {
  return Array.from({ length: count }, (_, i) =>
    new Date(now.getTime() - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

export type DailyClicks = { day: string; clicks: number; unique: number };

/**
 * Clicks and unique clicks per UTC day for the last 30 days, zeros filled, for one link or
 * every link of a blog. A unique click is one visitor on one link that day, so a blog's
 * figures are the sum of its links' figures (decision 032).
 */
export async function dailyClicks(
  db: Database,
  scope: { linkId: string } | { blogId: string },
  now: Date,
): Promise<DailyClicks[]> {
  const days = lastDays(now);
  const perDay = await db
    .select({
      day: affiliateClicks.day,
      clicks: sql<number>`count(*)`,
      unique: sql<number>`count(distinct ${affiliateClicks.linkId} || ':' || ${affiliateClicks.visitorHash})`,
    })
    .from(affiliateClicks)
    .innerJoin(affiliateLinks, eq(affiliateLinks.id, affiliateClicks.linkId))
    .where(
      and(
        "linkId" in scope
          ? eq(affiliateClicks.linkId, scope.linkId)
          : eq(affiliateLinks.blogId, scope.blogId),
        gte(affiliateClicks.day, days[0] as string),
      ),
    )
    .groupBy(affiliateClicks.day);
  const byDay = new Map(perDay.map((d) => [d.day, d]));
  return days.map((day) => ({
    day,
    clicks: byDay.get(day)?.clicks ?? 0,
    unique: byDay.get(day)?.unique ?? 0,
  }));
}

/**
 * `GET /api/blogs/{blogId}/affiliate-clicks`: the owner's blog's clicks per day, summed over
 * all its links (404 for a blog that is not theirs).
 */
export async function blogClicks(
  { db, clock = () => new Date() }: { db: Database; clock?: () => Date },
  ownerId: string,
  blogId: string,
): Promise<BlogAffiliateClicks> {
  await blogFor(db, ownerId, blogId, "analytics.view");
  return {
    days: (await dailyClicks(db, { blogId }, clock())).map((d) => ({
      date: d.day,
      clicks: d.clicks,
      uniqueClicks: d.unique,
    })),
  };
}
