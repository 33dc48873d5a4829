import type {
  BlogNewsletter,
  NewsletterIssue,
  NewsletterPreview,
  NewsletterSettingsInput,
  PostNewsletter,
} from "@contracts/newsletter-issues.ts";
import useSWR from "swr";
import { apiRequest, createFetcher } from "../api-client.ts";

/* Sending posts by e-mail from the dashboard (decision 377): a blog's newsletter and a post's. */

/** `GET /api/blogs/{blogId}/newsletter`: settings, subscribed count, issues with reports. */
export const blogNewsletterKey = (blogId: string) => `/api/blogs/${blogId}/newsletter`;
const getBlogNewsletter = createFetcher<BlogNewsletter>() as (
  key: string,
) => Promise<BlogNewsletter>;

/** While an issue is queued or sending, the report is read again every few seconds. */
export function useBlogNewsletter(blogId: string) {
  return useSWR<BlogNewsletter>(blogNewsletterKey(blogId), getBlogNewsletter, {
    refreshInterval: (data) =>
      data?.issues.some((issue) => issue.status === "queued" || issue.status === "sending")
        ? 5000
        : 0,
  });
}

/** `PATCH /api/blogs/{blogId}/newsletter` (the owner's): only the fields sent change. */
export function updateNewsletterSettings(
  blogId: string,
  input: NewsletterSettingsInput,
): Promise<BlogNewsletter> {
  return apiRequest<BlogNewsletter>("PATCH", blogNewsletterKey(blogId), input);
}

/** `POST /api/newsletter-issues/{id}/cancel`: a queued or sending issue stops. */
export function cancelIssue(issueId: string): Promise<NewsletterIssue> {
  return apiRequest<NewsletterIssue>("POST", `/api/newsletter-issues/${issueId}/cancel`);
}

/** `GET /api/posts/{postId}/newsletter`: the post's "Also send by e-mail" and its issue. */
export const postNewsletterKey = (postId: string) => `/api/posts/${postId}/newsletter`;
const getPostNewsletter = createFetcher<PostNewsletter>() as (
  key: string,
) => Promise<PostNewsletter>;

/**
 * Read again every few seconds while something is about to change: a live post ticked to go
 * out (its issue appears within about 30 s), or its issue on its way (the report moves).
 */
export function usePostNewsletter(postId: string | null, live: boolean) {
  return useSWR<PostNewsletter>(postId ? postNewsletterKey(postId) : null, getPostNewsletter, {
    refreshInterval: (data) =>
      (live && data?.sendByEmail && !data.issue) ||
      data?.issue?.status === "queued" ||
      data?.issue?.status === "sending"
        ? 5000
        : 0,
  });
}

/** `PUT /api/posts/{postId}/newsletter`: 409 once the post was sent, 503 without SMTP. */
export function setSendByEmail(postId: string, sendByEmail: boolean): Promise<PostNewsletter> {
  return apiRequest<PostNewsletter>("PUT", postNewsletterKey(postId), { sendByEmail });
}

/** `GET /api/posts/{postId}/newsletter/preview`: the e-mail the post would go out as. */
export const newsletterPreviewKey = (postId: string) => `${postNewsletterKey(postId)}/preview`;
const getPreview = createFetcher<NewsletterPreview>() as (
  key: string,
) => Promise<NewsletterPreview>;

/** Read when asked for (`shown`), and again each time, as the post may have changed. */
export function useNewsletterPreview(postId: string, shown: boolean) {
  return useSWR<NewsletterPreview>(shown ? newsletterPreviewKey(postId) : null, getPreview, {
    revalidateOnMount: true,
  });
}

/** `POST /api/posts/{postId}/newsletter/test`: the e-mail to the signed-in person (10 an hour). */
export function sendTestEmail(postId: string): Promise<{ sentTo: string }> {
  return apiRequest<{ sentTo: string }>("POST", `${postNewsletterKey(postId)}/test`);
}
