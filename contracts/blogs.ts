import { limits } from "./limits.ts";
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
