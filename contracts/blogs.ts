import { fontFamilies, limits } from "./limits.ts";
import { z } from "./zod.ts";

const blogNameMissing = "Blog name is required";

export const createBlogInput = z.object({
  name: z
    .string({ error: (issue) => (issue.input === undefined ? blogNameMissing : undefined) })
    .trim()
    .min(1, blogNameMissing)
    .max(limits.blogName),
  description: z.string().trim().max(limits.blogDescription).optional(),
});
export type CreateBlogInput = z.infer<typeof createBlogInput>;

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
});
export type CustomizationInput = z.infer<typeof customizationInput>;

/** The blog as the API answers it (spec section 3). */
export type Blog = {
  id: string;
  name: string;
  description: string | null;
  slug: string;
  subdomain: string | null;
  customDomain: string | null;
  domainVerified: boolean;
  primaryColor: string;
  fontFamily: string;
  logoUrl: string | null;
  createdAt: string;
};

/** `GET /api/blogs/{id}/site`: the state of the blog's public site. */
export type SiteStatus = {
  state: "not_published" | "queued" | "rendering" | "live";
  /** When the site readers see now was rendered. */
  liveSince: string | null;
  lastDurationMs: number | null;
  /** Why the last render failed (the previous site stays live meanwhile). */
  lastError: string | null;
  lastRenderedAt: string | null;
};
