import type { Blog } from "@contracts/blogs.ts";

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Whether the owner is on their first day (decision 354): they have blogs, and the oldest is
 * less than a day old. Then the Dashboard welcomes them to Blogfleet; an owner who has been here
 * before is welcomed back.
 */
export function isFirstDay(blogs: readonly Pick<Blog, "createdAt">[], now = Date.now()): boolean {
  if (blogs.length === 0) return false;
  const oldest = Math.min(...blogs.map((b) => Date.parse(b.createdAt)));
  return now - oldest < dayMs;
}

/** The Dashboard's welcome line: always with the blog's name. */
export function welcomeLine({
  blogName,
  firstDay,
  hasPosts,
}: {
  blogName: string;
  firstDay: boolean;
  hasPosts: boolean;
}): string {
  if (!firstDay) return `Welcome back. Here is how ${blogName} is doing.`;
  return hasPosts
    ? `Welcome to Blogfleet. Here is how ${blogName} is doing.`
    : `Welcome to Blogfleet. ${blogName} is ready for its first post.`;
}
