/**
 * The affiliate link form's rules, shared by the Affiliate Links screen and the link offered
 * after approving an AI recommendation.
 */

import { type AffiliateLink, createAffiliateLinkInput } from "@contracts/affiliate-links.ts";

/** What a link form holds while a person types. */
export type LinkFormValues = {
  keyword: string;
  url: string;
  autoInsert: boolean;
  /** Optional sub-ID (issue 18): the network's query parameter and the template put there. */
  subIdParam?: string;
  subIdTemplate?: string;
};

/**
 * The form's rules are the contract's: keyword and URL required after trimming, the URL an
 * absolute http(s) address, the sub-ID's parameter and template as the server takes them.
 */
export const linkFormSchema = createAffiliateLinkInput.pick({
  keyword: true,
  url: true,
  autoInsert: true,
  subIdParam: true,
  subIdTemplate: true,
});

/** What the dialog says when keyword or URL is blank. */
export const requiredFieldsToast = {
  variant: "destructive",
  title: "Required fields missing",
  description: "Please enter both keyword and URL.",
} as const;

/** What the owner is told once a link is created, on either screen. */
export const linkCreatedToast = (link: Pick<AffiliateLink, "keyword" | "autoInsert">) => ({
  title: "Link created",
  description: link.autoInsert
    ? `“${link.keyword}” will be linked in published posts.`
    : `“${link.keyword}” is saved with auto-insert off.`,
});
