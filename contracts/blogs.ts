import { fontFamilies, limits } from "./limits.ts";
import type { Role } from "./roles.ts";
import { z } from "./zod.ts";

const blogNameMissing = "Blog name is required";

/** Whether `zone` is an IANA time zone this runtime knows (e.g. "America/Los_Angeles"). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZone = z
  .string()
  .trim()
  .refine(isTimeZone, "Time zone must be an IANA time zone such as America/Los_Angeles");

const blogName = z
  .string({ error: (issue) => (issue.input === undefined ? blogNameMissing : undefined) })
  .trim()
  .min(1, blogNameMissing)
  .max(limits.blogName);

export const createBlogInput = z.object({
  name: blogName,
  description: z.string().trim().max(limits.blogDescription).optional(),
  /** Default: UTC. The dashboard sends the owner's browser time zone (decision 140). */
  timeZone: timeZone.optional(),
});
export type CreateBlogInput = z.infer<typeof createBlogInput>;

/** `PATCH /api/blogs/{id}`: name, description and time zone; absent fields stay as they are. */
export const updateBlogInput = z
  .object({
    name: blogName.optional(),
    /** An empty description removes it. */
    description: z.string().trim().max(limits.blogDescription).nullable().optional(),
    timeZone: timeZone.optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: "Send at least one of name, description or timeZone",
  });
export type UpdateBlogInput = z.infer<typeof updateBlogInput>;

/**
 * `POST /api/blogs/{id}/clone`: a new blog with the source's settings, categories, automation
 * and look; its posts too (as drafts) when `includePosts` (decision 142).
 */
export const cloneBlogInput = z.object({
  name: blogName,
  description: z.string().trim().max(limits.blogDescription).optional(),
  includePosts: z.boolean({ error: "includePosts must be true or false" }).default(false),
});
export type CloneBlogInput = z.infer<typeof cloneBlogInput>;

/** One row of the fleet overview on My Blogs (`GET /api/blogs/overview`). */
export type FleetRow = {
  blogId: string;
  name: string;
  siteState: "not_published" | "queued" | "rendering" | "retrying" | "live" | "failing";
  /** The address readers use: the verified custom domain, else the subdomain's host, else null. */
  domain: string | null;
  /** 'active' for a verified custom domain or a subdomain of the blog domain; else why not. */
  tls: "active" | "pending_verification" | "none";
  postsThisWeek: number;
  /** Page views in the last 7 days (reader analytics' daily rollups, issue 18). */
  viewsThisWeek: number;
  failedRenders: number;
  publishedPosts: number;
};

/**
 * `PATCH /api/blogs/{id}/customization`. Absent fields stay as they are; `logoUrl: null` (or an
 * empty string) removes the logo.
 */
export const customizationInput = z.object({
  primaryColor: z
    .string()
    .trim()
    .regex(
      /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/,
      "Primary colour must be a hex colour such as #df7020",
    )
    .transform((value) => value.toLowerCase())
    .optional(),
  fontFamily: z
    .enum(fontFamilies, { error: `Font must be one of: ${fontFamilies.join(", ")}` })
    .optional(),
  logoUrl: z
    .union([
      z.literal("").transform(() => null),
      z.null(),
      z
        .string()
        .trim()
        .max(limits.url)
        .pipe(z.url({ protocol: /^https?$/, error: "Logo URL must be an http(s) address" })),
    ])
    .optional(),
  /** Show an 'AI-assisted' note on posts generated and not substantially edited (decision 057). */
  aiDisclosure: z.boolean({ error: "aiDisclosure must be true or false" }).optional(),
  /** Drafts go through 'Under Review' before publishing (decision 097); off, one step. */
  reviewBeforePublishing: z
    .boolean({ error: "reviewBeforePublishing must be true or false" })
    .optional(),
  /** Writers of the blog's team publish their own posts (decision 367); off, an editor does. */
  writersCanPublish: z.boolean({ error: "writersCanPublish must be true or false" }).optional(),
  /** An uploaded logo from the blog's media library (shown instead of `logoUrl`); null removes it. */
  logoMediaId: z
    .union([z.literal("").transform(() => null), z.null(), z.string().trim().min(1).max(64)])
    .optional(),
});
export type CustomizationInput = z.infer<typeof customizationInput>;

/** Subdomains kept for the platform itself. */
export const reservedSubdomains: readonly string[] = (
  "www api app admin mail email smtp imap pop ftp ns ns1 ns2 dns mx static assets cdn media img " +
  "status docs help support dashboard login auth account accounts root localhost blogfleet go"
).split(" ");

const subdomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(63, "Subdomain must be at most 63 characters")
  .refine((value) => value === "" || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(value), {
    message:
      "Subdomain may contain only letters, digits and hyphens, and cannot start or end with a hyphen",
  })
  .refine((value) => !reservedSubdomains.includes(value), {
    message: "That subdomain is reserved. Choose another one.",
  });

/** Whether a (normalized) host name has a custom domain's shape: a dot, and a TLD of letters first. */
export const hasCustomDomainShape = (value: string) =>
  /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/.test(
    value,
  );

const customDomain = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\.$/, ""))
  .refine((value) => value.length <= 253, "Domain must be at most 253 characters")
  .refine(
    (value) => value === "" || hasCustomDomainShape(value),
    "Enter a domain such as blog.example.com",
  );

/**
 * `PATCH /api/blogs/{id}/domain`: one of the two at a time; an empty value removes it.
 * Changing either resets verification.
 */
export const domainInput = z
  .object({ subdomain: subdomain.optional(), customDomain: customDomain.optional() })
  .refine((value) => (value.subdomain === undefined) !== (value.customDomain === undefined), {
    message: "Send either subdomain or customDomain, one at a time",
  });
export type DomainInput = z.infer<typeof domainInput>;

/** The DNS records an owner creates for a custom domain (shown until it is verified). */
export type DomainInstructions = {
  /** CNAME the domain to this host (or use the A/AAAA addresses). */
  cnameTarget: string;
  addresses: string[];
  txtName: string;
  txtValue: string;
};

/** The blog as the API answers it. */
export type Blog = {
  id: string;
  /** The signed-in person's role on the blog (decision 370): what the dashboard shows them. */
  role: Role;
  name: string;
  description: string | null;
  slug: string;
  subdomain: string | null;
  customDomain: string | null;
  domainVerified: boolean;
  primaryColor: string;
  fontFamily: string;
  logoUrl: string | null;
  /** An uploaded logo (an image of the blog's media library); it wins over `logoUrl`. */
  logoMediaId: string | null;
  /** Posts generated and not substantially edited show an 'AI-assisted' note. */
  aiDisclosure: boolean;
  /** Drafts go through 'Under Review' first; off, 'Publish' works from a draft (decision 097). */
  reviewBeforePublishing: boolean;
  /** Writers publish their own posts; off, an editor or the owner publishes them. */
  writersCanPublish: boolean;
  /** IANA time zone of the blog's public dates. */
  timeZone: string;
  /** Present while a custom domain waits for verification. */
  domainInstructions: DomainInstructions | null;
  /** When an unverified custom domain's claim expires unless it is verified first. */
  domainClaimExpiresAt: string | null;
  /** Why the blog's last custom domain claim ended without its owner's doing, in words. */
  domainNotice: string | null;
  createdAt: string;
};

/**
 * `GET /api/blogs/{id}/site`: the state of the blog's public site, read from the database, so
 * every process answers alike whichever renders it (decision 323).
 */
export type SiteStatus = {
  /** 'retrying': the last render failed and is tried again at `nextAttemptAt`. */
  state: "not_published" | "queued" | "rendering" | "retrying" | "live";
  /** When the site readers see now was rendered. */
  liveSince: string | null;
  lastDurationMs: number | null;
  /** Why the last render failed (the previous site stays live meanwhile). */
  lastError: string | null;
  lastRenderedAt: string | null;
  /** While retrying: when the next attempt starts (null: shortly, or not known). */
  nextAttemptAt: string | null;
  /** Failed tries in a row of the pending render (0 when none failed since the last change). */
  attempts: number;
};
