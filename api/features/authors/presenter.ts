import type { AuthorProfile, BlogAuthor } from "../../../contracts/authors.ts";
import { mediaPath } from "../../../contracts/media-paths.ts";
import type { Role } from "../../../contracts/roles.ts";
import type { authorProfiles, media } from "../../db/schema.ts";
import { fallbackOf } from "../media/presenter.ts";

export type ProfileRow = typeof authorProfiles.$inferSelect;
type PhotoRow = Pick<typeof media.$inferSelect, "variants">;

/** A person's profile on a blog (or its absence: `name` null) as the dashboard edits it. */
export function presentProfile(
  userId: string,
  row: ProfileRow | null | undefined,
  photo: PhotoRow | null | undefined,
): AuthorProfile {
  return {
    userId,
    name: row?.name ?? null,
    bio: row?.bio ?? null,
    // A photo no longer in the library is not shown as chosen.
    photoId: photo ? (row?.photoId ?? null) : null,
    photoUrl: photo ? mediaPath(fallbackOf(photo.variants).file) : null,
    links: row?.links ?? [],
    slug: row?.slug ?? null,
  };
}

/** One person of the blog's team with their profile; never their e-mail. */
export const presentBlogAuthor = (
  person: { userId: string; role: Role; publicName: string | null },
  row: ProfileRow | null | undefined,
  photo: PhotoRow | null | undefined,
): BlogAuthor => ({
  ...presentProfile(person.userId, row, photo),
  role: person.role,
  publicName: person.publicName,
});
