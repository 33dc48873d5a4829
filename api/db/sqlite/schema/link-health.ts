import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { users } from "./accounts.ts";
import { blogs } from "./blogs.ts";
import { createdAt, id, stringList, timestamp } from "./columns.ts";
import { posts } from "./posts.ts";

/* Link health (decision 379): one check per distinct outbound or affiliate URL of the install. */

export const linkChecks = sqliteTable(
  "link_checks",
  {
    id: id(),
    url: text("url").notNull(),
    host: text("host").notNull(),
    /** unchecked | ok | redirected | broken | unreachable */
    status: text("status").notNull().default("unchecked"),
    httpStatus: integer("http_status"),
    finalUrl: text("final_url"),
    /** Every address after the first that a redirect led to, in order. */
    redirects: stringList("redirects"),
    error: text("error"),
    lastCheckedAt: timestamp("last_checked_at"),
    lastWorkedAt: timestamp("last_worked_at"),
    nextCheckAt: timestamp("next_check_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("link_checks_url_unique").on(t.url),
    index("link_checks_due_idx").on(t.nextCheckAt),
  ],
);

/** Which post links to which URL, rebuilt from the post's content when it changed. */
export const linkUses = sqliteTable(
  "link_uses",
  {
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.url] }), index("link_uses_url_idx").on(t.url)],
);

/** The post's `updatedAt` when its links were last read into `link_uses`. */
export const linkScans = sqliteTable("link_scans", {
  postId: text("post_id")
    .primaryKey()
    .references(() => posts.id, { onDelete: "cascade" }),
  postUpdatedAt: timestamp("post_updated_at").notNull(),
});

/** One 'Replace everywhere', with what it changed, so one undo puts it back. */
export const linkReplacements = sqliteTable(
  "link_replacements",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fromUrl: text("from_url").notNull(),
    toUrl: text("to_url").notNull(),
    changes: text("changes", { mode: "json" })
      .$type<{
        posts: { postId: string; content: string; version: number }[];
        affiliateLinks: { id: string; url: string }[];
      }>()
      .notNull(),
    undoneAt: timestamp("undone_at"),
    createdAt: createdAt(),
  },
  (t) => [index("link_replacements_owner_idx").on(t.ownerId, t.createdAt)],
);
