import {
  type AuthorProfile,
  type AuthorProfileInput,
  authorProfileInput,
} from "@contracts/authors.ts";
import { z } from "@contracts/zod.ts";
import { linesOf } from "./voice-form.ts";

/** What the Author Profile card edits: the links as typed, one address a line. */
export type AuthorProfileForm = {
  name: string;
  bio: string;
  photoId: string | null;
  links: string;
};

/**
 * The saved profile as the form shows it; without one yet, the name starts as the account's
 * public name (what readers see until a profile is saved).
 */
export function authorProfileFormOf(
  profile: AuthorProfile,
  publicName?: string | null,
): AuthorProfileForm {
  return {
    name: profile.name ?? publicName ?? "",
    bio: profile.bio ?? "",
    photoId: profile.photoId,
    links: profile.links.join("\n"),
  };
}

/**
 * The card's resolver: the form turned into the body and checked by the API's own schema, so
 * a save never sends what the server would refuse, with the same messages. A link's problem
 * names the link.
 */
export const authorProfileFormSchema = z
  .object({
    name: z.string(),
    bio: z.string(),
    photoId: z.string().nullable(),
    links: z.string(),
  })
  .transform((form, ctx): AuthorProfileInput => {
    const payload = { ...form, links: linesOf(form.links) };
    const result = authorProfileInput.safeParse(payload);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const [field, index] = issue.path;
      const name = String(field ?? "");
      const message =
        name === "links" && typeof index === "number"
          ? `“${payload.links[index]}” ${issue.message}`
          : issue.message;
      ctx.addIssue({ code: "custom", path: [name], message });
    }
    return z.NEVER;
  });
