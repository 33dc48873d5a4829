import type { PostsPreferences, PostsPreferencesInput } from "@contracts/post-list.ts";
import useSWR from "swr";
import { apiRequest, createFetcher } from "../api-client.ts";

/** `GET /api/profile/preferences`: how the person left All Posts (view and sort), on any browser. */
export const postsPreferencesKey = "/api/profile/preferences";

export const getPostsPreferences = createFetcher<PostsPreferences>() as (
  key: string,
) => Promise<PostsPreferences>;

export function updatePostsPreferences(input: PostsPreferencesInput): Promise<PostsPreferences> {
  return apiRequest<PostsPreferences>("PATCH", postsPreferencesKey, input);
}

/**
 * The preferences, changed on screen at once and then saved: the screen follows the click,
 * and the server's answer (or the stored value, after a failure) settles it.
 */
export function usePostsPreferences() {
  const swr = useSWR<PostsPreferences>(postsPreferencesKey, getPostsPreferences, {
    revalidateOnFocus: false,
  });
  const { data, mutate } = swr;
  async function change(input: PostsPreferencesInput): Promise<void> {
    if (!data) return;
    await mutate(updatePostsPreferences(input), {
      optimisticData: { ...data, ...input },
      rollbackOnError: true,
      populateCache: true,
      revalidate: false,
    });
  }
  return { preferences: data, error: swr.error, change };
}
