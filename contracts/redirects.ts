import { z } from "./zod.ts";

/** Characters of a redirect's path (an old permalink, or where it now lives). */
export const redirectPathMax = 1000;

/**
 * A path on the blog itself: one leading `/`, never `//` or `/\` (a browser reads both as
 * another host), no scheme, no control characters or spaces. Redirects point only at such
 * paths, so no address of a blog can send its readers to another site (issue 29, finding 3).
 */
export function isSameSitePath(path: string): boolean {
  return (
    path.length <= redirectPathMax &&
    path.startsWith("/") &&
    !/^\/[/\\]/.test(path) &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused.
    !/[\u0000-\u0020\u007f\\]/.test(path)
  );
}

const sameSitePath = (what: string) =>
  z
    .string({ error: `${what} must be a path on the blog` })
    .refine(
      isSameSitePath,
      `${what} must be a path on the blog such as /old-post (one leading slash, no other site)`,
    );

/** One redirect of a blog: an old address answering 301 to a path of the blog. */
export const redirectRecord = z.object({
  from: sameSitePath("from"),
  to: sameSitePath("to"),
});
export type RedirectRecord = z.infer<typeof redirectRecord>;
