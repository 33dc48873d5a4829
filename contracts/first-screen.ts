import type { User } from "./auth.ts";
import type { Blog } from "./blogs.ts";
import type { PostsPreferences } from "./post-list.ts";
import type { PostPage } from "./posts.ts";

/** The screens the server renders (decision 300): All Posts, and the Dashboard home. */
export type FirstScreenName = "posts" | "dashboard";

/** Which screen a path shows, when the server renders it. */
export function firstScreenNameOf(path: string): FirstScreenName | undefined {
  if (path === "/posts") return "posts";
  if (path === "/" || path === "/dashboard") return "dashboard";
  return undefined;
}

/**
 * What the server reads to render a signed-in owner's first screen (decision 300) and sends
 * with the page, so the dashboard starts from the same answers the API gives: who is signed in
 * (`GET /api/auth/user`), the blogs (`GET /api/blogs`), the blog shown (the stored choice when
 * it is still the owner's, else the first) and the screen's first posts
 * (`GET /api/blogs/{blogId}/posts?limit=…`: All Posts' first 30 cards, the Dashboard's newest 6).
 */
export type FirstScreen = {
  screen: FirstScreenName;
  user: User;
  blogs: Blog[];
  blogId: string;
  posts: PostPage;
  /** `GET /api/profile/preferences`: All Posts is drawn in the person's view and sort. */
  preferences: PostsPreferences;
};

/** The cookie copy of the dashboard's stored blog choice (localStorage `selectedBlogId`). */
export const selectedBlogCookie = "selectedBlogId";

/** The cookie copy of the dashboard's stored theme (localStorage `theme`: "light" or "dark"). */
export const themeCookie = "theme";

/**
 * The meta tag the server's dashboard page carries (content "app"): the page is on the app's
 * own host, never a blog's, so "is this a blog's host?" needs no request (decision 354).
 */
export const appHostMetaName = "blogfleet:host";
