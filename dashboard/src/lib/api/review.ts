import type { Post } from "@contracts/posts.ts";
import type { PostNote, ReviewQueuePage } from "@contracts/review.ts";
import useSWR from "swr";
import useSWRInfinite from "swr/infinite";
import { apiRequest, createFetcher } from "../api-client.ts";

/* The review queue and a post's editorial notes (decision 371). */

export type ReviewFilters = {
  blogId?: string | undefined;
  assignee?: "me" | "unassigned" | undefined;
};

const getQueuePage = createFetcher<ReviewQueuePage>() as (key: string) => Promise<ReviewQueuePage>;

const queueKey = (filters: ReviewFilters, cursor: string | null) => {
  const params = new URLSearchParams();
  if (filters.blogId) params.set("blogId", filters.blogId);
  if (filters.assignee) params.set("assignee", filters.assignee);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return `/api/review-queue${query ? `?${query}` : ""}`;
};

/** The queue's pages, oldest first; `setSize` loads the next. */
export function useReviewQueue(filters: ReviewFilters) {
  return useSWRInfinite<ReviewQueuePage>((index, previous: ReviewQueuePage | null) => {
    if (index === 0) return queueKey(filters, null);
    return previous?.nextCursor ? queueKey(filters, previous.nextCursor) : null;
  }, getQueuePage);
}

export const notesKey = (postId: string) => `/api/posts/${postId}/notes`;
const getNotes = createFetcher<PostNote[]>() as (key: string) => Promise<PostNote[]>;

export function usePostNotes(postId: string | null) {
  return useSWR<PostNote[]>(postId ? notesKey(postId) : null, getNotes);
}

export function writeNote(postId: string, body: string, parentId?: string): Promise<PostNote> {
  return apiRequest<PostNote>("POST", notesKey(postId), {
    body,
    ...(parentId ? { parentId } : {}),
  });
}

export function requestChanges(postId: string, note: string): Promise<Post> {
  return apiRequest<Post>("POST", `/api/posts/${postId}/request-changes`, { note });
}

/** "Approve & publish" without a time, "Approve & schedule" with one. */
export function approvePost(postId: string, scheduledPublishAt?: Date): Promise<Post> {
  return apiRequest<Post>("POST", `/api/posts/${postId}/approve`, {
    ...(scheduledPublishAt ? { scheduledPublishAt: scheduledPublishAt.toISOString() } : {}),
  });
}

export function assignReviewer(postId: string, userId: string | null): Promise<Post> {
  return apiRequest<Post>("PUT", `/api/posts/${postId}/assignee`, { userId });
}
