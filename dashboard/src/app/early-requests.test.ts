// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { getAuthUser } from "../lib/api/get-auth-user.ts";
import { getBlogs } from "../lib/api/get-blogs.ts";
import { searchPostPage } from "../lib/api/get-post-page.ts";
import { isAppHostPage, startEarlyRequests } from "./early-requests.ts";

afterEach(() => vi.unstubAllGlobals());

/** A page as the server writes it: signed in or not. */
function page(signedIn: boolean): Document {
  const doc = document.implementation.createHTMLDocument("Blogfleet");
  if (signedIn) {
    const meta = doc.createElement("meta");
    meta.name = "blogfleet:session";
    meta.content = "signed-in";
    doc.head.append(meta);
  }
  return doc;
}

const post = (id: string) => ({ id, title: `Post ${id}` });
const blogs = [{ id: "b1" }, { id: "b2" }];

/** The API as the dashboard sees it; every request is recorded. */
function stubApi() {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    asked.push(url);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (url === "/api/auth/user") return Response.json({ id: "u1" });
    if (url === "/api/public/blog") return Response.json({ message: "no" }, { status: 404 });
    if (url === "/api/blogs") return Response.json(blogs);
    const match = /^\/api\/blogs\/(\w+)\/posts\?limit=(\d+)$/.exec(url);
    if (match)
      return Response.json({ posts: [post(`${match[1]}-1`)], nextCursor: null, counts: {} });
    return Response.json({}, { status: 404 });
  });
  return asked;
}

describe("the first screen's reads, started before React", () => {
  it("are not started on a visitor's page", () => {
    const asked = stubApi();
    expect(
      startEarlyRequests({ doc: page(false), pathname: "/posts", storedBlogId: "b1" }),
    ).toEqual([]);
    expect(asked).toEqual([]);
  });

  it("on All Posts, read who is signed in, the blogs and the stored blog's first page at once, each taken by the first read of it", async () => {
    const asked = stubApi();
    startEarlyRequests({ doc: page(true), pathname: "/posts", storedBlogId: "b2" });
    expect(asked).toEqual(["/api/auth/user", "/api/blogs", "/api/blogs/b2/posts?limit=30"]);
    await expect(getAuthUser("/api/auth/user")).resolves.toEqual({ id: "u1" });
    await expect(getBlogs("/api/blogs")).resolves.toEqual(blogs);
    await expect(searchPostPage("/api/blogs/b2/posts?limit=30")).resolves.toMatchObject({
      posts: [post("b2-1")],
    });
    expect(asked).toHaveLength(3);
    // Taken once: a later read (a refresh after a change) asks the server again.
    await getBlogs("/api/blogs");
    expect(asked).toHaveLength(4);
  });

  it("with no blog stored, read the posts of the blog the dashboard will select once the blogs are known", async () => {
    const asked = stubApi();
    startEarlyRequests({ doc: page(true), pathname: "/", storedBlogId: null });
    await vi.waitFor(() => expect(asked).toContain("/api/blogs/b1/posts?limit=6"));
    startEarlyRequests({ doc: page(true), pathname: "/posts", storedBlogId: "deleted" });
    await vi.waitFor(() => expect(asked).toContain("/api/blogs/b1/posts?limit=30"));
    expect(asked).toContain("/api/blogs/deleted/posts?limit=30");
  });

  it("on other screens, read only who is signed in and the blogs", () => {
    const asked = stubApi();
    startEarlyRequests({ doc: page(true), pathname: "/settings", storedBlogId: "b1" });
    expect(asked).toEqual(["/api/auth/user", "/api/blogs"]);
  });
});

describe("the app's own host", () => {
  it("is known from the mark the server puts on its dashboard page (decision 354)", () => {
    const doc = page(false);
    expect(isAppHostPage(doc)).toBe(false);
    const meta = doc.createElement("meta");
    meta.name = "blogfleet:host";
    meta.content = "app";
    doc.head.append(meta);
    expect(isAppHostPage(doc)).toBe(true);
  });
});
