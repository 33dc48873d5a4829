import { and, count, desc, eq, inArray, isNotNull, like, sum } from "drizzle-orm";
import type { IssueReport, NewsletterIssue } from "../../../contracts/newsletter-issues.ts";
import type { Queryable } from "../../db/client.ts";
import {
  affiliateClicks,
  commissions,
  newsletterDeliveries,
  newsletterIssues,
  subscribers,
} from "../../db/schema.ts";
import { issueSubIdSuffix } from "../affiliate-links/sub-id.ts";

/* What became of each issue (decision 373): its deliveries, unsubscribes, clicks and revenue. */

type IssueRow = typeof newsletterIssues.$inferSelect;

const emptyReport = (): IssueReport => ({
  sent: 0,
  delivered: 0,
  bounced: 0,
  deferred: 0,
  unknown: 0,
  unsubscribed: 0,
  affiliateClicks: 0,
  revenue: [],
});

/** The reports of `issues`, a few grouped reads for all of them. */
export async function reportsOf(
  db: Queryable,
  issues: Pick<IssueRow, "id" | "blogId" | "number">[],
): Promise<Map<string, IssueReport>> {
  const reports = new Map(issues.map((issue) => [issue.id, emptyReport()]));
  if (issues.length === 0) return reports;
  const ids = issues.map((issue) => issue.id);
  const [byStatus, unsubscribed, clicks] = await Promise.all([
    db
      .select({
        issueId: newsletterDeliveries.issueId,
        status: newsletterDeliveries.status,
        n: count(),
      })
      .from(newsletterDeliveries)
      .where(inArray(newsletterDeliveries.issueId, ids))
      .groupBy(newsletterDeliveries.issueId, newsletterDeliveries.status),
    db
      .select({ issueId: newsletterDeliveries.issueId, n: count() })
      .from(newsletterDeliveries)
      .where(
        and(
          inArray(newsletterDeliveries.issueId, ids),
          isNotNull(newsletterDeliveries.unsubscribedAt),
        ),
      )
      .groupBy(newsletterDeliveries.issueId),
    db
      .select({ issueId: affiliateClicks.issueId, n: count() })
      .from(affiliateClicks)
      .where(inArray(affiliateClicks.issueId, ids))
      .groupBy(affiliateClicks.issueId),
  ]);
  for (const row of byStatus) {
    const report = reports.get(row.issueId);
    if (!report) continue;
    const n = Number(row.n);
    if (row.status !== "sending") report.sent += n;
    if (row.status === "sent") report.delivered += n;
    if (row.status === "bounced" || row.status === "failed") report.bounced += n;
    if (row.status === "deferred") report.deferred += n;
    if (row.status === "unknown") report.unknown += n;
  }
  for (const row of unsubscribed) {
    const report = reports.get(row.issueId);
    if (report) report.unsubscribed = Number(row.n);
  }
  for (const row of clicks) {
    const report = row.issueId ? reports.get(row.issueId) : undefined;
    if (report) report.affiliateClicks = Number(row.n);
  }
  // Commissions whose sub-ID ends with the issue's suffix, per currency.
  for (const issue of issues) {
    const rows = await db
      .select({ currency: commissions.currency, amount: sum(commissions.amountMinor) })
      .from(commissions)
      .where(
        and(
          eq(commissions.blogId, issue.blogId),
          like(commissions.subId, `%${issueSubIdSuffix(issue.number)}`),
        ),
      )
      .groupBy(commissions.currency);
    const report = reports.get(issue.id);
    if (report)
      report.revenue = rows.map((r) => ({ currency: r.currency, amountMinor: Number(r.amount) }));
  }
  return reports;
}

/** One issue with its report. */
export async function withReport(db: Queryable, row: IssueRow): Promise<NewsletterIssue> {
  const reports = await reportsOf(db, [row]);
  return presentIssue(row, reports.get(row.id) ?? emptyReport());
}

export function presentIssue(row: IssueRow, report: IssueReport): NewsletterIssue {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    postId: row.postId,
    subject: row.subject,
    status: row.status,
    recipients: row.recipients,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    report,
  };
}

/** Issues shown per blog: the newest. */
const issuesShown = 50;

/** The blog's newest issues with their reports. */
export async function issuesOf(db: Queryable, blogId: string): Promise<NewsletterIssue[]> {
  const rows = await db
    .select()
    .from(newsletterIssues)
    .where(eq(newsletterIssues.blogId, blogId))
    .orderBy(desc(newsletterIssues.number))
    .limit(issuesShown);
  const reports = await reportsOf(db, rows);
  return rows.map((row) => presentIssue(row, reports.get(row.id) ?? emptyReport()));
}

/** The number of addresses subscribed to the blog now. */
export async function subscribedCount(db: Queryable, blogId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscribers)
    .where(and(eq(subscribers.blogId, blogId), eq(subscribers.status, "subscribed")));
  return Number(row?.n ?? 0);
}
