import { limits } from "./limits.ts";
import { z } from "./zod.ts";

/** What the last check of a link found (decision 379). */
export const linkStatuses = ["unchecked", "ok", "redirected", "broken", "unreachable"] as const;
export type LinkStatus = (typeof linkStatuses)[number];

/** A link's health as the API answers it. */
export type LinkHealth = {
  url: string;
  status: LinkStatus;
  /** The last answer's HTTP status (after redirects), or null when none came. */
  httpStatus: number | null;
  /** Where the redirects ended, or null when there were none. */
  finalUrl: string | null;
  /** Every address a redirect led to, in order. */
  redirects: string[];
  error: string | null;
  lastCheckedAt: string | null;
  lastWorkedAt: string | null;
};

/** A broken or redirected link of the fleet, with the owner's posts and links that use it. */
export type FleetLink = LinkHealth & {
  posts: { id: string; title: string; blogId: string; blogName: string }[];
  affiliateLinks: { id: string; keyword: string; blogId: string; blogName: string }[];
};

/** `GET /api/link-health`: the owner's broken and redirected links, worst first. */
export type FleetLinkList = { links: FleetLink[] };

const absoluteUrl = (what: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${what} is required` : undefined) })
    .trim()
    .min(1, `${what} is required`)
    .max(limits.url)
    .pipe(
      z.url({
        protocol: /^https?$/,
        hostname: z.regexes.domain,
        error: `${what} must be an absolute http(s) address`,
      }),
    );

/** `POST /api/link-health/replacements`: swap `from` for `to` in every post and link. */
export const replaceLinkInput = z
  .object({ from: absoluteUrl("From"), to: absoluteUrl("To") })
  .refine((value) => value.from !== value.to, {
    message: "The new address must differ from the old one",
    path: ["to"],
  });
export type ReplaceLinkInput = z.infer<typeof replaceLinkInput>;

/** One replacement across the fleet, or its undoing. */
export type LinkReplacement = {
  id: string;
  from: string;
  to: string;
  /** Posts changed (or, for an undo, put back). */
  postIds: string[];
  affiliateLinkIds: string[];
  /** An undo only: posts (and links) changed since, left as they are. */
  skipped: { postIds: string[]; affiliateLinkIds: string[] };
  createdAt: string;
  undoneAt: string | null;
};
