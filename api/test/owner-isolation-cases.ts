import { sql } from "drizzle-orm";
import type { Express } from "express";
import { strToU8, zipSync } from "fflate";
import type { Database } from "../db/client.ts";
import { isPostgres, rawRows } from "../db/query.ts";
import { createBlog, createCategory, createPost } from "./factories.ts";
import type { TestClient } from "./harness.ts";
import { makeImage, uploadFile } from "./images.ts";
import { listRoutes } from "./routes.ts";

/**
 * The owner-isolation case table, shared by `owner-isolation.test.ts` and
 * `npm run check:security` (scripts/checks/security.ts): one entry per route that takes an id,
 * with the ids of owner A to try as owner B. The table grows with every endpoint; both users of
 * it fail when the router serves a route with a parameter the table does not try.
 */
export type OwnerData = {
  blogId: string;
  blogSlug: string;
  /** A draft: never visible to anyone but its owner, not even on the public blog. */
  postId: string;
  postSlug: string;
  postTitle: string;
  /** The post's first revision (decision 096). */
  revisionId: string;
  categoryId: string;
  /** A tag of the blog, on its draft post. */
  tagId: string;
  linkId: string;
  recommendationId: string;
  ideaId: string;
  /** A finished import into the blog. */
  importId: string;
  /** An image of the blog's media library. */
  mediaId: string;
  /** An open invitation to the blog's team (decision 370). */
  invitationId: string;
  /** A finished generation of the AI writer (the offline writer), for the blog's post. */
  generationId: string;
};

/** The ids of an owner's data that a route's path parameters are tried with, one by one. */
export const pathIdFields = [
  "blogId",
  "postId",
  "categoryId",
  "tagId",
  "linkId",
  "recommendationId",
  "ideaId",
] as const satisfies readonly (keyof OwnerData)[];

export type IsolationCase = {
  method: string;
  path: string;
  /** Path parameters from A's data (and B's own, for requests on B's rows naming A's). */
  fill: (a: OwnerData, b: OwnerData) => Record<string, string>;
  body?: (a: OwnerData, b: OwnerData) => unknown;
  query?: (a: OwnerData) => Record<string, string>;
};

const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

/** Owner routes under /api: another owner's id answers 404 and changes nothing. */
export const ownerCases: IsolationCase[] = [
  {
    method: "POST",
    path: "/api/blog-recommendations/:id/approve",
    fill: (a) => ({ id: a.ideaId }),
  },
  { method: "POST", path: "/api/blog-recommendations/:id/reject", fill: (a) => ({ id: a.ideaId }) },
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
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "POST",
    path: "/api/affiliate-links",
    fill: () => ({}),
    body: (a) => ({ blogId: a.blogId, keyword: "planted", url: "https://evil.example.com" }),
  },
  {
    method: "PATCH",
    path: "/api/affiliate-links/:id",
    fill: (a) => ({ id: a.linkId }),
    body: () => ({ url: "https://evil.example.com" }),
  },
  { method: "DELETE", path: "/api/affiliate-links/:id", fill: (a) => ({ id: a.linkId }) },
  { method: "GET", path: "/api/affiliate-links/:id/clicks", fill: (a) => ({ id: a.linkId }) },
  {
    method: "GET",
    path: "/api/blogs/:blogId/affiliate-clicks",
    fill: (a) => ({ blogId: a.blogId }),
  },
  { method: "GET", path: "/api/blogs/:blogId/analytics", fill: (a) => ({ blogId: a.blogId }) },
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
  { method: "GET", path: "/api/blogs/:id", fill: (a) => ({ id: a.blogId }) },
  { method: "GET", path: "/api/blogs/:id/site", fill: (a) => ({ id: a.blogId }) },
  { method: "GET", path: "/api/blogs/:blogId/jobs", fill: (a) => ({ blogId: a.blogId }) },
  {
    method: "PATCH",
    path: "/api/blogs/:id/customization",
    fill: (a) => ({ id: a.blogId }),
    body: () => ({ primaryColor: "#000000", logoUrl: "https://evil.example/logo.png" }),
  },
  { method: "GET", path: "/api/blogs/:blogId/posts", fill: (a) => ({ blogId: a.blogId }) },
  // Bulk actions (decision 355): A's blog; B's blog naming A's post; B's post, A's category.
  {
    method: "POST",
    path: "/api/blogs/:blogId/posts/bulk",
    fill: (a) => ({ blogId: a.blogId }),
    body: (a) => ({ ids: [a.postId], action: "delete" }),
  },
  {
    method: "POST",
    path: "/api/blogs/:blogId/posts/bulk",
    fill: (_a, b) => ({ blogId: b.blogId }),
    body: (a) => ({ ids: [a.postId], action: "status", status: "under_review" }),
  },
  {
    method: "POST",
    path: "/api/blogs/:blogId/posts/bulk",
    fill: (_a, b) => ({ blogId: b.blogId }),
    body: (a, b) => ({ ids: [b.postId], action: "category", categoryId: a.categoryId }),
  },
  { method: "GET", path: "/api/posts/:id", fill: (a) => ({ id: a.postId }) },
  {
    method: "PATCH",
    path: "/api/posts/:id",
    fill: (a) => ({ id: a.postId }),
    body: () => ({ title: "Taken over", content: "x" }),
  },
  // B's own post, filed under A's category.
  {
    method: "PATCH",
    path: "/api/posts/:id",
    fill: (_a, b) => ({ id: b.postId }),
    body: (a) => ({ categoryId: a.categoryId }),
  },
  {
    method: "PATCH",
    path: "/api/posts/:id/status",
    fill: (a) => ({ id: a.postId }),
    body: () => ({ status: "under_review" }),
  },
  {
    method: "PATCH",
    path: "/api/posts/:id/schedule",
    fill: (a) => ({ id: a.postId }),
    body: () => ({ scheduledPublishAt: inAnHour() }),
  },
  { method: "DELETE", path: "/api/posts/:id", fill: (a) => ({ id: a.postId }) },
  // Pending changes and revisions (decision 096).
  { method: "GET", path: "/api/posts/:id/pending-changes", fill: (a) => ({ id: a.postId }) },
  {
    method: "PUT",
    path: "/api/posts/:id/pending-changes",
    fill: (a) => ({ id: a.postId }),
    body: () => ({ title: "Taken over", content: "x", version: 1 }),
  },
  { method: "DELETE", path: "/api/posts/:id/pending-changes", fill: (a) => ({ id: a.postId }) },
  { method: "GET", path: "/api/posts/:id/revisions", fill: (a) => ({ id: a.postId }) },
  {
    method: "GET",
    path: "/api/posts/:id/revisions/:revisionId",
    fill: (a) => ({ id: a.postId, revisionId: a.revisionId }),
  },
  // A post in A's blog.
  {
    method: "POST",
    path: "/api/posts",
    fill: () => ({}),
    body: (a) => ({ blogId: a.blogId, title: "Planted" }),
  },
  // B's own blog, A's category.
  {
    method: "POST",
    path: "/api/posts",
    fill: () => ({}),
    body: (a, b) => ({ blogId: b.blogId, title: "Planted", categoryId: a.categoryId }),
  },
  {
    method: "GET",
    path: "/api/blogs/:blogId/categories",
    fill: (a) => ({ blogId: a.blogId }),
  },
  {
    method: "POST",
    path: "/api/categories",
    fill: () => ({}),
    body: (a) => ({ blogId: a.blogId, name: "Planted", slug: "planted" }),
  },
  // B's own blog, A's category as the parent.
  {
    method: "POST",
    path: "/api/categories",
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
    fill: (a) => ({ id: a.categoryId }),
    body: () => ({ name: "Taken over" }),
  },
  // B's own category moved under A's.
  {
    method: "PATCH",
    path: "/api/categories/:id",
    fill: (_a, b) => ({ id: b.categoryId }),
    body: (a) => ({ parentId: a.categoryId }),
  },
  { method: "DELETE", path: "/api/categories/:id", fill: (a) => ({ id: a.categoryId }) },
  { method: "GET", path: "/api/blogs/:blogId/tags", fill: (a) => ({ blogId: a.blogId }) },
  { method: "GET", path: "/api/blogs/:blogId/activity", fill: (a) => ({ blogId: a.blogId }) },
  {
    method: "POST",
    path: "/api/tags",
    fill: () => ({}),
    body: (a) => ({ blogId: a.blogId, name: "Planted" }),
  },
  {
    method: "PATCH",
    path: "/api/tags/:id",
    fill: (a) => ({ id: a.tagId }),
    body: () => ({ name: "Taken over", slug: "taken-over" }),
  },
  { method: "DELETE", path: "/api/tags/:id", fill: (a) => ({ id: a.tagId }) },
  // A's post, given tags by B.
  {
    method: "PATCH",
    path: "/api/posts/:id",
    fill: (a) => ({ id: a.postId }),
    body: () => ({ tags: ["Planted"] }),
  },
  { method: "GET", path: "/api/blogs/:blogId/media", fill: (a) => ({ blogId: a.blogId }) },
  { method: "POST", path: "/api/blogs/:blogId/media", fill: (a) => ({ blogId: a.blogId }) },
  {
    method: "GET",
    path: "/api/blogs/:blogId/media/:mediaId",
    fill: (a) => ({ blogId: a.blogId, mediaId: a.mediaId }),
  },
  {
    method: "PATCH",
    path: "/api/blogs/:blogId/media/:mediaId",
    fill: (a) => ({ blogId: a.blogId, mediaId: a.mediaId }),
    body: () => ({ alt: "Taken over" }),
  },
  // A's image through B's own blog.
  {
    method: "PATCH",
    path: "/api/blogs/:blogId/media/:mediaId",
    fill: (a, b) => ({ blogId: b.blogId, mediaId: a.mediaId }),
    body: () => ({ alt: "Taken over" }),
  },
  {
    method: "DELETE",
    path: "/api/blogs/:blogId/media/:mediaId",
    fill: (a) => ({ blogId: a.blogId, mediaId: a.mediaId }),
  },
  {
    method: "POST",
    path: "/api/blogs/:blogId/media/:mediaId/alt-suggestion",
    fill: (a) => ({ blogId: a.blogId, mediaId: a.mediaId }),
  },
  // B's own post given A's image as feature image.
  {
    method: "PATCH",
    path: "/api/posts/:id",
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
  { method: "GET", path: "/api/blogs/:blogId/authors", fill: (a) => ({ blogId: a.blogId }) },
  { method: "GET", path: "/api/blogs/:blogId/authors/me", fill: (a) => ({ blogId: a.blogId }) },
  {
    method: "PUT",
    path: "/api/blogs/:blogId/authors/me",
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
  { method: "GET", path: "/api/blogs/:blogId/team", fill: (a) => ({ blogId: a.blogId }) },
  {
    method: "POST",
    path: "/api/blogs/:blogId/invitations",
    fill: (a) => ({ blogId: a.blogId }),
    body: () => ({ role: "editor" }),
  },
  {
    method: "DELETE",
    path: "/api/blogs/:blogId/invitations/:invitationId",
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
  { method: "GET", path: "/api/posts/:id/notes", fill: (a) => ({ id: a.postId }) },
  {
    method: "POST",
    path: "/api/posts/:id/notes",
    fill: (a) => ({ id: a.postId }),
    body: () => ({ body: "Planted" }),
  },
  {
    method: "PUT",
    path: "/api/posts/:id/assignee",
    fill: (a) => ({ id: a.postId }),
    body: () => ({ userId: null }),
  },
  {
    method: "POST",
    path: "/api/posts/:id/request-changes",
    fill: (a) => ({ id: a.postId }),
    body: () => ({ note: "Planted" }),
  },
  {
    method: "POST",
    path: "/api/posts/:id/approve",
    fill: (a) => ({ id: a.postId }),
    body: () => ({}),
  },
  // Internal link suggestions (decision 331): A's blog, and B's own blog naming A's post.
  {
    method: "POST",
    path: "/api/blogs/:blogId/internal-links/suggestions",
    fill: (a) => ({ blogId: a.blogId }),
    body: (a) => ({ html: `<p>${a.postTitle}</p>` }),
  },
  {
    method: "POST",
    path: "/api/blogs/:blogId/internal-links/suggestions",
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
  { method: "GET", path: "/api/ai/generations/:id", fill: (a) => ({ id: a.generationId }) },
  {
    method: "POST",
    path: "/api/ai/generations/:id/cancel",
    fill: (a) => ({ id: a.generationId }),
  },
  { method: "GET", path: "/api/posts/:id/research", fill: (a) => ({ id: a.postId }) },
];

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

/** `METHOD path` of every route the app serves with a path parameter. */
export function routesWithIds(app: Express): string[] {
  return listRoutes(app)
    .filter((route) => /[:*]/.test(route.path))
    .map((route) => `${route.method} ${route.path}`);
}

/** One owner's blog with a category, a draft post, an affiliate link, automation and AI suggestions. */
export async function seedOwner(owner: TestClient, name: string): Promise<OwnerData> {
  const blog = await createBlog(owner, name);
  const categoryId = (await createCategory(owner, blog.id)).id;
  const post = await createPost(owner, blog.id, { categoryId, tags: ["Isolation"] });
  const [tag] = (await owner.get<{ id: string }[]>(`/api/blogs/${blog.id}/tags`)).body;
  const revisions = await owner.get<{ id: string }[]>(`/api/posts/${post.id}/revisions`);
  const link = await owner.post<{ id: string }>("/api/affiliate-links", {
    blogId: blog.id,
    keyword: "compost",
    url: "https://shop.example.com/compost",
  });
  await owner.post(`/api/blogs/${blog.id}/automation`, { enabled: false });
  const recommendations = await owner.post<{ id: string }[]>(
    `/api/blogs/${blog.id}/affiliate-recommendations/generate`,
  );
  const ideas = await owner.post<{ id: string }[]>("/api/blog-recommendations/generate");
  const started = await owner.request<{ id: string }>("POST", `/api/blogs/${blog.id}/imports`, {
    raw: zipSync({ "imported.md": strToU8("---\ntitle: Imported\ndraft: true\n---\nText\n") }),
  });
  // Finished before the matrix runs, so it cannot change the database under the checks.
  for (let i = 0; i < 200; i++) {
    const job = await owner.get<{ status: string }>(`/api/imports/${started.body.id}`);
    if (!["queued", "running"].includes(job.body.status)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const generation = await owner.post<{ id: string }>("/api/ai/generations", {
    blogId: blog.id,
    postId: post.id,
    topic: "Compost",
  });
  for (let i = 0; i < 200; i++) {
    const job = await owner.get<{ status: string }>(`/api/ai/generations/${generation.body.id}`);
    if (!["queued", "running"].includes(job.body.status)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const image = await uploadFile(
    owner,
    blog.id,
    await makeImage({ width: 40, height: 30 }),
    "a.jpg",
  );
  const invitation = await owner.post<{ id: string }>(`/api/blogs/${blog.id}/invitations`, {
    role: "writer",
  });
  return {
    blogId: blog.id,
    blogSlug: blog.slug,
    postId: post.id,
    postSlug: post.slug,
    postTitle: post.title,
    revisionId: revisions.body[0]?.id as string,
    categoryId,
    tagId: tag?.id as string,
    linkId: link.body.id,
    recommendationId: recommendations.body[0]?.id as string,
    ideaId: ideas.body[0]?.id as string,
    importId: started.body.id,
    mediaId: image.body.id,
    generationId: generation.body.id,
    invitationId: invitation.body.id,
  };
}

/** Tables that change by merely using the app (sign-in state), not by anything an owner owns. */
const ignoredTables = new Set(["sessions", "oidc_login_flows", "__drizzle_migrations"]);

/** Every row of every table the owners' data lives in, in rowid order. */
export async function snapshotDatabase(db: Database): Promise<Record<string, unknown[]>> {
  if (isPostgres(db)) return snapshotPostgres(db);
  const tables = await db.all<{ name: string; sql: string | null }>(
    sql`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
  );
  // Full-text indexes (posts_fts and its shadow tables) are derived from the tables snapshotted.
  const virtual = tables
    .filter((t) => /^create virtual table/i.test(t.sql ?? ""))
    .map((t) => t.name);
  const derived = (name: string) => virtual.some((v) => name === v || name.startsWith(`${v}_`));
  const result: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    if (ignoredTables.has(name) || derived(name)) continue;
    result[name] = await db.all(sql.raw(`select * from "${name}" order by rowid`));
  }
  return result;
}

/** The same on PostgreSQL (no rowid there: `changedRows` compares rows in any order). */
async function snapshotPostgres(db: Database): Promise<Record<string, unknown[]>> {
  const tables = await rawRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const result: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    if (ignoredTables.has(name)) continue;
    result[name] = await rawRows<unknown>(db, sql.raw(`select * from "${name}"`));
  }
  return result;
}

/** Rows added, removed or changed between two snapshots, per table (unchanged tables left out). */
export function changedRows(
  before: Record<string, unknown[]>,
  after: Record<string, unknown[]>,
): Record<string, number> {
  const changed: Record<string, number> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const counts = new Map<string, number>();
    for (const row of before[table] ?? []) {
      const key = JSON.stringify(row);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const row of after[table] ?? []) {
      const key = JSON.stringify(row);
      counts.set(key, (counts.get(key) ?? 0) - 1);
    }
    // A changed row is one gone and one new: count it once.
    let gone = 0;
    let added = 0;
    for (const count of counts.values()) {
      if (count > 0) gone += count;
      else added -= count;
    }
    if (gone + added > 0) changed[table] = Math.max(gone, added);
  }
  return changed;
}

/** A route path with its parameters filled in (`:name` encoded, `{*name}` as a path). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/:(\w+)|\{\*(\w+)\}/g, (_, name: string | undefined, rest?: string) => {
    const value = values[(name ?? rest) as string];
    if (value === undefined) throw new Error(`no value for ${name ?? rest} in ${path}`);
    return rest ? value : encodeURIComponent(value);
  });
}
