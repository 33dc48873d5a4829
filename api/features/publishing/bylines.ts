import { eq, inArray } from "drizzle-orm";
import { asciiSlug } from "../../../contracts/ascii-slug.ts";
import type { ThemeImage } from "../../../site-builder/theme/lib/images.ts";
import type { ThemeAuthor } from "../../../site-builder/theme/lib/site.ts";
import type { Queryable } from "../../db/client.ts";
import { authorProfiles, users } from "../../db/schema.ts";
import { type Owner, type Persona, shownAuthor } from "./shown-author.ts";

/** A person's author profile on the blog, as stored (author_profiles, decision 368). */
export type ProfileRow = {
  userId: string;
  name: string;
  bio: string | null;
  photoId: string | null;
  links: string[];
  slug: string;
};

/** A person's account as readers may see it: the public name and bio, never the e-mail. */
export type PublicPerson = { publicName: string | null; publicBio: string | null };

/** What the bylines of one blog are made from, read once per render (not per post). */
export type BylineSources = {
  blogName: string;
  ownerId: string;
  owner: Owner;
  /** The blog's persona (blog_voices) and who answers for it (null: the owner). */
  persona?: Persona & { responsibleUserId?: string | null };
  /** Every author profile of the blog. */
  profiles: ProfileRow[];
  /** The accounts of the posts' authors (and of the persona's responsible person), by id. */
  people: ReadonlyMap<string, PublicPerson>;
  imagesById?: ReadonlyMap<string, ThemeImage>;
  /** The slug of a name (asciiSlug, or the transliterating slugify for other names). */
  slugOf: (name: string) => string;
};

/** What a post says of who wrote it, for its byline. */
export type PostAuthorship = { authorId: string | null; source: "owner" | "ai" | "offline" };

export type Bylines = {
  /** The blog's author: its persona, else the owner (by profile, else public name, else blog name). */
  blogAuthor: ThemeAuthor;
  /** A post's own author, or undefined when it is the blog's author. */
  authorOf: (post: PostAuthorship) => ThemeAuthor | undefined;
  /**
   * A person who reviewed a post, by the name readers may see: their profile on the blog, else
   * their public name; undefined without one (never the persona, the blog's or an e-mail).
   */
  reviewerOf: (userId: string) => { name: string } | undefined;
};

/** A page slug no other person's can take: the name's, then part of the person's id. */
const personalSlug = (base: string, userId: string) =>
  `${base || "author"}-${userId.slice(0, 6).toLowerCase()}`;

/**
 * Who readers see as the author of each post of a blog (decision 368):
 * - imported posts without an author, and posts the AI wrote, are the blog's author: its
 *   persona (naming the person who answers for it), else the owner;
 * - the owner's posts are the blog's author too, unless the blog has a persona and the owner
 *   has a profile of their own there (then they are the owner's, by that profile);
 * - anyone else's are theirs: their profile on the blog, else their account's public name,
 *   else the blog's name (never the e-mail, decision 055).
 * Each person's author object is made once and shared by their posts.
 */
export function makeBylines(sources: BylineSources): Bylines {
  const { blogName, ownerId, persona, slugOf } = sources;
  const profiles = new Map(sources.profiles.map((p) => [p.userId, p]));
  const photoOf = (id: string | null) => (id ? sources.imagesById?.get(id) : undefined);
  const fromProfile = (profile: ProfileRow): ThemeAuthor => {
    const photo = photoOf(profile.photoId);
    return {
      name: profile.name,
      slug: profile.slug,
      bio: profile.bio?.trim() || null,
      ...(profile.links.length > 0 ? { links: profile.links } : {}),
      ...(photo ? { photo } : {}),
    };
  };
  const ownerProfile = profiles.get(ownerId);
  const personaNamed = Boolean(persona?.name?.trim());

  let blogAuthor: ThemeAuthor;
  if (!personaNamed && ownerProfile) blogAuthor = fromProfile(ownerProfile);
  else {
    const shown = shownAuthor(sources.owner, blogName, persona);
    blogAuthor = { ...shown, slug: slugOf(shown.name) || "author" };
  }

  const made = new Map<string, ThemeAuthor>();
  const personOf = (userId: string): ThemeAuthor => {
    const known = made.get(userId);
    if (known) return known;
    const profile = profiles.get(userId);
    let author: ThemeAuthor;
    if (profile) {
      author = fromProfile(profile);
      // A profile's slug is unique among the blog's profiles, not against the persona's.
      if (author.slug === blogAuthor.slug) {
        author = { ...author, slug: personalSlug(author.slug, userId) };
      }
    } else {
      const person = sources.people.get(userId);
      const name = person?.publicName?.trim() || blogName;
      author = {
        name,
        slug: personalSlug(slugOf(name), userId),
        bio: person?.publicBio?.trim() || null,
      };
    }
    made.set(userId, author);
    return author;
  };
  const ownerHasOwnPage = personaNamed && ownerProfile !== undefined;

  if (personaNamed) {
    const responsibleId = persona?.responsibleUserId || ownerId;
    const byProfile = profiles.get(responsibleId);
    const name =
      byProfile?.name ??
      (sources.people.get(responsibleId)?.publicName?.trim() ||
        (responsibleId === ownerId ? sources.owner?.publicName?.trim() : undefined));
    // Without a name the person cannot be shown (a pseudonymous owner): no line.
    if (name) {
      const slug =
        responsibleId !== ownerId || ownerHasOwnPage ? personOf(responsibleId).slug : undefined;
      blogAuthor.responsible = { name, ...(slug ? { slug } : {}) };
    }
  }

  return {
    blogAuthor,
    reviewerOf(userId) {
      const name =
        profiles.get(userId)?.name ??
        (sources.people.get(userId)?.publicName?.trim() ||
          (userId === ownerId ? sources.owner?.publicName?.trim() : undefined));
      return name ? { name } : undefined;
    },
    authorOf(post) {
      if (!post.authorId || post.source !== "owner") return undefined;
      if (post.authorId === ownerId && !ownerHasOwnPage) return undefined;
      return personOf(post.authorId);
    },
  };
}

/** The slug function for these names without loading transliteration unless one needs it. */
export async function slugFunctionFor(names: Iterable<string>): Promise<(name: string) => string> {
  for (const name of names) {
    if (asciiSlug(name) === undefined) {
      const { slugify } = await import("../../../contracts/slug.ts");
      return (text) => asciiSlug(text) ?? slugify(text);
    }
  }
  return (text) => asciiSlug(text) ?? "";
}

/** The blog's author profiles, in one read. */
export const loadProfiles = (db: Queryable, blogId: string): Promise<ProfileRow[]> =>
  db
    .select({
      userId: authorProfiles.userId,
      name: authorProfiles.name,
      bio: authorProfiles.bio,
      photoId: authorProfiles.photoId,
      links: authorProfiles.links,
      slug: authorProfiles.slug,
    })
    .from(authorProfiles)
    .where(eq(authorProfiles.blogId, blogId));

/** The public names of these accounts, in one read. */
export async function loadPeople(
  db: Queryable,
  ids: Iterable<string>,
): Promise<Map<string, PublicPerson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, publicName: users.publicName, publicBio: users.publicBio })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map(({ id, ...person }) => [id, person]));
}
