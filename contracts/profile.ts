import { limits } from "./limits.ts";
import { z } from "./zod.ts";

export const publicNameTooLong = `Display name must be at most ${limits.publicName} characters`;
export const publicBioTooLong = `Bio must be at most ${limits.publicBio} characters`;

/**
 * `PATCH /api/auth/profile`: the owner's public identity on every blog (decision 055). Blank
 * (or null) clears a field; without a display name, bylines show the blog's name. Absent
 * fields stay as they are.
 */
export const publicProfileInput = z.object({
  displayName: z
    .string({ error: "Display name must be text" })
    .trim()
    .max(limits.publicName, publicNameTooLong)
    .nullable()
    .transform((value) => value || null)
    .optional(),
  bio: z
    .string({ error: "Bio must be text" })
    .trim()
    .max(limits.publicBio, publicBioTooLong)
    .nullable()
    .transform((value) => value || null)
    .optional(),
});
export type PublicProfileInput = z.infer<typeof publicProfileInput>;

/** `GET` and `PATCH /api/auth/profile`: what readers see as the author. */
export type PublicProfile = { displayName: string | null; bio: string | null };
