/**
 * The affiliate link form's rules, shared by the Affiliate Links screen and the link offered
 * after approving an AI recommendation (spec section 5).
 */

import type { AffiliateLink } from "@contracts/affiliate-links.ts";

/** What a link form holds while a person types. */
export type LinkFormValues = {
  keyword: string;
  url: string;
  autoInsert: boolean;
  /** Optional sub-ID (issue 18): the network's query parameter and the template put there. */
  subIdParam?: string;
  subIdTemplate?: string;
};

export type LinkFormCheck =
  | { ok: true; value: LinkFormValues }
  | { ok: false; title: string; description: string; blank: ("keyword" | "url")[] };

/**
 * Spec section 5: keyword and URL are both required after trimming, else 'Required fields
 * missing' / 'Please enter both keyword and URL.' The URL's form is left to the server, whose
 * message is shown as it is (one rule, written once in the contract).
 */
export function validateLinkForm(form: LinkFormValues): LinkFormCheck {
  const keyword = form.keyword.trim();
  const url = form.url.trim();
  const blank = [...(keyword ? [] : ["keyword" as const]), ...(url ? [] : ["url" as const])];
  if (blank.length > 0) {
    return {
      ok: false,
      title: "Required fields missing",
      description: "Please enter both keyword and URL.",
      blank,
    };
  }
  const subIdParam = form.subIdParam?.trim();
  const subIdTemplate = form.subIdTemplate?.trim();
  return {
    ok: true,
    value: {
      keyword,
      url,
      autoInsert: form.autoInsert,
      // Sent only when the form has them (the recommendation's quick form does not).
      ...(subIdParam !== undefined ? { subIdParam } : {}),
      ...(subIdTemplate !== undefined ? { subIdTemplate } : {}),
    },
  };
}

/** What the owner is told once a link is created, on either screen. */
export const linkCreatedToast = (link: Pick<AffiliateLink, "keyword" | "autoInsert">) => ({
  title: "Link created",
  description: link.autoInsert
    ? `“${link.keyword}” will be linked in published posts.`
    : `“${link.keyword}” is saved with auto-insert off.`,
});
