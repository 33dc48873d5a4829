import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { memberRoles } from "../../../../contracts/roles.ts";
import { users } from "./accounts.ts";
import { blogs, media } from "./blogs.ts";
import { createdAt, id, stringList, timestamp, updatedAt } from "./columns.ts";

/* A blog's team (decision 366): the people besides its owner who may work on it, and their role. */

/**
 * One person's membership of one blog. The blog's owner is `blogs.owner_id`, never a row here:
 * a blog has exactly one owner, and a blog made by a script or an import needs no row.
 */
export const blogMembers = sqliteTable(
  "blog_members",
  {
    id: id(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: memberRoles }).notNull(),
    /** Who added them (an owner or, for writers and contributors, an editor). */
    addedBy: text("added_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("blog_members_blog_user_unique").on(t.blogId, t.userId),
    index("blog_members_user_idx").on(t.userId),
  ],
);

/**
 * A link that adds a person to a blog's team with a role (decision 370): single use, expiring,
 * revocable. Only the SHA-256 of the link's token is stored, as for account invitations.
 */
export const blogInvitations = sqliteTable(
  "blog_invitations",
  {
    /** SHA-256 of the token in the link, hex. */
    id: text("id").primaryKey(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    role: text("role", { enum: memberRoles }).notNull(),
    /** Where the link was sent, when it was (a label otherwise). */
    email: text("email"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    usedBy: text("used_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at"),
  },
  (t) => [index("blog_invitations_blog_idx").on(t.blogId, t.createdAt)],
);

/**
 * A person's public author profile on one blog (decision 368): the byline of their posts and
 * their author page `/author/{slug}`. The owner has one like any member; a person without one
 * is shown by their account's public name.
 */
export const authorProfiles = sqliteTable(
  "author_profiles",
  {
    id: id(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    bio: text("bio"),
    /** An image of the blog's library. */
    photoId: text("photo_id").references(() => media.id, { onDelete: "set null" }),
    /** Profile pages elsewhere (`sameAs`), http(s) addresses. */
    links: stringList("links"),
    /** The author page's slug, unique within the blog. */
    slug: text("slug").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("author_profiles_blog_user_unique").on(t.blogId, t.userId),
    uniqueIndex("author_profiles_blog_slug_unique").on(t.blogId, t.slug),
    index("author_profiles_user_idx").on(t.userId),
  ],
);
