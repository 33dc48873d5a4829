import { limits } from "./limits.ts";
import type { IssueKind, IssueStatus } from "./newsletters.ts";
import { z } from "./zod.ts";

/* Sending posts by e-mail: a blog's newsletter settings, issues and their reports (decision 373). */

/** `PATCH /api/blogs/{blogId}/newsletter`: the blog's sender and defaults; only fields sent change. */
export const newsletterSettingsInput = z.object({
  senderName: z
    .string({ error: "Sender name must be text" })
    .trim()
    .max(100, "Sender name must be at most 100 characters")
    .nullable()
    .optional(),
  senderAddress: z
    .union([
      z.literal(""),
      z
        .string()
        .trim()
        .toLowerCase()
        .max(limits.email)
        .pipe(z.email("Sender address must be an e-mail address")),
    ])
    .nullable()
    .optional(),
  sendByDefault: z.boolean({ error: "sendByDefault must be true or false" }).optional(),
  weeklyDigest: z.boolean({ error: "weeklyDigest must be true or false" }).optional(),
});
export type NewsletterSettingsInput = z.infer<typeof newsletterSettingsInput>;

/** `PUT /api/posts/{id}/newsletter`: send the post to the list when it goes live (or now, when it is live). */
export const postNewsletterInput = z.object({
  sendByEmail: z.boolean({ error: "sendByEmail must be true or false" }),
});
export type PostNewsletterInput = z.infer<typeof postNewsletterInput>;

export type NewsletterSettings = {
  senderName: string | null;
  senderAddress: string | null;
  sendByDefault: boolean;
  weeklyDigest: boolean;
};

/** What became of an issue's messages. */
export type IssueReport = {
  /** Handed to the SMTP server (every delivery that was tried). */
  sent: number;
  /** Accepted by the SMTP server. */
  delivered: number;
  /** Refused for good, or reported back as bounced. */
  bounced: number;
  /** Refused for now, to be tried again. */
  deferred: number;
  /** Under way when the sending stopped: never sent again. */
  unknown: number;
  unsubscribed: number;
  /** Clicks on the blog's affiliate links in the e-mail (`/go/…`). */
  affiliateClicks: number;
  /** Imported commissions whose sub-ID names the issue, per currency, in minor units. */
  revenue: { currency: string; amountMinor: number }[];
};

export type NewsletterIssue = {
  id: string;
  number: number;
  kind: IssueKind;
  postId: string | null;
  subject: string;
  status: IssueStatus;
  recipients: number | null;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  report: IssueReport;
};

/** `GET /api/blogs/{blogId}/newsletter`. */
export type BlogNewsletter = {
  /** The server sends e-mail (SMTP_URL): without it nothing is sent. */
  available: boolean;
  settings: NewsletterSettings;
  subscribed: number;
  issues: NewsletterIssue[];
};

/** `GET /api/posts/{id}/newsletter`: the e-mail choice of a post and the issue it went out as. */
export type PostNewsletter = {
  available: boolean;
  sendByEmail: boolean;
  /** The blog's default for "Also send by e-mail". */
  sendByDefault: boolean;
  subscribed: number;
  issue: NewsletterIssue | null;
};

/** `GET /api/posts/{id}/newsletter/preview`. */
export type NewsletterPreview = { subject: string; html: string; text: string };
