import type { BlogRecommendation } from "@contracts/recommendations.ts";
import {
  CheckCircle2Icon,
  CheckIcon,
  DollarSignIcon,
  FileTextIcon,
  GlobeIcon,
  ListIcon,
  Loader2Icon,
  type LucideIcon,
  SparklesIcon,
  TrendingUpIcon,
  UsersIcon,
  XIcon,
} from "lucide-react";
import { type ReactNode, useId } from "react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";
import { topicPreview } from "./recommendation-groups.ts";

/** What a pending card is doing right now. */
export type RecommendationAction = "approve" | "reject";

const cardClasses = "flex flex-col rounded-xl border bg-card text-card-foreground shadow-sm";

/** Name, niche and suggested domain: the top of every card. */
function IdeaHeading({
  idea,
  titleId,
  badge,
}: {
  idea: BlogRecommendation;
  titleId: string;
  badge?: ReactNode;
}) {
  return (
    <header className="space-y-1.5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold leading-tight">
          {idea.suggestedName}
        </h3>
        {badge}
      </div>
      <p className="text-sm text-muted-foreground">
        <span className="sr-only">Niche: </span>
        {idea.suggestedNiche}
      </p>
      {idea.suggestedDomain && (
        <p className="flex items-center gap-1.5 text-sm">
          <GlobeIcon aria-hidden="true" className="size-4 text-muted-foreground" />
          <span className="sr-only">Suggested domain: </span>
          <span className="font-mono break-all">{idea.suggestedDomain}</span>
        </p>
      )}
    </header>
  );
}

/** A model may leave a field empty; the card says so rather than showing a blank section. */
function TextOrMissing({ text }: { text: string | null }) {
  return text?.trim() ? (
    <p className="text-sm leading-relaxed">{text}</p>
  ) : (
    <p className="text-sm italic text-muted-foreground">Not given</p>
  );
}

function IdeaSection({
  icon: Icon,
  title,
  children,
  className,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <h4 className="flex items-center gap-1.5 text-sm font-semibold">
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
        {title}
      </h4>
      {children}
    </div>
  );
}

function TopicList({ topics, hiddenCount = 0 }: { topics: string[]; hiddenCount?: number }) {
  if (topics.length === 0)
    return <p className="text-sm italic text-muted-foreground">No topics given</p>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {topics.map((topic) => (
        <li key={topic}>
          <Badge variant="secondary" className="font-normal">
            {topic}
          </Badge>
        </li>
      ))}
      {hiddenCount > 0 && (
        <li>
          <Badge variant="outline" className="font-normal">
            +{hiddenCount} more
          </Badge>
        </li>
      )}
    </ul>
  );
}

const offlineBadge = (idea: BlogRecommendation) =>
  idea.source === "offline" ? (
    <Badge variant="outline" className="font-normal">
      Offline suggestion
    </Badge>
  ) : undefined;

/**
 * A pending idea with every section (overview, audience, topics, monetization) and its two decisions. While one runs,
 * its button says so ('Creating Blog...' / 'Rejecting...') and both are disabled.
 */
export function PendingRecommendationCard({
  idea,
  running,
  onApprove,
  onReject,
}: {
  idea: BlogRecommendation;
  running: RecommendationAction | undefined;
  onApprove: () => void;
  onReject: () => void;
}) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} aria-busy={running !== undefined} className={cardClasses}>
      <div className="space-y-5 p-6">
        <IdeaHeading idea={idea} titleId={titleId} badge={offlineBadge(idea)} />
        <div className="grid gap-5 sm:grid-cols-2">
          <IdeaSection icon={UsersIcon} title="Target Audience">
            <TextOrMissing text={idea.targetAudience} />
          </IdeaSection>
          <IdeaSection icon={DollarSignIcon} title="Monetization Potential">
            <TextOrMissing text={idea.monetizationPotential} />
          </IdeaSection>
          <IdeaSection icon={TrendingUpIcon} title="Market Opportunity">
            <TextOrMissing text={idea.marketOpportunity} />
          </IdeaSection>
          <IdeaSection icon={FileTextIcon} title="Content Strategy">
            <TextOrMissing text={idea.contentStrategy} />
          </IdeaSection>
        </div>
        <IdeaSection icon={ListIcon} title="Suggested Topics">
          <TopicList topics={idea.suggestedTopics} />
        </IdeaSection>
        <IdeaSection icon={SparklesIcon} title="AI Reasoning" className="rounded-lg bg-accent p-4">
          <TextOrMissing text={idea.reasoning} />
        </IdeaSection>
      </div>
      <footer className="mt-auto flex flex-wrap gap-2 border-t p-4 px-6">
        <Button disabled={running !== undefined} onClick={onApprove}>
          {running === "approve" ? (
            <Loader2Icon aria-hidden="true" className="animate-spin" />
          ) : (
            <CheckIcon aria-hidden="true" />
          )}
          {running === "approve" ? "Creating Blog..." : "Approve & Create Blog"}
        </Button>
        <Button variant="outline" disabled={running !== undefined} onClick={onReject}>
          {running === "reject" ? (
            <Loader2Icon aria-hidden="true" className="animate-spin" />
          ) : (
            <XIcon aria-hidden="true" />
          )}
          {running === "reject" ? "Rejecting..." : "Reject"}
        </Button>
      </footer>
    </article>
  );
}

/** An approved idea: its blog exists. At most four topics, then '+N more'; no further actions. */
export function ApprovedRecommendationCard({ idea }: { idea: BlogRecommendation }) {
  const titleId = useId();
  const { shown, hiddenCount } = topicPreview(idea.suggestedTopics);
  return (
    <article aria-labelledby={titleId} className={cn(cardClasses, "gap-4 p-6")}>
      <IdeaHeading
        idea={idea}
        titleId={titleId}
        badge={
          <Badge variant={idea.autoApproved ? "default" : "secondary"}>
            {idea.autoApproved ? "Created by AI" : "Approved by you"}
          </Badge>
        }
      />
      <IdeaSection icon={ListIcon} title="Topics">
        <TopicList topics={shown} hiddenCount={hiddenCount} />
      </IdeaSection>
      <p className="mt-auto flex items-center gap-2 text-sm font-medium text-success">
        <CheckCircle2Icon aria-hidden="true" className="size-4" />
        Blog created with automation enabled
      </p>
    </article>
  );
}

/** A rejected idea, dimmed: name, niche and the reasoning cut to two lines. */
export function RejectedRecommendationCard({ idea }: { idea: BlogRecommendation }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      data-dimmed=""
      className="flex flex-col gap-1.5 rounded-xl border border-dashed bg-muted/60 p-5 text-muted-foreground"
    >
      <h3 id={titleId} className="font-semibold leading-tight">
        {idea.suggestedName}
      </h3>
      <p className="text-sm">
        <span className="sr-only">Niche: </span>
        {idea.suggestedNiche}
      </p>
      {idea.reasoning?.trim() && (
        <p className="line-clamp-2 text-sm" title={idea.reasoning}>
          {idea.reasoning}
        </p>
      )}
    </article>
  );
}
