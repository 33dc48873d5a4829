import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { subscriberStatuses } from "../../../../contracts/newsletters.ts";
import { blogs } from "./blogs.ts";
import { createdAt, id, timestamp, updatedAt } from "./columns.ts";

/*
 * A blog's e-mail list (issue 36, decision 372). Nothing about a reader is kept beyond the
 * address, its status and its consent: when, from which page, and the words shown.
 */
export const subscribers = pgTable(
  "subscribers",
  {
    id: id(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    /** Lower case, as typed otherwise. */
    email: text("email").notNull(),
    status: text("status", { enum: subscriberStatuses }).notNull().default("pending"),
    /** The blog's page the form was on. */
    consentPage: text("consent_page"),
    /** The words the form showed. */
    consentText: text("consent_text"),
    /** When the address confirmed (the consent); null while pending. */
    confirmedAt: timestamp("confirmed_at"),
    /** The last confirmation e-mail, so an address gets at most one an hour. */
    confirmationSentAt: timestamp("confirmation_sent_at"),
    unsubscribedAt: timestamp("unsubscribed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscribers_blog_email_unique").on(t.blogId, t.email),
    index("subscribers_blog_status_idx").on(t.blogId, t.status),
  ],
);
