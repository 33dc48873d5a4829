import { type ContentCheckInput, checkContent } from "@contracts/content-checks.ts";
import { originality, originalityMinWords } from "@contracts/originality.ts";
import { CircleAlertIcon, CircleCheckIcon, LoaderCircleIcon } from "lucide-react";
import { useDeferredValue, useId, useMemo } from "react";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { useOriginality } from "../api/check-originality.ts";

type ItemStatus = "pass" | "warn" | "pending";

const statusText: Record<ItemStatus, string> = {
  pass: "Passed",
  warn: "Needs attention",
  pending: "Checking",
};

function CheckItem({
  id,
  label,
  status,
  reason,
}: {
  id: string;
  label: string;
  status: ItemStatus;
  reason: string;
}) {
  const Icon =
    status === "pass" ? CircleCheckIcon : status === "warn" ? CircleAlertIcon : LoaderCircleIcon;
  return (
    <li data-check={id} data-status={status} className="flex gap-2 text-sm">
      <Icon
        aria-hidden="true"
        className={cn(
          "mt-0.5 size-4 shrink-0",
          status === "pass" && "text-success",
          status === "warn" && "text-amber-600 dark:text-amber-400",
          status === "pending" && "animate-spin text-muted-foreground",
        )}
      />
      <span>
        <span className="font-medium">
          <span className="sr-only">{statusText[status]}: </span>
          {label}
        </span>
        <span className="block text-xs text-muted-foreground">{reason}</span>
      </span>
    </li>
  );
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

function OriginalityItem({ postId, content }: { postId: string | null; content: string }) {
  const { data, error, tooShort, pending } = useOriginality(postId, content);
  const label = "Originality";
  if (tooShort) {
    return (
      <CheckItem
        id="originality"
        label={label}
        status="warn"
        reason={`Write at least ${originalityMinWords} words to compare with your other posts.`}
      />
    );
  }
  if (error && !pending) {
    return (
      <CheckItem
        id="originality"
        label={label}
        status="warn"
        reason={`Could not compare with your other posts: ${errorMessage(error, "try again later")}.`}
      />
    );
  }
  if (!data) {
    return (
      <CheckItem
        id="originality"
        label={label}
        status="pending"
        reason="Comparing with your other posts…"
      />
    );
  }
  const similar = data.mostSimilar;
  if (similar && similar.similarity >= originality.warnAt) {
    return (
      <CheckItem
        id="originality"
        label={label}
        status="warn"
        reason={`${percent(similar.similarity)} overlaps your post “${similar.title}” in ${similar.blogName}. Rewrite the shared passages.`}
      />
    );
  }
  const compared = `${data.comparedPosts} of your ${data.comparedPosts === 1 ? "post" : "posts"}`;
  return (
    <CheckItem
      id="originality"
      label={label}
      status="pass"
      reason={
        similar
          ? `Original against ${compared}; the closest, “${similar.title}”, overlaps ${percent(similar.similarity)}.`
          : data.comparedPosts === 0
            ? "You have no other posts to compare with yet."
            : `Shares no passage with ${compared}.`
      }
    />
  );
}

/**
 * The SEO panel's content checks (decision 033): the focus keyword, meta lengths, readability
 * and originality, each passing or saying what to change. Shown for every post, AI or not.
 */
export function ContentChecksPanel({
  fields,
  postId,
}: {
  fields: ContentCheckInput;
  postId: string | null;
}) {
  const headingId = useId();
  // Typing stays responsive on long posts: the checks follow at a lower priority.
  const deferred = useDeferredValue(fields);
  const report = useMemo(() => checkContent(deferred), [deferred]);
  const passed = report.checks.filter((c) => c.status === "pass").length;
  const { readability } = report;

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t pt-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-sm font-semibold">
          Content Checks
        </h2>
        <span className="text-xs text-muted-foreground">
          {passed} of {report.checks.length} passed
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-2 rounded-lg bg-muted/50 p-3 text-xs">
        <div className="col-span-2">
          <dt className="text-muted-foreground">Readability (Flesch reading ease)</dt>
          <dd data-slot="readability-score" className="text-sm font-semibold">
            {readability.score === null
              ? readability.label
              : `${readability.score} · ${readability.label}`}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Average sentence</dt>
          <dd>{readability.averageSentenceLength} words</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Longest paragraph</dt>
          <dd>{readability.longestParagraphWords} words</dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">
        {report.focusKeyword
          ? `Focus keyword: “${report.focusKeyword}” (the first keyword).`
          : "The first keyword is the focus keyword."}
      </p>
      <ul aria-label="Content checks" className="space-y-2">
        {report.checks.map((check) => (
          <CheckItem key={check.id} {...check} />
        ))}
        <OriginalityItem postId={postId} content={deferred.content} />
      </ul>
    </section>
  );
}
