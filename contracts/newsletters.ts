import { limits } from "./limits.ts";
import { z } from "./zod.ts";

/* A blog's subscribers and how people join and leave the list (issue 36, decision 372). */

export const subscriberStatuses = [
  "pending",
  "subscribed",
  "unsubscribed",
  "bounced",
  "complained",
] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

/** What the subscribe form shows, recorded with each consent (the words people agreed to). */
export const subscribeConsentText =
  "Get new posts by e-mail. We send a link to confirm first; every e-mail has a link to unsubscribe.";

/** How long a confirmation link works. */
export const confirmationLifetimeHours = 48;
/** At most one confirmation e-mail to an address per blog in this many minutes. */
export const confirmationIntervalMinutes = 60;
/** Subscribe requests one network address may make in an hour, across blogs. */
export const subscribeRequestsPerHour = 10;
/** New addresses one blog takes in an hour (a flood of sign-ups is refused, not mailed). */
export const newSubscribersPerBlogPerHour = 200;

/** The subscribe form's fields (`POST /subscribe` on the blog's host). */
export const subscribeForm = z.object({
  email: z
    .string({ error: "Enter your e-mail address" })
    .trim()
    .toLowerCase()
    .max(limits.email)
    .pipe(z.email("Enter a valid e-mail address")),
  /** The page the form was on (a path of the blog), kept with the consent. */
  page: z.string().trim().max(500).optional(),
  /** The honeypot: hidden from people, filled in by bots; anything in it drops the request. */
  website: z.string().max(500).optional(),
});
export type SubscribeForm = z.infer<typeof subscribeForm>;

/* Sending posts by e-mail (decision 373). */

/** An issue (one e-mail to a blog's list) from queued to sent. */
export const issueStatuses = ["queued", "sending", "sent", "failed", "cancelled"] as const;
export type IssueStatus = (typeof issueStatuses)[number];
/** What an issue carries: one post, or a digest of the week's posts. */
export const issueKinds = ["post", "digest"] as const;
export type IssueKind = (typeof issueKinds)[number];

/**
 * One recipient of one issue: `sending` is claimed before the SMTP server is asked (a crash
 * then leaves `unknown`, never sent again), `sent` accepted by the server, `deferred` refused
 * for now (tried again), `failed` refused for good, `bounced` reported back afterwards.
 */
export const deliveryStatuses = [
  "sending",
  "sent",
  "deferred",
  "failed",
  "bounced",
  "unknown",
] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];
