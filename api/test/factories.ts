import type { Blog } from "../../contracts/blogs.ts";
import type { Category } from "../../contracts/categories.ts";
import type { Post } from "../../contracts/posts.ts";
import type { MemberRole } from "../../contracts/roles.ts";
import type { Database } from "../db/client.ts";
import { blogMembers, blogs, renderJobs, users } from "../db/schema.ts";
import type { TestApp, TestClient } from "./harness.ts";

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A new owner with a built-in account, signed in on the returned client. */
export async function createOwner(
  app: TestApp,
  email = `owner-${unique()}@example.com`,
): Promise<TestClient> {
  const client = app.client();
  const res = await client.post("/auth/sign-up", { email, password: "correct horse battery" });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  return client;
}

export async function createBlog(
  owner: TestClient,
  name = `Blog ${unique()}`,
  description?: string,
): Promise<Blog> {
  const res = await owner.post<Blog>("/api/blogs", { name, description });
  if (res.status !== 201) throw new Error(`blog creation failed: ${res.status} ${res.text}`);
  return res.body;
}

/**
 * Names the blog's author persona (Settings → Voice): automation publishes only on a blog
 * with one (decision 342).
 */
export async function setPersona(owner: TestClient, blogId: string, personaName: string) {
  const res = await owner.put(`/api/blogs/${blogId}/voice`, { personaName });
  if (res.status !== 200) throw new Error(`persona not saved: ${res.status} ${res.text}`);
}

/** A new signed-in owner with one blog of their own. */
export async function createOwnerWithBlog(
  app: TestApp,
): Promise<{ owner: TestClient; blogId: string }> {
  const owner = await createOwner(app);
  return { owner, blogId: (await createBlog(owner)).id };
}

/**
 * A new signed-in person who is a member of `blogId` with `role` (written to the database: the
 * invitation flow comes with the team work of decision 366).
 */
export async function createMember(
  app: TestApp,
  blogId: string,
  role: MemberRole,
): Promise<TestClient> {
  const member = await createOwner(app);
  const me = await member.get<{ id: string }>("/api/auth/user");
  if (me.status !== 200) throw new Error(`no user: ${me.status} ${me.text}`);
  await app.db.insert(blogMembers).values({ blogId, userId: me.body.id, role });
  return member;
}

/** A post created through the API (a draft), with any fields the test cares about. */
export async function createPost(
  owner: TestClient,
  blogId: string,
  fields: Record<string, unknown> = {},
): Promise<Post> {
  const res = await owner.post<Post>("/api/posts", {
    blogId,
    title: `Post ${unique()}`,
    content: "<p>Some content</p>",
    ...fields,
  });
  if (res.status !== 201) throw new Error(`post creation failed: ${res.status} ${res.text}`);
  return res.body;
}

/** A post moved through review to published, as the editor does it. */
export async function createPublishedPost(
  owner: TestClient,
  blogId: string,
  fields: Record<string, unknown> = {},
): Promise<Post> {
  const post = await createPost(owner, blogId, fields);
  for (const status of ["under_review", "published"]) {
    const res = await owner.patch<Post>(`/api/posts/${post.id}/status`, { status });
    if (res.status !== 200) throw new Error(`status change failed: ${res.status} ${res.text}`);
  }
  return (await owner.get<Post>(`/api/posts/${post.id}`)).body;
}

export async function createCategory(
  owner: TestClient,
  blogId: string,
  fields: { name?: string; slug?: string; parentId?: string | null } = {},
): Promise<Category> {
  const name = fields.name ?? `Category ${unique()}`;
  const res = await owner.post<Category>("/api/categories", {
    blogId,
    name,
    slug: fields.slug ?? name,
    parentId: fields.parentId ?? null,
  });
  if (res.status !== 201) throw new Error(`category creation failed: ${res.status} ${res.text}`);
  return res.body;
}

/** A draft scheduled through the API to publish `inMs` from now; `due` is that time. */
export async function createScheduledPost(
  owner: TestClient,
  blogId: string,
  inMs: number,
): Promise<{ post: Post; due: Date }> {
  const post = await createPost(owner, blogId);
  const due = new Date(Date.now() + inMs);
  const res = await owner.patch(`/api/posts/${post.id}/schedule`, {
    scheduledPublishAt: due.toISOString(),
  });
  if (res.status !== 200) throw new Error(`scheduling failed: ${res.status} ${res.text}`);
  return { post, due };
}

/**
 * A new owner's blog, never rendered, with a full render requested and not yet run: the outbox
 * row alone, as a commit leaves it before anyone is told (needs an app with publishing).
 */
export async function blogWithPendingRender(app: TestApp) {
  const publishing = app.publishing;
  if (!publishing) throw new Error("publishing expected");
  const blog = await createBlog(await createOwner(app));
  if (await publishing.output.hasLive(blog.id)) throw new Error("a new blog is live already");
  await app.db
    .insert(renderJobs)
    .values({ blogId: blog.id, full: true, postIds: [], requestedAt: new Date() });
  return { blog, publishing };
}

/** Ada Lovelace and her blog, written straight to the database (no API, nothing rendered). */
export async function insertOwnerAndBlog(
  db: Database,
  blog: Omit<typeof blogs.$inferInsert, "ownerId">,
): Promise<{ ownerId: string; blogId: string }> {
  const [owner] = await db
    .insert(users)
    .values({ email: "ada@example.com", firstName: "Ada", lastName: "Lovelace" })
    .returning();
  const ownerId = owner?.id as string;
  const [row] = await db
    .insert(blogs)
    .values({ ...blog, ownerId })
    .returning();
  return { ownerId, blogId: row?.id as string };
}
