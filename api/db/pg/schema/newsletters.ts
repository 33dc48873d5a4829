import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import {
  deliveryStatuses,
  issueKinds,
  issueStatuses,
  subscriberStatuses,
} from "../../../../contracts/newsletters.ts";
import { users } from "./accounts.ts";
import { blogs } from "./blogs.ts";
import { createdAt, id, integer, timestamp, updatedAt } from "./columns.ts";
import { posts } from "./posts.ts";

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

/**
 * One e-mail to a blog's list (decision 373): a post or a weekly digest, rendered when it is
 * made (subject, HTML with inlined CSS, plain text), so a resumed send sends what the first
 * recipients got.
 */
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: id(),
    blogId: text("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    /** The blog's issues in order, 1, 2, …: the affiliate sub-ID names an issue by it. */
    number: integer("number").notNull(),
    kind: text("kind", { enum: issueKinds }).notNull(),
    /** The post it sends (kind post); a post is sent at most once. */
    postId: text("post_id").references(() => posts.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: issueStatuses }).notNull().default("queued"),
    /** Recipients when sending started (the confirmed list at that moment). */
    recipients: integer("recipients"),
    /** Why the last try failed, for the owner. */
    error: text("error"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    startedAt: timestamp("started_at"),
    finishedAt: timestamp("finished_at"),
  },
  (t) => [
    uniqueIndex("newsletter_issues_blog_number_unique").on(t.blogId, t.number),
    uniqueIndex("newsletter_issues_post_unique").on(t.postId).where(sql`kind = 'post'`),
    index("newsletter_issues_status_idx").on(t.status),
  ],
);

/**
 * One recipient of one issue: the idempotency record (claimed before the SMTP server is asked,
 * so a crash never sends an issue to anyone twice) and what became of the message. Deleting
 * the subscriber deletes these.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    issueId: text("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriberId: text("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    status: text("status", { enum: deliveryStatuses }).notNull(),
    /** Tries refused for now (4xx); after three the delivery fails. */
    attempts: integer("attempts").notNull().default(0),
    /** The Message-ID the message went out with: bounce reports name it. */
    messageId: text("message_id").notNull(),
    /** The SMTP server's or the bounce report's words when it did not go. */
    error: text("error"),
    /** The recipient left the list from this issue's link. */
    unsubscribedAt: timestamp("unsubscribed_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("newsletter_deliveries_unique").on(t.issueId, t.subscriberId),
    index("newsletter_deliveries_message_idx").on(t.messageId),
    index("newsletter_deliveries_subscriber_idx").on(t.subscriberId),
  ],
);
