import type { NewsletterIssue } from "@contracts/newsletter-issues.ts";
import type { IssueKind, IssueStatus } from "@contracts/newsletters.ts";

/* How the editor's newsletter panel and the Newsletter screen word an issue (decision 377). */

export const issueStatusLabels: Record<IssueStatus, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  cancelled: "Cancelled",
};

export const issueKindLabels: Record<IssueKind, string> = {
  post: "Post",
  digest: "Weekly digest",
};

/** An issue that has not finished: it can still be cancelled, and its report still moves. */
export const isUnderWay = (issue: Pick<NewsletterIssue, "status">) =>
  issue.status === "queued" || issue.status === "sending";

/** "1 subscriber", "12 subscribers". */
export const subscribersCount = (count: number) =>
  `${count} ${count === 1 ? "subscriber" : "subscribers"}`;

/**
 * An amount in the currency's minor units (cents), as money: `{USD, 1250}` is "$12.50", and
 * `{JPY, 300}` is "¥300". A code Intl does not know is shown as it is.
 */
export function formatMinorAmount(currency: string, amountMinor: number): string {
  try {
    const format = new Intl.NumberFormat("en-US", { style: "currency", currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amountMinor / 10 ** digits);
  } catch {
    return `${(amountMinor / 100).toFixed(2)} ${currency}`;
  }
}

/** An issue's revenue, one amount per currency ("$12.50 · €3.00"), or a dash when none. */
export function formatRevenue(revenue: NewsletterIssue["report"]["revenue"]): string {
  if (revenue.length === 0) return "—";
  return revenue.map((item) => formatMinorAmount(item.currency, item.amountMinor)).join(" · ");
}
