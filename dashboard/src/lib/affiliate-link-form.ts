/**
 * The affiliate link form's rules, shared by the Affiliate Links screen and the link offered
 * after approving an AI recommendation (spec section 5).
 */

import type { AffiliateLink } from "@contracts/affiliate-links.ts";

/** What a link form holds while a person types. */
export type LinkFormValues = { keyword: string; url: string; autoInsert: boolean };

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
  return { ok: true, value: { keyword, url, autoInsert: form.autoInsert } };
}

/** What the owner is told once a link is created, on either screen. */
export const linkCreatedToast = (link: Pick<AffiliateLink, "keyword" | "autoInsert">) => ({
  title: "Link created",
  description: link.autoInsert
    ? `“${link.keyword}” will be linked in published posts.`
    : `“${link.keyword}” is saved with auto-insert off.`,
});
