import type { Logger } from "../../logger.ts";

/** What changed in a blog: some posts (their pages and the pages listing them), or everything. */
export type BlogChange = { postIds?: string[]; full?: boolean };

/**
 * The seam between writing content and rendering it. A change readers could see (publish,
 * unpublish, edit or delete of a published post, a scheduled publish, any category change) is
 * recorded in the outbox in its own transaction (`withOutbox`, outbox.ts), which calls
 * `blogChanged` after the commit; the render pipeline implements it. Services never call it
 * by hand.
 */
export type ContentEvents = {
  blogChanged: (blogId: string, change: BlogChange) => void | Promise<void>;
};

/** Until a renderer is wired in: nothing to do. */
export const noContentEvents: ContentEvents = { blogChanged: () => {} };

/**
 * The change is already committed when the event fires, so a failing listener must not turn
 * the owner's successful save into an error (a retried create would duplicate the post).
 * It is logged; the render pipeline's own persistence and retries cover the rest.
 */
export function guardContentEvents(events: ContentEvents, logger: Logger): ContentEvents {
  return {
    async blogChanged(blogId, change) {
      try {
        await events.blogChanged(blogId, change);
      } catch (error) {
        logger.error({ err: error, blogId, change }, "content change notification failed");
      }
    },
  };
}
