import type { IsolationCase } from "./owner-isolation-seed.ts";

/**
 * Link health (decision 379), part of the owner-isolation table: a replacement is its owner's,
 * across the blogs they own; members of those blogs, other owners and strangers never reach it.
 */
export const linkHealthCases: IsolationCase[] = [
  {
    method: "POST",
    path: "/api/link-health/replacements/:id/undo",
    team: { hidden: ["editor", "writer", "contributor"] },
    fill: (a) => ({ id: a.replacementId }),
  },
];
