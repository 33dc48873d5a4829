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

/* Subscribers in the dashboard (decision 374). */

/** Addresses per page of `GET /api/blogs/{blogId}/subscribers`. */
export const subscriberPageSize = 50;
/** Rows one CSV import takes; a larger file is refused whole (split it). */
export const maxSubscriberImportRows = 50_000;
/** The largest CSV file an import reads, in bytes. */
export const maxSubscriberImportBytes = 5 * 1024 * 1024;
/** Days `GET …/subscribers/growth` covers at most. */
export const maxGrowthDays = 730;

/** `GET /api/blogs/{blogId}/subscribers?search=&status=&cursor=`: newest first. */
export const listSubscribersQuery = z.object({
  search: z
    .string({ error: "search must be one text" })
    .trim()
    .max(limits.email, `The search may be at most ${limits.email} characters`)
    .optional(),
  status: z
    .enum(subscriberStatuses, {
      error: `status must be one of ${subscriberStatuses.join(", ")}`,
    })
    .optional(),
  cursor: z
    .string({ error: "cursor must be the nextCursor of the previous page" })
    .regex(/^[A-Za-z0-9_-]{1,200}$/, "cursor must be the nextCursor of the previous page")
    .optional(),
});
export type ListSubscribersQuery = z.infer<typeof listSubscribersQuery>;

/** `GET /api/blogs/{blogId}/subscribers/growth?days=90`. */
export const subscriberGrowthQuery = z.object({
  days: z.coerce
    .number({ error: `days must be a whole number from 1 to ${maxGrowthDays}` })
    .int(`days must be a whole number from 1 to ${maxGrowthDays}`)
    .min(1, `days must be a whole number from 1 to ${maxGrowthDays}`)
    .max(maxGrowthDays, `days must be a whole number from 1 to ${maxGrowthDays}`)
    .default(90),
});
export type SubscriberGrowthQuery = z.infer<typeof subscriberGrowthQuery>;

/** `POST /api/blogs/{blogId}/subscribers/import` as JSON (a `text/csv` body works too). */
export const importSubscribersInput = z.object({
  csv: z.string({ error: "Send the CSV file's text as csv" }).min(1, "The CSV file is empty"),
  /** The file's name, kept with each imported consent. */
  fileName: z.string().trim().max(200).optional(),
});
export type ImportSubscribersInput = z.infer<typeof importSubscribersInput>;

/** `POST /api/subscribers/erase`: a data-subject request over every blog the owner owns. */
export const eraseSubscriberInput = z.object({
  email: z
    .string({ error: "Enter the e-mail address to erase" })
    .trim()
    .toLowerCase()
    .max(limits.email)
    .pipe(z.email("Enter a valid e-mail address")),
});
export type EraseSubscriberInput = z.infer<typeof eraseSubscriberInput>;

/** One address of a blog's list as the dashboard shows it. */
export type Subscriber = {
  id: string;
  email: string;
  status: SubscriberStatus;
  /** When the address gave its consent (confirmed, or the date an imported file carried). */
  consentedAt: string | null;
  /** The page the form was on, or "import: {file}". */
  consentPage: string | null;
  consentText: string | null;
  unsubscribedAt: string | null;
  createdAt: string;
};

/** Addresses of a blog per status: always the whole list, whatever the filter. */
export type SubscriberCounts = { all: number } & Record<SubscriberStatus, number>;

/** One page of `GET /api/blogs/{blogId}/subscribers`. */
export type SubscriberPage = {
  subscribers: Subscriber[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
  counts: SubscriberCounts;
};

/** One day of `GET …/subscribers/growth`: the list at the day's end, who joined and who left. */
export type SubscriberGrowthDay = {
  /** YYYY-MM-DD (UTC). */
  day: string;
  subscribed: number;
  joined: number;
  left: number;
};
export type SubscriberGrowth = { days: SubscriberGrowthDay[] };

/** What an import did: every row is counted once. */
export type SubscriberImportResult = {
  /** New addresses, subscribed with the file's consent date. */
  added: number;
  /** Addresses already on the list as subscribed or pending, and repeats within the file. */
  unchanged: number;
  /** Addresses that left (unsubscribed, bounced, complained): never subscribed again. */
  skipped: number;
};

/** `POST /api/subscribers/erase`: rows deleted, one per blog the address was on. */
export type SubscriberErasure = { deleted: number };
