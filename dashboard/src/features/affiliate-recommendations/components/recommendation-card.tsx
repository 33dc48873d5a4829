import type { AffiliateRecommendation } from "@contracts/recommendations.ts";
import { CheckIcon, ExternalLinkIcon, LinkIcon, XIcon } from "lucide-react";
import { useId } from "react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";

/** 'Visit Program': the sign-up page in a new tab, without handing it this page. */
function VisitProgramLink({ url, describedBy }: { url: string; describedBy: string }) {
  return (
    <Button asChild variant="ghost">
      <a href={url} target="_blank" rel="noopener noreferrer" aria-describedby={describedBy}>
        <ExternalLinkIcon aria-hidden="true" />
        Visit Program
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}

/**
 * A pending recommendation: name, category badge, description, commission
 * if known, the reasoning under 'Why this program:', and the review buttons. While its decision
 * runs both buttons are disabled and the pressed one says what is happening.
 */
export function PendingRecommendationCard({
  recommendation: r,
  deciding,
  onApprove,
  onReject,
}: {
  recommendation: AffiliateRecommendation;
  /** The decision under way for this card, if any. */
  deciding: "approved" | "rejected" | null;
  onApprove: () => void;
  onReject: () => void;
}) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      aria-busy={deciding ? true : undefined}
      className="space-y-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="text-lg font-semibold leading-tight">
          {r.programName}
        </h3>
        <Badge variant="secondary">{r.category}</Badge>
      </div>
      <p className="text-sm">{r.description}</p>
      {r.commissionRate && (
        <p className="text-sm">
          <span className="font-medium">Commission: </span>
          {r.commissionRate}
        </p>
      )}
      {r.reasoning && (
        <div className="rounded-lg bg-muted p-3 text-sm">
          <p className="font-medium">Why this program:</p>
          <p className="mt-1 text-muted-foreground">{r.reasoning}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button disabled={deciding !== null} onClick={onApprove} aria-describedby={titleId}>
          <CheckIcon aria-hidden="true" />
          {deciding === "approved" ? "Approving..." : "Approve Program"}
        </Button>
        <Button
          variant="outline"
          disabled={deciding !== null}
          onClick={onReject}
          aria-describedby={titleId}
        >
          <XIcon aria-hidden="true" />
          {deciding === "rejected" ? "Rejecting..." : "Reject"}
        </Button>
        <VisitProgramLink url={r.signupUrl} describedBy={titleId} />
      </div>
    </article>
  );
}

/** An approved program, kept so that a link for it can still be made after 'Not now'. */
export function ApprovedProgramRow({
  recommendation: r,
  onCreateLink,
}: {
  recommendation: AffiliateRecommendation;
  onCreateLink: () => void;
}) {
  const titleId = useId();
  return (
    <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-medium">
            {r.programName}
          </h3>
          <Badge variant="outline">{r.category}</Badge>
        </div>
        {r.commissionRate && (
          <p className="text-sm text-muted-foreground">Commission: {r.commissionRate}</p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onCreateLink} aria-describedby={titleId}>
          <LinkIcon aria-hidden="true" />
          Create link
        </Button>
        <VisitProgramLink url={r.signupUrl} describedBy={titleId} />
      </div>
    </div>
  );
}
