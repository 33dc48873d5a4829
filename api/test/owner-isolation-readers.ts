import type { IsolationCase } from "./owner-isolation-seed.ts";

/**
 * Routes served only when public blogs are served (the app started with publishing): readers'
 * pages and the public API. A's draft must stay invisible through every one of them; the ones
 * marked `public` answer anybody with published content, so only A's draft in the answer (or a
 * change to the database) counts against them.
 */
export const readerCases: (IsolationCase & { public?: true })[] = [
  {
    method: "GET",
    path: "/blog/:slug/preview/:postId",
    fill: (a) => ({ slug: a.blogSlug, postId: a.postId }),
  },
  {
    method: "GET",
    path: "/blog/:slug/{*rest}",
    fill: (a) => ({ slug: a.blogSlug, rest: `post/${a.postSlug}` }),
  },
  { method: "GET", path: "/blog/:slug", fill: (a) => ({ slug: a.blogSlug }), public: true },
  // A page's beacon: anybody may report a view (not a change of A's content), never see a draft.
  {
    method: "POST",
    path: "/blog/:slug/_hit",
    fill: (a) => ({ slug: a.blogSlug }),
    body: (a) => ({ p: `/post/${a.postSlug}`, s: 200, i: a.postId }),
    public: true,
  },
  {
    method: "GET",
    path: "/api/public/blog/:slug",
    fill: (a) => ({ slug: a.blogSlug }),
    public: true,
  },
  {
    method: "GET",
    path: "/api/public/posts/:postSlug",
    fill: (a) => ({ postSlug: a.postSlug }),
    query: (a) => ({ blogSlug: a.blogSlug }),
  },
];
