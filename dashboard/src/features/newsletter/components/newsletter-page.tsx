import type { Blog } from "@contracts/blogs.ts";
import type { NewsletterIssue } from "@contracts/newsletter-issues.ts";
import { MailCheckIcon, NewspaperIcon, SendIcon } from "lucide-react";
import { useState } from "react";
import { BlogScreen } from "../../../components/blog-screen.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { DataTable } from "../../../components/data-table.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { MetricCard } from "../../../components/metric-card.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { cancelIssue, useBlogNewsletter } from "../../../lib/api/newsletter.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { formatDayAndTime } from "../../../lib/format-date.ts";
import {
  formatRevenue,
  issueKindLabels,
  issueStatusLabels,
  isUnderWay,
} from "../../../lib/newsletter-issues.ts";

/**
 * Newsletter (issue 36, decision 377): the blog's issues (posts sent by e-mail and weekly
 * digests) with their reports, for those who send them. Read again while one is on its way.
 */
export function NewsletterPage() {
  return <BlogScreen title="Newsletter">{(blog) => <Newsletter blog={blog} />}</BlogScreen>;
}

/** When an issue went out, or was made when it has not finished. */
const dateOf = (issue: NewsletterIssue) =>
  issue.status === "sent"
    ? (issue.finishedAt ?? issue.startedAt ?? issue.createdAt)
    : issue.createdAt;

function Newsletter({ blog }: { blog: Blog }) {
  const { data, error, mutate } = useBlogNewsletter(blog.id);
  const [toCancel, setToCancel] = useState<NewsletterIssue | null>(null);

  async function confirmCancel() {
    if (!toCancel) return;
    try {
      await cancelIssue(toCancel.id);
      toast({
        title: "Issue cancelled",
        description: `Issue #${toCancel.number} goes to nobody else.`,
      });
      setToCancel(null);
      await mutate();
    } catch (failure) {
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(failure, "Failed to cancel the issue"),
      });
      await mutate();
      throw failure;
    }
  }

  const sentIssues = data?.issues.filter((issue) => issue.status === "sent").length ?? 0;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Newsletter"
        description={`The e-mails ${blog.name} sent to its subscribers, and what became of them.`}
      />
      {data && !data.available && (
        <p role="note" className="rounded-md border border-dashed px-3 py-2 text-sm">
          This server sends no e-mail yet: its administrator sets up an SMTP server (SMTP_URL) to
          send posts and digests. Until then nothing goes out.
        </p>
      )}
      {data && (
        <div className="grid gap-4 sm:grid-cols-2">
          <MetricCard title="Confirmed subscribers" value={data.subscribed} icon={MailCheckIcon} />
          <MetricCard title="Issues sent" value={sentIssues} icon={SendIcon} />
        </div>
      )}
      <Card className="p-4">
        {error && !data ? (
          <LoadError
            variant="inline"
            message={errorMessage(error, "Failed to load the newsletter.")}
            retryLabel="Retry"
            onRetry={() => void mutate()}
          />
        ) : !data ? (
          <p role="status" className="py-8 text-center text-sm text-muted-foreground">
            Loading issues...
          </p>
        ) : data.issues.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center">
            <NewspaperIcon aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="text-sm text-muted-foreground">
              No issues yet. Tick “Also send by e-mail” in the editor to send a post to the list.
            </p>
          </div>
        ) : (
          <DataTable
            aria-label="Issues"
            rows={data.issues}
            rowKey={(issue) => issue.id}
            columns={[
              { key: "number", header: "#", cell: (issue) => issue.number },
              {
                key: "subject",
                header: "Subject",
                cellClassName: "font-medium",
                cell: (issue) => (
                  <>
                    {issue.subject}
                    {issue.error && (
                      <span className="block text-xs font-normal text-error">{issue.error}</span>
                    )}
                  </>
                ),
              },
              { key: "kind", header: "Kind", cell: (issue) => issueKindLabels[issue.kind] },
              {
                key: "status",
                header: "Status",
                cell: (issue) => (
                  <Badge variant={issue.status === "sent" ? "default" : "secondary"}>
                    {issueStatusLabels[issue.status]}
                  </Badge>
                ),
              },
              {
                key: "date",
                header: "Date",
                cell: (issue) => (
                  <time dateTime={dateOf(issue)}>{formatDayAndTime(new Date(dateOf(issue)))}</time>
                ),
              },
              { key: "recipients", header: "Recipients", cell: (issue) => issue.recipients ?? "—" },
              { key: "delivered", header: "Delivered", cell: (issue) => issue.report.delivered },
              { key: "bounced", header: "Bounced", cell: (issue) => issue.report.bounced },
              {
                key: "unsubscribed",
                header: "Unsubscribed",
                cell: (issue) => issue.report.unsubscribed,
              },
              {
                key: "clicks",
                header: "Affiliate clicks",
                cell: (issue) => issue.report.affiliateClicks,
              },
              {
                key: "revenue",
                header: "Revenue",
                cell: (issue) => formatRevenue(issue.report.revenue),
              },
              {
                key: "actions",
                header: <span className="sr-only">Actions</span>,
                cellClassName: "text-right",
                cell: (issue) =>
                  isUnderWay(issue) && (
                    <Button variant="outline" size="sm" onClick={() => setToCancel(issue)}>
                      Cancel<span className="sr-only"> issue #{issue.number}</span>
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </Card>

      <ConfirmDialog
        open={toCancel !== null}
        onOpenChange={(open) => !open && setToCancel(null)}
        title={`Cancel issue #${toCancel?.number ?? ""}?`}
        description={`“${toCancel?.subject ?? ""}” goes to nobody else. Those who got it keep it.`}
        cancelLabel="Keep sending"
        confirmLabel="Cancel issue"
        pendingLabel="Cancelling..."
        onConfirm={confirmCancel}
      />
    </div>
  );
}
