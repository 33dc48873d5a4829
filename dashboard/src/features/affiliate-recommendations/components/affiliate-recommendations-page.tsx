import type { Blog } from "@contracts/blogs.ts";
import type { AffiliateRecommendation } from "@contracts/recommendations.ts";
import {
  CheckCircle2Icon,
  ClockIcon,
  LoaderCircleIcon,
  SparklesIcon,
  XCircleIcon,
} from "lucide-react";
import { useId, useRef, useState } from "react";
import { BlogScreen } from "../../../components/blog-screen.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { MetricCard } from "../../../components/metric-card.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { linkCreatedToast } from "../../../lib/affiliate-link-form.ts";
import { useCreateAffiliateLink } from "../../../lib/api/create-affiliate-link.ts";
import { useAffiliateRecommendations } from "../../../lib/api/get-affiliate-recommendations.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { useDecideAffiliateRecommendation } from "../api/decide-affiliate-recommendation.ts";
import { useFindAffiliatePrograms } from "../api/find-affiliate-programs.ts";
import { ProgramLinkDialog } from "./program-link-dialog.tsx";
import { ApprovedProgramRow, PendingRecommendationCard } from "./recommendation-card.tsx";
import { foundProgramsToast, summarizeRecommendations } from "./recommendation-summary.ts";

/** AI Recommendations, on the selected blog. */
export function AffiliateRecommendationsPage() {
  return (
    <BlogScreen title="AI Recommendations">
      {(blog) => <AffiliateRecommendationsScreen key={blog.id} blog={blog} />}
    </BlogScreen>
  );
}

const failed = (error: unknown, fallback: string) =>
  toast({ variant: "destructive", title: "Error", description: errorMessage(error, fallback) });

export function AffiliateRecommendationsScreen({ blog }: { blog: Blog }) {
  const { data, error, isValidating, mutate } = useAffiliateRecommendations(blog.id);
  const { findPrograms, isPending: isFinding } = useFindAffiliatePrograms(blog.id);
  const { decideRecommendation, deciding } = useDecideAffiliateRecommendation(blog.id);
  const { createAffiliateLink } = useCreateAffiliateLink();
  const [linkFor, setLinkFor] = useState<AffiliateRecommendation | null>(null);
  const ids = { counts: useId(), pending: useId(), approved: useId() };
  // A decided card leaves the list with its buttons, so focus moves to the list's heading
  // (or back to the 'Create link' button that opened the dialog, which stays).
  const pendingHeading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  async function find() {
    try {
      const found = await findPrograms();
      toast(foundProgramsToast(found.length, blog.name));
    } catch (error) {
      failed(error, "Failed to find affiliate programs");
    }
  }

  async function decide(recommendation: AffiliateRecommendation, status: "approved" | "rejected") {
    try {
      await decideRecommendation(recommendation.id, { status });
      toast({
        title: "Success",
        description: `${recommendation.programName} was ${status}.`,
      });
      if (status === "approved") {
        opener.current = null;
        setLinkFor(recommendation);
      } else {
        pendingHeading.current?.focus();
      }
    } catch (error) {
      failed(error, "Failed to update recommendation");
    }
  }

  function offerLink(recommendation: AffiliateRecommendation) {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setLinkFor(recommendation);
  }

  function restoreFocus(event: Event) {
    event.preventDefault();
    (opener.current?.isConnected ? opener.current : pendingHeading.current)?.focus();
  }

  const summary = data ? summarizeRecommendations(data) : null;

  return (
    <div className="space-y-6">
      <PageHeader
        title="AI Recommendations"
        description={`Affiliate programs the AI suggests for ${blog.name}, for you to approve or reject.`}
        actions={
          <Button onClick={() => void find()} disabled={isFinding} aria-busy={isFinding}>
            {isFinding ? (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
            ) : (
              <SparklesIcon aria-hidden="true" />
            )}
            {isFinding ? "Finding programs..." : "Find programs"}
          </Button>
        }
      />

      {error && !summary ? (
        <LoadError
          variant="banner"
          title="Failed to load recommendations"
          message={errorMessage(
            error,
            "The recommendations could not be loaded. Check your connection.",
          )}
          retryLabel="Retry"
          retryingLabel="Retrying..."
          isRetrying={isValidating}
          onRetry={() => void mutate()}
        />
      ) : !summary ? (
        <p role="status" className="py-16 text-center text-sm text-muted-foreground">
          Loading recommendations...
        </p>
      ) : (
        <>
          <section aria-labelledby={ids.counts}>
            <h2 id={ids.counts} className="sr-only">
              Recommendation counts
            </h2>
            <div className="grid gap-4 sm:grid-cols-3">
              <MetricCard title="Pending" value={summary.counts.pending} icon={ClockIcon} />
              <MetricCard
                title="Approved"
                value={summary.counts.approved}
                icon={CheckCircle2Icon}
              />
              <MetricCard title="Rejected" value={summary.counts.rejected} icon={XCircleIcon} />
            </div>
          </section>

          <section aria-labelledby={ids.pending} className="space-y-4">
            <h2
              id={ids.pending}
              ref={pendingHeading}
              tabIndex={-1}
              className="text-xl font-semibold outline-none"
            >
              Pending Recommendations
            </h2>
            {summary.pending.length === 0 ? (
              <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
                <SparklesIcon aria-hidden="true" className="size-10 text-muted-foreground" />
                <p className="max-w-md font-medium">
                  No pending affiliate program recommendations. AI will suggest programs based on
                  your blog's niche and content.
                </p>
                <p className="max-w-md text-sm text-muted-foreground">
                  Press ‘Find programs’ to get suggestions for {blog.name} now.
                </p>
              </div>
            ) : (
              <ul className="grid gap-4">
                {summary.pending.map((recommendation) => (
                  <li key={recommendation.id}>
                    <PendingRecommendationCard
                      recommendation={recommendation}
                      deciding={deciding.get(recommendation.id) ?? null}
                      onApprove={() => void decide(recommendation, "approved")}
                      onReject={() => void decide(recommendation, "rejected")}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>

          {summary.approved.length > 0 && (
            <section aria-labelledby={ids.approved} className="space-y-4">
              <div className="space-y-1">
                <h2 id={ids.approved} className="text-xl font-semibold">
                  Approved Programs
                </h2>
                <p className="text-sm text-muted-foreground">
                  Join a program on its site, then link it from your posts.
                </p>
              </div>
              <Card>
                <ul className="divide-y">
                  {summary.approved.map((recommendation) => (
                    <li key={recommendation.id}>
                      <ApprovedProgramRow
                        recommendation={recommendation}
                        onCreateLink={() => offerLink(recommendation)}
                      />
                    </li>
                  ))}
                </ul>
              </Card>
            </section>
          )}
        </>
      )}

      {linkFor && (
        <ProgramLinkDialog
          key={linkFor.id}
          recommendation={linkFor}
          blogName={blog.name}
          onOpenChange={(open) => !open && setLinkFor(null)}
          onCloseAutoFocus={restoreFocus}
          onSubmit={async (values) => {
            try {
              const link = await createAffiliateLink({ blogId: blog.id, ...values });
              setLinkFor(null);
              toast(linkCreatedToast(link));
            } catch (error) {
              failed(error, "Failed to create link");
              throw error;
            }
          }}
        />
      )}
    </div>
  );
}
