import type { PostSummary } from "@contracts/posts.ts";

/** A card's post: the list's fields, plus content when the list carried it. */
export type CardPost = PostSummary & { content?: string };

export const viewPostHref = (id: string) => `/editor?id=${encodeURIComponent(id)}&mode=view`;
export const editPostHref = (id: string) => `/editor?id=${encodeURIComponent(id)}`;
