import { type AnyPgColumn, index, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { blogs } from "./blogs.ts";
import { createdAt, id } from "./columns.ts";
import { posts } from "./posts.ts";

/* The review queue's editorial notes (decision 371): on a post, threaded, never public. */

export const postNotes = pgTable(
  "post_notes",
  {
    id: id(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    /** The post's blog, so a blog's notes go with it and a note is checked through its blog. */
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The note it answers (one level of replies); null for a note that starts a thread. */
    parentId: text("parent_id").references((): AnyPgColumn => postNotes.id, {
      onDelete: "cascade",
    }),
    /** Plain text; '@name' mentions a person on the blog's team. */
    body: text("body").notNull(),
    /** What the note came with: "changes_requested" when it sent the post back to draft. */
    kind: text("kind", { enum: ["note", "changes_requested", "approved"] })
      .notNull()
      .default("note"),
    createdAt: createdAt(),
  },
  (t) => [index("post_notes_post_idx").on(t.postId, t.createdAt)],
);
