import type { ReactNode } from "react";
import { LoadError } from "../../../components/load-error.tsx";
import { TitledCard } from "../../../components/titled-card.tsx";

/** How a report card's data is doing: failed (with nothing to show) and how to load it again. */
export type ReportLoad = { failed: boolean; onRetry: () => void };

/**
 * A report of the Performance screen in its card: the report once it is in, else the failure
 * with a retry, else a loading line. `after` stays under the report in every state.
 */
export function ReportCard<T>({
  id,
  title,
  description,
  report,
  failed,
  onRetry,
  failedTitle,
  loadingText,
  after,
  children,
}: {
  /** Names the card's title (the card's accessible name). */
  id: string;
  title: string;
  description: ReactNode;
  report: T | undefined;
  failedTitle: string;
  loadingText: string;
  after?: ReactNode;
  children: (report: T) => ReactNode;
} & ReportLoad) {
  return (
    <TitledCard id={id} title={title} description={description} contentClassName="space-y-6">
      {report !== undefined ? (
        children(report)
      ) : failed ? (
        <LoadError variant="card" title={failedTitle} retryLabel="Try again" onRetry={onRetry} />
      ) : (
        <p role="status" className="py-6 text-center text-sm text-muted-foreground">
          {loadingText}
        </p>
      )}
      {after}
    </TitledCard>
  );
}
