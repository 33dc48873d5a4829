import type { AffiliateLink } from "@contracts/affiliate-links.ts";
import { ClickChart } from "../../../components/click-chart.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { TitledDialog } from "../../../components/titled-dialog.tsx";
import { useAffiliateLinkClicks } from "../api/get-affiliate-link-clicks.ts";

/** A link's detail (issue 7): total and unique clicks, and clicks per day for 30 days. */
export function LinkStatsDialog({
  link,
  onOpenChange,
  onCloseAutoFocus,
}: {
  link: AffiliateLink;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes once the dialog is gone (its opener may have gone with it). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { data, error, isLoading, mutate } = useAffiliateLinkClicks(link.id);
  return (
    <TitledDialog
      onOpenChange={onOpenChange}
      title={`Clicks for “${link.keyword}”`}
      description={link.url}
      descriptionClassName="break-all"
      className="sm:max-w-xl"
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {isLoading && (
        <p role="status" className="py-8 text-center text-sm text-muted-foreground">
          Loading clicks...
        </p>
      )}
      {error && !data && (
        <LoadError
          variant="card"
          title="Error loading clicks"
          retryLabel="Try again"
          onRetry={() => void mutate()}
        />
      )}
      {data && (
        <div className="space-y-6">
          <dl className="grid grid-cols-2 gap-4">
            <div className="rounded-lg border p-4">
              <dt className="text-sm text-muted-foreground">Total clicks</dt>
              <dd className="text-2xl font-semibold tabular-nums">{data.total}</dd>
            </div>
            <div className="rounded-lg border p-4">
              <dt className="text-sm text-muted-foreground">Unique clicks</dt>
              <dd className="text-2xl font-semibold tabular-nums">{data.unique}</dd>
            </div>
          </dl>
          <ClickChart days={data.days} />
          <p className="text-xs text-muted-foreground">
            Unique clicks count each visitor once a day. Search engines, AI crawlers and prefetches
            are not counted.
          </p>
        </div>
      )}
    </TitledDialog>
  );
}
