import type { AffiliateRecommendation } from "@contracts/recommendations.ts";
import { AffiliateLinkDialog } from "../../../components/affiliate-link-dialog.tsx";
import type { LinkFormValues } from "../../../lib/affiliate-link-form.ts";
import { useKeywordSuggestions } from "../api/get-keyword-suggestions.ts";
import { linkDraftOf } from "./recommendation-summary.ts";

/**
 * Offered once a program is approved (a step added by
 * docs/decisions/030-affiliate-recommendation-review.md): an affiliate link for it, the keyword
 * the best one suggested from the blog's posts with the others to pick (decision 354), URL from
 * its sign-up page, auto-insert on. It opens once the suggestions are in (or could not be read:
 * then the keyword is left for the owner). `onSubmit` gets trimmed values and throws when the
 * server refuses them; the caller shows the toast, the dialog stays open and shows the server's
 * reason under the field it names.
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
  const { data, error } = useKeywordSuggestions(recommendation.id);
  if (!data && !error) return null;
  const keywords = data?.keywords ?? [];
  return (
    <AffiliateLinkDialog
      texts={{
        title: "Create an affiliate link",
        description: `Link ${recommendation.programName} from the published posts of ${blogName}. Once you have joined the program, replace the sign-up page with your own affiliate link.`,
        submit: "Create link",
        busy: "Creating...",
        cancel: "Not now",
        placeholders: { keyword: "A phrase your posts use" },
      }}
      initial={linkDraftOf(recommendation, keywords)}
      keywordChoices={keywords}
      conflictOnKeyword
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      onSubmit={onSubmit}
    />
  );
}
