import type { Request } from "express";
import {
  type FirstScreen,
  firstScreenNameOf,
  selectedBlogCookie,
} from "../../contracts/first-screen.ts";
import { limits } from "../../contracts/limits.ts";
import { readCookie } from "../auth/cookies.ts";
import { presentUser } from "../auth/presenter.ts";
import type { Database } from "../db/client.ts";
import { type DomainTarget, presentBlog } from "../features/blogs/presenter.ts";
import { blogsOf } from "../features/members/access.ts";
import { listPostPage } from "../features/posts/commands/list-post-page.ts";
import { presentedAuthors, presentPostPage } from "../features/posts/presenter.ts";
import { presentPostsPreferences } from "../features/profile/preferences.ts";

/** Reads a signed-in owner's first screen as the dashboard would ask for it, or undefined. */
export type FirstScreenReader = (req: Request) => Promise<FirstScreen | undefined>;

/**
 * The answers the server renders a first screen with (decision 300), read by the same services
 * and presenters as `GET /api/auth/user`, `GET /api/blogs` and `GET /api/blogs/{id}/posts?limit=…`
 * (30 for All Posts, 6 for the Dashboard home), so the page carries exactly what the dashboard
 * would have fetched. Other paths are not read. The blog is the one the
 * dashboard will show: its stored choice (the cookie copy) when it is still the owner's, else
 * the first. An owner with no blog gets no server render (the screen asks to create one).
 */
export function firstScreenReader(db: Database, domainTarget: DomainTarget): FirstScreenReader {
  return async (req) => {
    const user = req.user;
    const screen = firstScreenNameOf(req.path);
    if (!user || !screen) return undefined;
    const blogs = (await blogsOf(db, user.id)).map(({ blog, role }) =>
      presentBlog(blog, domainTarget, role),
    );
    const stored = readCookie(req, selectedBlogCookie);
    const blogId = blogs.find((blog) => blog.id === stored)?.id ?? blogs[0]?.id;
    if (!blogId) return undefined;
    const limit = screen === "posts" ? limits.allPostsPage : limits.recentPosts;
    const preferences = presentPostsPreferences(user);
    // The list view's first page in its sort (decision 355); cards are newest first.
    const sort =
      screen === "posts" && preferences.postsView === "list" ? preferences.postsSort : undefined;
    const page = await listPostPage(db, user.id, blogId, { limit, sort });
    return {
      screen,
      user: presentUser(user),
      blogs,
      blogId,
      posts: presentPostPage(page, presentedAuthors(page)),
      preferences,
    };
  };
}
