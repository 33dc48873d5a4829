import type { AffiliateRecommendation } from "@contracts/recommendations.ts";
import { useState } from "react";
import { AffiliateLinkDialog } from "../../../components/affiliate-link-dialog.tsx";
import type { LinkFormValues } from "../../../lib/affiliate-link-form.ts";
import { linkDraftOf } from "./recommendation-summary.ts";

/**
 * Offered once a program is approved (a step the spec does not have, see
 * docs/decisions/030-affiliate-recommendation-review.md): an affiliate link for it, keyword
 * from the program's name, URL from its sign-up page, auto-insert on. `onSubmit` gets trimmed
 * values and throws when the server refuses them; the caller shows the toast, the dialog stays
 * open and shows the server's reason under the field it names.
 */
export function ProgramLinkDialog({
  recommendation,
  blogName,
  onOpenChange,
  onCloseAutoFocus,
  onSubmit,
}: {
  recommendation: AffiliateRecommendation;
  blogName: string;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes once the dialog is gone (the approved card has left the list). */
  onCloseAutoFocus?: (event: Event) => void;
  onSubmit: (values: LinkFormValues) => Promise<void>;
}) {
  const [initial] = useState(() => linkDraftOf(recommendation));
  return (
    <AffiliateLinkDialog
      texts={{
        title: "Create an affiliate link",
        description: `Link ${recommendation.programName} from the published posts of ${blogName}. Once you have joined the program, replace the sign-up page with your own affiliate link.`,
        submit: "Create link",
        busy: "Creating...",
        cancel: "Not now",
      }}
      initial={initial}
      conflictOnKeyword
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      onSubmit={onSubmit}
    />
  );
}
