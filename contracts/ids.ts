import { z } from "./zod.ts";

/** Route ids are opaque strings; anything else is a 400, an unknown one a 404. */
export const entityId = z.string().trim().min(1).max(64);
export const idParams = z.object({ id: entityId });
export type IdParams = z.infer<typeof idParams>;
export const blogIdParams = z.object({ blogId: entityId });
export type BlogIdParams = z.infer<typeof blogIdParams>;
