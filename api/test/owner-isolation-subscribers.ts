import type { IsolationCase, TeamExpectation } from "./owner-isolation-seed.ts";

/** B's blog, or a request that names no blog: A's members do not belong there. */
const elsewhere: TeamExpectation = { hidden: ["editor", "writer", "contributor"] };
const editorsOnly: TeamExpectation = { allow: ["editor"] };
/** A's post is the owner's: editors reach it, writers and contributors do not see it. */
const ownersPost: TeamExpectation = { allow: ["editor"], hidden: ["writer", "contributor"] };

/**
 * A blog's list (decision 374), part of the owner-isolation table: the owner's alone; B's blog
 * naming A's address; and a data-subject request for A's address, which only erases from the
 * asker's own blogs (404 when the address is on none of them).
 */
export const subscriberCases: IsolationCase[] = [
  {
    method: "GET",
    path: "/api/blogs/:blogId/subscribers",
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "GET",
    path: "/api/blogs/:blogId/subscribers/growth",
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "GET",
    path: "/api/blogs/:blogId/subscribers/export.csv",
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "POST",
    path: "/api/blogs/:blogId/subscribers/import",
    fill: (a) => ({ blogId: a.blogId }),
    body: () => ({ csv: "email,consented_at\nplanted@example.com,2025-01-15\n" }),
  },
  {
    method: "DELETE",
    path: "/api/blogs/:blogId/subscribers/:id",
    fill: (a) => ({ blogId: a.blogId, id: a.subscriberId }),
  },
  {
    method: "DELETE",
    path: "/api/blogs/:blogId/subscribers/:id",
    team: elsewhere,
    fill: (a, b) => ({ blogId: b.blogId, id: a.subscriberId }),
  },
  {
    method: "POST",
    path: "/api/subscribers/erase",
    team: elsewhere,
    fill: () => ({}),
    body: (a) => ({ email: a.subscriberEmail }),
  },
];

/** The blog's newsletter and its issues (decision 373): the owner's settings, editors' sending. */
export const newsletterCases: IsolationCase[] = [
  {
    method: "GET",
    path: "/api/blogs/:id/newsletter",
    team: editorsOnly,
    fill: (a) => ({ id: a.blogId }),
  },
  {
    method: "PATCH",
    path: "/api/blogs/:id/newsletter",
    fill: (a) => ({ id: a.blogId }),
    body: () => ({ senderName: "Planted" }),
  },
  {
    method: "GET",
    path: "/api/posts/:id/newsletter",
    team: ownersPost,
    fill: (a) => ({ id: a.postId }),
  },
  {
    method: "PUT",
    path: "/api/posts/:id/newsletter",
    team: ownersPost,
    fill: (a) => ({ id: a.postId }),
    body: () => ({ sendByEmail: false }),
  },
  {
    method: "GET",
    path: "/api/posts/:id/newsletter/preview",
    team: ownersPost,
    fill: (a) => ({ id: a.postId }),
  },
  {
    method: "POST",
    path: "/api/posts/:id/newsletter/test",
    team: ownersPost,
    fill: (a) => ({ id: a.postId }),
  },
  {
    method: "POST",
    path: "/api/newsletter-issues/:id/cancel",
    team: editorsOnly,
    fill: (a) => ({ id: a.issueId }),
  },
];
