import type { BlogChange, ContentEvents } from "../features/publishing/content-events.ts";

/**
 * Content events that are only recorded, in order, so a test can read which blogs a change
 * re-renders (`changes`, or `changesOf(blogId)`).
 */
export function recordContentEvents() {
  const changes: { blogId: string; change: BlogChange }[] = [];
  const events: ContentEvents = {
    blogChanged: (blogId, change) => {
      changes.push({ blogId, change });
    },
  };
  const changesOf = (blogId: string) =>
    changes.filter((c) => c.blogId === blogId).map((c) => c.change);
  return { events, changes, changesOf };
}
