import type {
  SubscriberErasure,
  SubscriberGrowth,
  SubscriberImportResult,
  SubscriberPage,
  SubscriberStatus,
} from "@contracts/newsletters.ts";
import useSWR from "swr";
import useSWRInfinite from "swr/infinite";
import { apiRequest, createFetcher, throwIfNotOk } from "../api-client.ts";

/* A blog's list of subscribers in the dashboard (decision 374). */

export type SubscriberFilters = { search?: string; status?: SubscriberStatus | undefined };

const listPath = (blogId: string) => `/api/blogs/${blogId}/subscribers`;

/** `GET /api/blogs/{blogId}/subscribers?search=&status=&cursor=`: one page, newest first. */
export const subscribersKey = (
  blogId: string,
  filters: SubscriberFilters,
  cursor: string | null,
) => {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.status) params.set("status", filters.status);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return `${listPath(blogId)}${query ? `?${query}` : ""}`;
};

const getSubscriberPage = createFetcher<SubscriberPage>() as (
  key: string,
) => Promise<SubscriberPage>;

/** The list's pages with the filters; `setSize` loads the next. */
export function useSubscribers(blogId: string, filters: SubscriberFilters) {
  return useSWRInfinite<SubscriberPage>((index, previous: SubscriberPage | null) => {
    if (index === 0) return subscribersKey(blogId, filters, null);
    return previous?.nextCursor ? subscribersKey(blogId, filters, previous.nextCursor) : null;
  }, getSubscriberPage);
}

/** `GET /api/blogs/{blogId}/subscribers/growth?days=…`: the list day by day. */
export const subscriberGrowthKey = (blogId: string, days: number) =>
  `${listPath(blogId)}/growth?days=${days}`;

const getGrowth = createFetcher<SubscriberGrowth>() as (key: string) => Promise<SubscriberGrowth>;

export function useSubscriberGrowth(blogId: string, days: number) {
  return useSWR<SubscriberGrowth>(subscriberGrowthKey(blogId, days), getGrowth);
}

/** The address of the list's CSV export (a download link). */
export const subscribersExportUrl = (blogId: string) => `${listPath(blogId)}/export.csv`;

/** Sends a CSV file as it is (`text/csv`), its name in `X-File-Name`. */
export async function importSubscribers(
  blogId: string,
  file: File,
): Promise<SubscriberImportResult> {
  const res = await fetch(`${listPath(blogId)}/import`, {
    method: "POST",
    headers: { "Content-Type": "text/csv", "X-File-Name": encodeURIComponent(file.name) },
    body: await file.text(),
    credentials: "include",
  });
  await throwIfNotOk(res);
  return (await res.json()) as SubscriberImportResult;
}

export function deleteSubscriber(blogId: string, subscriberId: string): Promise<void> {
  return apiRequest<void>("DELETE", `${listPath(blogId)}/${subscriberId}`);
}

/** A data-subject request: the address goes from every blog the owner owns. */
export function eraseSubscriber(email: string): Promise<SubscriberErasure> {
  return apiRequest<SubscriberErasure>("POST", "/api/subscribers/erase", { email });
}
