import type { FirstScreen } from "@contracts/first-screen.ts";
import { limits } from "@contracts/limits.ts";
import { unstable_serialize } from "swr/infinite";
import { authUserKey } from "../lib/api/get-auth-user.ts";
import { blogsKey } from "../lib/api/get-blogs.ts";
import { allPostsPageSize, postPageKey } from "../lib/api/get-post-page.ts";
import { postsPreferencesKey } from "../lib/api/get-posts-preferences.ts";

export type { FirstScreen };

/** The element the server writes the first screen's data into (a JSON block, never run). */
export const firstScreenDataId = "blogfleet-first-screen";

/** The first screen's answers under the keys the dashboard's reads use (SWR `fallback`). */
export function firstScreenAnswers(screen: FirstScreen): Record<string, unknown> {
  const posts =
    screen.screen === "posts"
      ? {
          // useSWRInfinite's key for All Posts' pages (`usePostPages`): its pages so far.
          [unstable_serialize(() =>
            postPageKey(screen.blogId, {
              q: "",
              status: "all",
              limit: allPostsPageSize,
              sort:
                screen.preferences.postsView === "list" ? screen.preferences.postsSort : undefined,
            }),
          )]: [screen.posts],
        }
      : // The Dashboard's newest posts (`useNewestPosts`).
        { [postPageKey(screen.blogId, { limit: limits.recentPosts })]: screen.posts };
  return {
    [authUserKey]: screen.user,
    [blogsKey]: screen.blogs,
    [postsPreferencesKey]: screen.preferences,
    ...posts,
  };
}

/** The data the server sent with a page it rendered, or undefined (a page rendered here). */
export function readFirstScreen(doc: Document = document): FirstScreen | undefined {
  const text = doc.getElementById(firstScreenDataId)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as FirstScreen;
  } catch {
    return undefined;
  }
}

/** The JSON block's text: `<` escaped, so no string in it can close the element. */
export function firstScreenJson(screen: FirstScreen): string {
  return JSON.stringify(screen).replace(/</g, "\\u003c");
}
