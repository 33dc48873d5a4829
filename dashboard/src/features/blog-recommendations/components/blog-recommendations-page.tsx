import type { BlogRecommendation } from "@contracts/recommendations.ts";
import { LightbulbIcon, Loader2Icon, SparklesIcon } from "lucide-react";
import { type ReactNode, type Ref, useId, useRef, useState } from "react";
import { LoadError } from "../../../components/load-error.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { useSelectedBlog } from "../../../lib/selected-blog-context.tsx";
import { useApproveBlogRecommendation } from "../api/approve-blog-recommendation.ts";
import { useGenerateBlogRecommendations } from "../api/generate-blog-recommendations.ts";
import { useBlogRecommendations } from "../api/get-blog-recommendations.ts";
import { useRejectBlogRecommendation } from "../api/reject-blog-recommendation.ts";
import { MaximumTrustCard } from "./maximum-trust-card.tsx";
import {
  ApprovedRecommendationCard,
  PendingRecommendationCard,
  type RecommendationAction,
  RejectedRecommendationCard,
} from "./recommendation-cards.tsx";
import { groupRecommendations } from "./recommendation-groups.ts";

/**
 * AI Blog Recommendations: the owner's blog ideas, not one blog's, so the
 * screen works without a selected blog — an owner with no blog is who needs ideas most
 * (docs/decisions/031-blog-ideas-screen.md).
 */
export function BlogRecommendationsPage() {
  const { data: ideas, error, isLoading, isValidating, mutate } = useBlogRecommendations();
  const { generate, isGenerating } = useGenerateBlogRecommendations();
  const approve = useApproveBlogRecommendation();
  const reject = useRejectBlogRecommendation();
  const { selectBlog } = useSelectedBlog();
  const [running, setRunning] = useState<Readonly<Record<string, RecommendationAction>>>({});
  // A decided card leaves the pending group; focus goes to the group's heading, not the page top.
  const pendingHeading = useRef<HTMLHeadingElement>(null);

  function track(id: string, action: RecommendationAction | undefined) {
    setRunning((current) => {
      const next = { ...current };
      if (action) next[id] = action;
      else delete next[id];
      return next;
    });
  }

  async function generateNow() {
    try {
      const fresh = await generate();
      if (fresh.length === 0) {
        toast({
          title: "No New Ideas",
          description:
            "Every idea found is already on this page or one of your blogs. New ideas arrive weekly.",
        });
        return;
      }
      const offline = fresh.every((idea) => idea.source === "offline");
      toast({
        title: "New Ideas Ready",
        description: `${fresh.length} new blog ${fresh.length === 1 ? "idea is" : "ideas are"} waiting for your review.${
          offline ? " They come from the built-in list, as no AI provider is set." : ""
        }`,
      });
    } catch (failure) {
      toast({
        variant: "destructive",
        title: "Generation Failed",
        description: errorMessage(failure, "Failed to generate blog ideas. Please try again."),
      });
    }
  }

  async function approveIdea(idea: BlogRecommendation) {
    track(idea.id, "approve");
    try {
      const { blog } = await approve(idea.id);
      // A newly created blog becomes the selected blog.
      selectBlog(blog.id);
      pendingHeading.current?.focus();
      toast({
        title: "Blog Created Successfully!",
        description: `${blog.name} is now your selected blog. Content automation is on and its first post will be written shortly.`,
      });
    } catch (failure) {
      toast({
        variant: "destructive",
        title: "Approval Failed",
        // The server's message, or this fallback.
        description: errorMessage(failure, "Failed to approve blog recommendation"),
      });
    } finally {
      track(idea.id, undefined);
    }
  }

  async function rejectIdea(idea: BlogRecommendation) {
    track(idea.id, "reject");
    try {
      await reject(idea.id);
      pendingHeading.current?.focus();
      toast({
        title: "Recommendation Rejected",
        description: `${idea.suggestedName} moved to Rejected; the AI will not suggest it again.`,
      });
    } catch (failure) {
      toast({
        variant: "destructive",
        title: "Rejection Failed",
        description: errorMessage(failure, "Failed to reject blog recommendation"),
      });
    } finally {
      track(idea.id, undefined);
    }
  }

  let content: ReactNode;
  if (error && !ideas) {
    content = (
      <LoadError
        variant="page"
        title="Failed to Load Recommendations"
        message={errorMessage(error, "Your blog ideas could not be loaded. Check your connection.")}
        retryLabel="Retry"
        retryingLabel="Retrying..."
        isRetrying={isValidating}
        onRetry={() => void mutate()}
      />
    );
  } else if (isLoading || !ideas) {
    content = (
      <p role="status" className="py-16 text-center text-sm text-muted-foreground">
        Loading recommendations...
      </p>
    );
  } else if (ideas.length === 0) {
    content = (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
        <LightbulbIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="text-xl font-semibold">No Recommendations Yet</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          Our AI researches profitable niches and proposes new blog ideas every week. They will
          appear here for you to approve or reject. Use ‘Generate ideas now’ to get the first ones
          today.
        </p>
      </div>
    );
  } else {
    const groups = groupRecommendations(ideas);
    content = (
      <>
        <IdeaGroup
          title="Pending Recommendations"
          count={groups.pending.length}
          headingRef={pendingHeading}
          description="Approve an idea and its blog is created with content automation on, fed by the suggested topics."
        >
          {groups.pending.length === 0 ? (
            <p className="rounded-xl border border-dashed px-6 py-8 text-center text-sm text-muted-foreground">
              Nothing waiting for review. New ideas arrive weekly, or generate some now.
            </p>
          ) : (
            <div className="grid gap-4 xl:grid-cols-2">
              {groups.pending.map((idea) => (
                <PendingRecommendationCard
                  key={idea.id}
                  idea={idea}
                  running={running[idea.id]}
                  onApprove={() => void approveIdea(idea)}
                  onReject={() => void rejectIdea(idea)}
                />
              ))}
            </div>
          )}
        </IdeaGroup>
        {groups.approved.length > 0 && (
          <IdeaGroup
            title="AI Auto-Created Blogs (Maximum Trust Mode)"
            count={groups.approved.length}
            description="Blogs made from approved ideas, by you or by the AI in maximum trust mode."
          >
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {groups.approved.map((idea) => (
                <ApprovedRecommendationCard key={idea.id} idea={idea} />
              ))}
            </div>
          </IdeaGroup>
        )}
        {groups.rejected.length > 0 && (
          <IdeaGroup title="Rejected" count={groups.rejected.length}>
            <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
              {groups.rejected.map((idea) => (
                <RejectedRecommendationCard key={idea.id} idea={idea} />
              ))}
            </div>
          </IdeaGroup>
        )}
      </>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="AI Blog Recommendations"
        description="Profitable blog ideas the AI researches and proposes every week."
        actions={
          <Button disabled={isGenerating} onClick={() => void generateNow()}>
            {isGenerating ? (
              <Loader2Icon aria-hidden="true" className="animate-spin" />
            ) : (
              <SparklesIcon aria-hidden="true" />
            )}
            {isGenerating ? "Generating ideas..." : "Generate ideas now"}
          </Button>
        }
      />
      <MaximumTrustCard />
      {content}
    </div>
  );
}

function IdeaGroup({
  title,
  count,
  description,
  headingRef,
  children,
}: {
  title: string;
  count: number;
  description?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="space-y-1">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className="flex items-center gap-2 text-xl font-semibold outline-none"
        >
          {title}
          <Badge variant="secondary">{count}</Badge>
        </h2>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}
