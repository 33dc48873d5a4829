import type { LinkFormValues } from "../../../lib/affiliate-link-form.ts";

// The form's rules live in lib, shared with the link offered after approving a recommendation.
export type { LinkFormValues } from "../../../lib/affiliate-link-form.ts";

/** The edit dialog sends only what changed (an unchanged form sends nothing). */
export function linkChanges(
  link: Omit<LinkFormValues, "subIdParam" | "subIdTemplate"> & {
    subIdParam?: string | null;
    subIdTemplate?: string | null;
  },
  form: LinkFormValues,
): Partial<LinkFormValues> {
  const changes: Partial<LinkFormValues> = {};
  if (form.keyword !== link.keyword) changes.keyword = form.keyword;
  if (form.url !== link.url) changes.url = form.url;
  if (form.autoInsert !== link.autoInsert) changes.autoInsert = form.autoInsert;
  // '' clears a sub-ID; a link without one has null.
  for (const field of ["subIdParam", "subIdTemplate"] as const) {
    const value = form[field];
    if (value !== undefined && value !== (link[field] ?? "")) changes[field] = value;
  }
  return changes;
}
