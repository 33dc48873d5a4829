import { strToU8, zipSync } from "fflate";
import type { MemberRole } from "../../contracts/roles.ts";
import type { Database } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import { newsletterIssues } from "../db/schema.ts";
import { createBlog, createCategory, createPost } from "./factories.ts";
import type { TestClient } from "./harness.ts";
import { makeImage, uploadFile } from "./images.ts";

/*
 * An owner's data for the owner-isolation table (owner-isolation-cases.ts) and the role matrix:
 * one of each row a route takes an id of, made through the API as the owner would.
 */

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
  /** An address on the blog's list, imported with its consent date (decision 374). */
  subscriberId: string;
  /** That address: each owner's differs, so erasing one owner's never touches the other's. */
  subscriberEmail: string;
  /** A newsletter issue of the blog, still queued (decision 373); made in the database when given one. */
  issueId: string;
  /** A 'Replace everywhere' of the owner's (decision 379), not undone. */
  replacementId: string;
};

export async function seedOwner(
  owner: TestClient,
  name: string,
  db?: Database,
): Promise<OwnerData> {
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
  const subscriberEmail = `reader-${blog.slug}@example.com`;
  await owner.post(`/api/blogs/${blog.id}/subscribers/import`, {
    csv: `email,consented_at\n${subscriberEmail},2025-01-15\n`,
  });
  const list = await owner.get<{ subscribers: { id: string }[] }>(
    `/api/blogs/${blog.id}/subscribers`,
  );
  const replacement = await owner.post<{ id: string }>("/api/link-health/replacements", {
    from: `https://gone.example.com/${blog.slug}`,
    to: `https://shop.example.com/${blog.slug}`,
  });
  // No route makes an issue by itself (the sending job does, from a live post): one is stored.
  const issueId = newId();
  await db?.insert(newsletterIssues).values({
    id: issueId,
    blogId: blog.id,
    number: 1,
    kind: "post",
    subject: "Seeded issue",
    html: "<p>Seeded</p>",
    text: "Seeded",
  });
  return {
    issueId,
    replacementId: replacement.body.id,
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
    subscriberId: list.body.subscribers[0]?.id as string,
    subscriberEmail,
  };
}

/** The ids of an owner's data that a route's path parameters are tried with, one by one. */
export const pathIdFields = [
  "blogId",
  "postId",
  "categoryId",
  "tagId",
  "linkId",
  "recommendationId",
  "ideaId",
  "subscriberId",
] as const satisfies readonly (keyof OwnerData)[];

/**
 * What a member of A's blog gets on a case (decision 366; `role-matrix.test.ts`): `allow` roles
 * may (a success, or a refusal of the request itself such as 400 or 409, never 403 or 404);
 * `hidden` roles get 404 (the row is not one they can see: someone else's post, another
 * blog's row); every other member role 403. Absent: the owner's alone, 403 for every member.
 */
export type TeamExpectation = { allow?: readonly MemberRole[]; hidden?: readonly MemberRole[] };

export type IsolationCase = {
  method: string;
  path: string;
  team?: TeamExpectation;
  /** Path parameters from A's data (and B's own, for requests on B's rows naming A's). */
  fill: (a: OwnerData, b: OwnerData) => Record<string, string>;
  body?: (a: OwnerData, b: OwnerData) => unknown;
  query?: (a: OwnerData) => Record<string, string>;
};
