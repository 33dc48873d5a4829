import type { Role } from "./roles.ts";
import { z } from "./zod.ts";

/**
 * A person's public author profile on one blog (issue 35, decision 368): the byline of their
 * posts there and their author page. Limits as the persona's (contracts/voice.ts).
 */
export const authorProfileLimits = { name: 100, bio: 1_000, links: 5 } as const;

/** `PUT /api/blogs/:blogId/authors/me` and `…/authors/:userId`: the whole profile. */
export const authorProfileInput = z.object({
  name: z
    .string({ error: "Author name is required" })
    .trim()
    .min(1, "Author name is required")
    .max(
      authorProfileLimits.name,
      `Author name must be at most ${authorProfileLimits.name} characters`,
    ),
  bio: z
    .string({ error: "Bio must be text" })
    .trim()
    .max(authorProfileLimits.bio, `Bio must be at most ${authorProfileLimits.bio} characters`)
    .nullable()
    .optional()
    .transform((value) => value || null),
  /** A media item of the blog's library, or null. */
  photoId: z.string().trim().min(1).nullable().optional().default(null),
  links: z
    .array(
      z.url({
        protocol: /^https?$/,
        error: "must be a full http(s) address, like https://example.com/page",
      }),
    )
    .max(authorProfileLimits.links, `Profile links: at most ${authorProfileLimits.links}`)
    .default([]),
});
export type AuthorProfileInput = z.infer<typeof authorProfileInput>;

export const authorParams = z.object({
  blogId: z.string().trim().min(1).max(64),
  userId: z.string().trim().min(1).max(64),
});
export type AuthorParams = z.infer<typeof authorParams>;

/** One person's profile on a blog as the dashboard shows it. */
export type AuthorProfile = {
  userId: string;
  /** null: no profile yet (readers see the account's public name). */
  name: string | null;
  bio: string | null;
  photoId: string | null;
  /** The photo's address (`/media/…`), when it is an image of the blog's library. */
  photoUrl: string | null;
  links: string[];
  /** The author page's slug on the blog (`/author/{slug}`), once there is a profile. */
  slug: string | null;
};

/** `GET /api/blogs/:blogId/authors`: the team (owner first), each with their profile. */
export type BlogAuthor = AuthorProfile & {
  role: Role;
  /** The account's public name (the byline without a profile), never the e-mail. */
  publicName: string | null;
};
