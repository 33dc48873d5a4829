import type { Express } from "express";
import { linkHealthCases } from "./owner-isolation-link-health.ts";
import type { IsolationCase, TeamExpectation } from "./owner-isolation-seed.ts";
import { newsletterCases, subscriberCases } from "./owner-isolation-subscribers.ts";
import { listRoutes } from "./routes.ts";

export { changedRows, snapshotDatabase } from "./database-snapshot.ts";
export { readerCases } from "./owner-isolation-readers.ts";
export {
  type IsolationCase,
  type OwnerData,
  pathIdFields,
  seedOwner,
  type TeamExpectation,
} from "./owner-isolation-seed.ts";

const everyone = ["editor", "writer", "contributor"] as const;
/** The team lists it; only editors change it. */
const listedByTeam: TeamExpectation = { allow: everyone };
const editorsOnly: TeamExpectation = { allow: ["editor"] };
/** A's post is the owner's: editors reach it, writers and contributors do not see it. */
const ownersPost: TeamExpectation = { allow: ["editor"], hidden: ["writer", "contributor"] };
/** A's image, uploaded by the owner: editors change it, a writer may not, a contributor does not see it. */
const ownersImage: TeamExpectation = { allow: ["editor"], hidden: ["contributor"] };
/** B's blog, or B's row: A's members do not belong there. */
const elsewhere: TeamExpectation = { hidden: everyone };

const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

/** Owner routes under /api: another owner's id answers 404 and changes nothing. */
export const ownerCases: IsolationCase[] = [
  {
    method: "POST",
    path: "/api/blog-recommendations/:id/approve",
    team: elsewhere,
    fill: (a) => ({ id: a.ideaId }),
  },
  {
    method: "POST",
    path: "/api/blog-recommendations/:id/reject",
    team: elsewhere,
    fill: (a) => ({ id: a.ideaId }),
  },
  {
    method: "GET",
    path: "/api/blogs/:blogId/affiliate-recommendations",
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "POST",
    path: "/api/blogs/:blogId/affiliate-recommendations/generate",
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "PATCH",
    path: "/api/affiliate-recommendations/:id",
    fill: (a) => ({ id: a.recommendationId }),
    body: () => ({ status: "approved" }),
  },
  {
    method: "GET",
    path: "/api/affiliate-recommendations/:id/keywords",
    fill: (a) => ({ id: a.recommendationId }),
  },
  { method: "GET", path: "/api/blogs/:blogId/automation", fill: (a) => ({ blogId: a.blogId }) },
  {
    method: "POST",
    path: "/api/blogs/:id/automation",
    fill: (a) => ({ id: a.blogId }),
    body: () => ({ enabled: false }),
  },
  {
    method: "PATCH",
    path: "/api/blogs/:id/automation",
    fill: (a) => ({ id: a.blogId }),
    body: () => ({ enabled: true, topics: ["planted"] }),
  },
  {
    method: "PATCH",
    path: "/api/blogs/:id",
    fill: (a) => ({ id: a.blogId }),
    body: () => ({ name: "Taken over" }),
  },
  {
    method: "POST",
    path: "/api/blogs/:id/clone",
    fill: (a) => ({ id: a.blogId }),
    body: () => ({ name: "Copied", includePosts: true }),
  },
  { method: "DELETE", path: "/api/blogs/:id", fill: (a) => ({ id: a.blogId }) },
  {
    method: "POST",
    path: "/api/blogs/:blogId/imports",
    fill: (a) => ({ blogId: a.blogId }),
    body: () => ({ file: "anything" }),
  },
  { method: "GET", path: "/api/blogs/:blogId/imports", fill: (a) => ({ blogId: a.blogId }) },
  { method: "GET", path: "/api/imports/:id", fill: (a) => ({ id: a.importId }) },
  { method: "GET", path: "/api/blogs/:blogId/export", fill: (a) => ({ blogId: a.blogId }) },
  { method: "POST", path: "/api/imports/:id/cancel", fill: (a) => ({ id: a.importId }) },
  {
    method: "PATCH",
    path: "/api/blogs/:id/domain",
    fill: (a) => ({ id: a.blogId }),
    body: () => ({ subdomain: "stolen" }),
  },
  { method: "POST", path: "/api/blogs/:id/domain/verify", fill: (a) => ({ id: a.blogId }) },
  {
    method: "GET",
    path: "/api/blogs/:blogId/affiliate-links",
    team: listedByTeam,
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "POST",
    path: "/api/affiliate-links",
    team: editorsOnly,
    fill: () => ({}),
    body: (a) => ({ blogId: a.blogId, keyword: "planted", url: "https://evil.example.com" }),
  },
  {
    method: "PATCH",
    path: "/api/affiliate-links/:id",
    team: editorsOnly,
    fill: (a) => ({ id: a.linkId }),
    body: () => ({ url: "https://evil.example.com" }),
  },
  {
    method: "DELETE",
    path: "/api/affiliate-links/:id",
    team: editorsOnly,
    fill: (a) => ({ id: a.linkId }),
  },
  {
    method: "GET",
    path: "/api/affiliate-links/:id/clicks",
    team: editorsOnly,
    fill: (a) => ({ id: a.linkId }),
  },
  {
    method: "GET",
    path: "/api/blogs/:blogId/affiliate-clicks",
    team: editorsOnly,
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "GET",
    path: "/api/blogs/:blogId/analytics",
    team: editorsOnly,
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "GET",
    path: "/api/blogs/:blogId/analytics/settings",
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "PATCH",
    path: "/api/blogs/:blogId/analytics/settings",
    fill: (a) => ({ blogId: a.blogId }),
    body: () => ({ enabled: false, honorDoNotTrack: true }),
  },
  { method: "GET", path: "/api/blogs/:id", team: listedByTeam, fill: (a) => ({ id: a.blogId }) },
  {
    method: "GET",
    path: "/api/blogs/:id/site",
    team: listedByTeam,
    fill: (a) => ({ id: a.blogId }),
  },
  { method: "GET", path: "/api/blogs/:blogId/jobs", fill: (a) => ({ blogId: a.blogId }) },
  {
    method: "PATCH",
    path: "/api/blogs/:id/customization",
    fill: (a) => ({ id: a.blogId }),
    body: () => ({ primaryColor: "#000000", logoUrl: "https://evil.example/logo.png" }),
  },
  {
    method: "GET",
    path: "/api/blogs/:blogId/posts",
    team: listedByTeam,
    fill: (a) => ({ blogId: a.blogId }),
  },
  // Bulk actions (decision 355): A's blog; B's blog naming A's post; B's post, A's category.
  {
    method: "POST",
    path: "/api/blogs/:blogId/posts/bulk",
    team: ownersPost,
    fill: (a) => ({ blogId: a.blogId }),
    body: (a) => ({ ids: [a.postId], action: "delete" }),
  },
  {
    method: "POST",
    path: "/api/blogs/:blogId/posts/bulk",
    team: elsewhere,
    fill: (_a, b) => ({ blogId: b.blogId }),
    body: (a) => ({ ids: [a.postId], action: "status", status: "under_review" }),
  },
  {
    method: "POST",
    path: "/api/blogs/:blogId/posts/bulk",
    team: elsewhere,
    fill: (_a, b) => ({ blogId: b.blogId }),
    body: (a, b) => ({ ids: [b.postId], action: "category", categoryId: a.categoryId }),
  },
  { method: "GET", path: "/api/posts/:id", team: ownersPost, fill: (a) => ({ id: a.postId }) },
  {
    method: "PATCH",
    path: "/api/posts/:id",
    team: ownersPost,
    fill: (a) => ({ id: a.postId }),
    body: () => ({ title: "Taken over", content: "x" }),
  },
  // B's own post, filed under A's category.
  {
    method: "PATCH",
    path: "/api/posts/:id",
    team: elsewhere,
    fill: (_a, b) => ({ id: b.postId }),
    body: (a) => ({ categoryId: a.categoryId }),
  },
  {
    method: "PATCH",
    path: "/api/posts/:id/status",
    team: ownersPost,
    fill: (a) => ({ id: a.postId }),
    body: () => ({ status: "under_review" }),
  },
  {
    method: "PATCH",
    path: "/api/posts/:id/schedule",
    team: ownersPost,
    fill: (a) => ({ id: a.postId }),
    body: () => ({ scheduledPublishAt: inAnHour() }),
  },
  { method: "DELETE", path: "/api/posts/:id", team: ownersPost, fill: (a) => ({ id: a.postId }) },
  // Pending changes and revisions (decision 096).
  {
    method: "GET",
    path: "/api/posts/:id/pending-changes",
    team: ownersPost,
    fill: (a) => ({ id: a.postId }),
  },
  {
    method: "PUT",
    path: "/api/posts/:id/pending-changes",
    team: ownersPost,
    fill: (a) => ({ id: a.postId }),
    body: () => ({ title: "Taken over", content: "x", version: 1 }),
  },
  {
    method: "DELETE",
    path: "/api/posts/:id/pending-changes",
    team: ownersPost,
    fill: (a) => ({ id: a.postId }),
  },
  {
    method: "GET",
    path: "/api/posts/:id/revisions",
    team: ownersPost,
    fill: (a) => ({ id: a.postId }),
  },
  {
    method: "GET",
    path: "/api/posts/:id/revisions/:revisionId",
    team: ownersPost,
    fill: (a) => ({ id: a.postId, revisionId: a.revisionId }),
  },
  // A post in A's blog.
  {
    method: "POST",
    path: "/api/posts",
    team: listedByTeam,
    fill: () => ({}),
    body: (a) => ({ blogId: a.blogId, title: "Planted" }),
  },
  // B's own blog, A's category.
  {
    method: "POST",
    path: "/api/posts",
    team: elsewhere,
    fill: () => ({}),
    body: (a, b) => ({ blogId: b.blogId, title: "Planted", categoryId: a.categoryId }),
  },
  {
    method: "GET",
    path: "/api/blogs/:blogId/categories",
    team: listedByTeam,
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "POST",
    path: "/api/categories",
    team: editorsOnly,
    fill: () => ({}),
    body: (a) => ({ blogId: a.blogId, name: "Planted", slug: "planted" }),
  },
  // B's own blog, A's category as the parent.
  {
    method: "POST",
    path: "/api/categories",
    team: elsewhere,
    fill: () => ({}),
    body: (a, b) => ({
      blogId: b.blogId,
      name: "Planted",
      slug: "planted",
      parentId: a.categoryId,
    }),
  },
  {
    method: "PATCH",
    path: "/api/categories/:id",
    team: editorsOnly,
    fill: (a) => ({ id: a.categoryId }),
    body: () => ({ name: "Taken over" }),
  },
  // B's own category moved under A's.
  {
    method: "PATCH",
    path: "/api/categories/:id",
    team: elsewhere,
    fill: (_a, b) => ({ id: b.categoryId }),
    body: (a) => ({ parentId: a.categoryId }),
  },
  {
    method: "DELETE",
    path: "/api/categories/:id",
    team: editorsOnly,
    fill: (a) => ({ id: a.categoryId }),
  },
  {
    method: "GET",
    path: "/api/blogs/:blogId/tags",
    team: listedByTeam,
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "GET",
    path: "/api/blogs/:blogId/activity",
    team: editorsOnly,
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "POST",
    path: "/api/tags",
    team: editorsOnly,
    fill: () => ({}),
    body: (a) => ({ blogId: a.blogId, name: "Planted" }),
  },
  {
    method: "PATCH",
    path: "/api/tags/:id",
    team: editorsOnly,
    fill: (a) => ({ id: a.tagId }),
    body: () => ({ name: "Taken over", slug: "taken-over" }),
  },
  { method: "DELETE", path: "/api/tags/:id", team: editorsOnly, fill: (a) => ({ id: a.tagId }) },
  // A's post, given tags by B.
  {
    method: "PATCH",
    path: "/api/posts/:id",
    team: ownersPost,
    fill: (a) => ({ id: a.postId }),
    body: () => ({ tags: ["Planted"] }),
  },
  {
    method: "GET",
    path: "/api/blogs/:blogId/media",
    team: listedByTeam,
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "POST",
    path: "/api/blogs/:blogId/media",
    team: listedByTeam,
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "GET",
    path: "/api/blogs/:blogId/media/:mediaId",
    team: { allow: ["editor", "writer"], hidden: ["contributor"] },
    fill: (a) => ({ blogId: a.blogId, mediaId: a.mediaId }),
  },
  {
    method: "PATCH",
    path: "/api/blogs/:blogId/media/:mediaId",
    team: ownersImage,
    fill: (a) => ({ blogId: a.blogId, mediaId: a.mediaId }),
    body: () => ({ alt: "Taken over" }),
  },
  // A's image through B's own blog.
  {
    method: "PATCH",
    path: "/api/blogs/:blogId/media/:mediaId",
    team: elsewhere,
    fill: (a, b) => ({ blogId: b.blogId, mediaId: a.mediaId }),
    body: () => ({ alt: "Taken over" }),
  },
  {
    method: "DELETE",
    path: "/api/blogs/:blogId/media/:mediaId",
    team: ownersImage,
    fill: (a) => ({ blogId: a.blogId, mediaId: a.mediaId }),
  },
  {
    method: "POST",
    path: "/api/blogs/:blogId/media/:mediaId/alt-suggestion",
    team: ownersImage,
    fill: (a) => ({ blogId: a.blogId, mediaId: a.mediaId }),
  },
  // B's own post given A's image as feature image.
  {
    method: "PATCH",
    path: "/api/posts/:id",
    team: elsewhere,
    fill: (_a, b) => ({ id: b.postId }),
    body: (a) => ({ featureImageId: a.mediaId }),
  },
  // The blog's voice (decision 333): A's blog, read and written.
  { method: "GET", path: "/api/blogs/:blogId/voice", fill: (a) => ({ blogId: a.blogId }) },
  {
    method: "PUT",
    path: "/api/blogs/:blogId/voice",
    fill: (a) => ({ blogId: a.blogId }),
    body: () => ({ personaName: "Taken over" }),
  },
  // Author profiles (decision 368): A's blog's team, and profiles on it (the person's id is
  // any: A's blog answers 404 first).
  {
    method: "GET",
    path: "/api/blogs/:blogId/authors",
    team: listedByTeam,
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "GET",
    path: "/api/blogs/:blogId/authors/me",
    team: listedByTeam,
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "PUT",
    path: "/api/blogs/:blogId/authors/me",
    team: listedByTeam,
    fill: (a) => ({ blogId: a.blogId }),
    body: () => ({ name: "Taken over" }),
  },
  {
    method: "PUT",
    path: "/api/blogs/:blogId/authors/:userId",
    fill: (a) => ({ blogId: a.blogId, userId: a.postId }),
    body: () => ({ name: "Taken over" }),
  },
  // The team (decision 370): A's blog's members and invitations (a person's id is any: A's
  // blog answers 404 first). An invitation link's token is a bearer capability, not A's data:
  // its routes are left to the team's tests.
  {
    method: "GET",
    path: "/api/blogs/:blogId/team",
    team: editorsOnly,
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "POST",
    path: "/api/blogs/:blogId/invitations",
    fill: (a) => ({ blogId: a.blogId }),
    body: () => ({ role: "editor" }),
  },
  {
    method: "DELETE",
    path: "/api/blogs/:blogId/invitations/:invitationId",
    team: editorsOnly,
    fill: (a) => ({ blogId: a.blogId, invitationId: a.invitationId }),
  },
  {
    method: "PATCH",
    path: "/api/blogs/:blogId/members/:userId",
    fill: (a) => ({ blogId: a.blogId, userId: a.postId }),
    body: () => ({ role: "editor" }),
  },
  {
    method: "DELETE",
    path: "/api/blogs/:blogId/members/:userId",
    fill: (a) => ({ blogId: a.blogId, userId: a.postId }),
  },
  // The review queue (decision 371): A's post's notes, assignment and decisions.
  {
    method: "GET",
    path: "/api/posts/:id/notes",
    team: ownersPost,
    fill: (a) => ({ id: a.postId }),
  },
  {
    method: "POST",
    path: "/api/posts/:id/notes",
    team: ownersPost,
    fill: (a) => ({ id: a.postId }),
    body: () => ({ body: "Planted" }),
  },
  {
    method: "PUT",
    path: "/api/posts/:id/assignee",
    team: ownersPost,
    fill: (a) => ({ id: a.postId }),
    body: () => ({ userId: null }),
  },
  {
    method: "POST",
    path: "/api/posts/:id/request-changes",
    team: ownersPost,
    fill: (a) => ({ id: a.postId }),
    body: () => ({ note: "Planted" }),
  },
  {
    method: "POST",
    path: "/api/posts/:id/approve",
    team: ownersPost,
    fill: (a) => ({ id: a.postId }),
    body: () => ({}),
  },
  // Internal link suggestions (decision 331): A's blog, and B's own blog naming A's post.
  {
    method: "POST",
    path: "/api/blogs/:blogId/internal-links/suggestions",
    team: listedByTeam,
    fill: (a) => ({ blogId: a.blogId }),
    body: (a) => ({ html: `<p>${a.postTitle}</p>` }),
  },
  {
    method: "POST",
    path: "/api/blogs/:blogId/internal-links/suggestions",
    team: elsewhere,
    fill: (_a, b) => ({ blogId: b.blogId }),
    body: (a) => ({ html: `<p>${a.postTitle}</p>`, postId: a.postId }),
  },
  // Topic suggestions for automation (decision 341): A's blog.
  {
    method: "POST",
    path: "/api/blogs/:blogId/automation/topic-suggestions",
    fill: (a) => ({ blogId: a.blogId }),
  },
  // The AI writer (decision 334): A's generation, A's post's research, and B writing for A's
  // blog or post.
  {
    method: "GET",
    path: "/api/ai/generations/:id",
    team: elsewhere,
    fill: (a) => ({ id: a.generationId }),
  },
  {
    method: "POST",
    path: "/api/ai/generations/:id/cancel",
    team: elsewhere,
    fill: (a) => ({ id: a.generationId }),
  },
  {
    method: "GET",
    path: "/api/posts/:id/research",
    team: ownersPost,
    fill: (a) => ({ id: a.postId }),
  },
  ...subscriberCases,
  ...newsletterCases,
  ...linkHealthCases,
];

/** `METHOD path` of every route the app serves with a path parameter. */
export function routesWithIds(app: Express): string[] {
  return listRoutes(app)
    .filter((route) => /[:*]/.test(route.path))
    .map((route) => `${route.method} ${route.path}`);
}

/** One owner's blog with a category, a draft post, an affiliate link, automation and AI suggestions. */

/** A route path with its parameters filled in (`:name` encoded, `{*name}` as a path). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/:(\w+)|\{\*(\w+)\}/g, (_, name: string | undefined, rest?: string) => {
    const value = values[(name ?? rest) as string];
    if (value === undefined) throw new Error(`no value for ${name ?? rest} in ${path}`);
    return rest ? value : encodeURIComponent(value);
  });
}
