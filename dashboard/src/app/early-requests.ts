import { appHostMetaName } from "@contracts/first-screen.ts";
import { limits } from "@contracts/limits.ts";
import { authUserKey, getAuthUser } from "../lib/api/get-auth-user.ts";
import { blogsKey, getBlogs } from "../lib/api/get-blogs.ts";
import { allPostsPageSize, getPostPage, postPageKey } from "../lib/api/get-post-page.ts";
import { startEarlyRead } from "../lib/api-client.ts";
import { readStoredBlogId, resolveSelectedBlogId } from "../lib/selected-blog.ts";

/** The server marks the page of a signed-in owner (api/http/dashboard.ts). */
export const sessionMetaName = "blogfleet:session";

/**
 * Whether the server sent this page to a signed-in owner. Such a page is on the app's own
 * host, never a blog's: the session cookie is host-only and blogs live on another domain
 * (decision 060), so a blog's host never receives it.
 */
export function isSignedInPage(doc: Document = document): boolean {
  return (
    doc.querySelector(`meta[name="${sessionMetaName}"]`)?.getAttribute("content") === "signed-in"
  );
}

/**
 * Whether the server marked this page as the app's own host's (decision 354): the server
 * answers a blog's host with the blog's pages, so its dashboard page is never on one.
 */
export function isAppHostPage(doc: Document = document): boolean {
  return doc.querySelector(`meta[name="${appHostMetaName}"]`)?.getAttribute("content") === "app";
}

/**
 * Issue 20: on a signed-in owner's page, the first screen's reads start now, while the
 * screen's code loads, instead of one after another (who is signed in → the layout's code →
 * the blogs → the screen's code → its posts). Each answer is taken by the first hook that
 * reads the same path. On the two screens an owner opens most (the Dashboard and All Posts)
 * the posts are read too: at once for the blog chosen last time (stored), else as soon as the
 * blogs are known, for the blog the dashboard will select. Returns the paths started at once.
 */
export function startEarlyRequests({
  doc = document,
  pathname = window.location.pathname,
  storedBlogId = readStoredBlogId(),
}: {
  doc?: Document;
  pathname?: string;
  storedBlogId?: string | null;
} = {}): string[] {
  if (!isSignedInPage(doc)) return [];
  startEarlyRead(authUserKey, getAuthUser);
  const blogs = startEarlyRead(blogsKey, getBlogs);

  const screen = pathname.split("/")[1] ?? "";
  const limit =
    screen === "" || screen === "dashboard"
      ? limits.recentPosts
      : screen === "posts"
        ? allPostsPageSize
        : undefined;
  if (limit === undefined) return [authUserKey, blogsKey];
  const readPosts = (blogId: string) => startEarlyRead(postPageKey(blogId, { limit }), getPostPage);
  if (storedBlogId) readPosts(storedBlogId);
  blogs.then(
    (list) => {
      const selected = resolveSelectedBlogId(list ?? [], storedBlogId);
      if (selected && selected !== storedBlogId) readPosts(selected);
    },
    () => {},
  );
  return [authUserKey, blogsKey, ...(storedBlogId ? [postPageKey(storedBlogId, { limit })] : [])];
}
