import type { ReviewReason } from "@contracts/posts.ts";
import { ShieldAlertIcon } from "lucide-react";

/**
 * Why content automation held a post for review instead of publishing it (the checks it
 * failed, docs/decisions/052): on the post card in short, in the editor in full.
 */
export function ReviewReasons({
  reasons,
  compact = false,
}: {
  reasons: readonly ReviewReason[];
  compact?: boolean;
}) {
  if (reasons.length === 0) return null;
  const heading = "Held for review by automation";
  if (compact)
    return (
      <p
        className="flex items-start gap-1.5 text-xs text-error"
        title={reasons.map((r) => `${r.label}: ${r.reason}`).join("\n")}
      >
        <ShieldAlertIcon aria-hidden="true" className="mt-px size-3.5 shrink-0" />
        <span>
          {heading}: {reasons.map((r) => r.label).join(", ")}
        </span>
      </p>
    );
  return (
    <section
      aria-label={heading}
      className="space-y-2 rounded-md border border-error/40 px-3 py-2 text-sm"
    >
      <p className="flex items-center gap-2 font-medium">
        <ShieldAlertIcon aria-hidden="true" className="size-4 shrink-0" />
        {heading}. It was not published because:
      </p>
      <ul className="list-disc space-y-1 pl-6">
        {reasons.map((reason) => (
          <li key={reason.id}>
            <strong className="font-medium">{reason.label}:</strong> {reason.reason}
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground">
        Fix what you agree with, then publish it yourself when it is ready.
      </p>
    </section>
  );
}
