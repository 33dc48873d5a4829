import { and, asc, eq, or } from "drizzle-orm";
import {
  type Capability,
  type CapabilityContext,
  can,
  type Role,
  roleNames,
} from "../../../contracts/roles.ts";
import type { Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogMembers, blogs } from "../../db/schema.ts";
import { Forbidden, NotFound } from "../../http/errors.ts";

type BlogRow = typeof blogs.$inferSelect;

/** A person's access to one blog: the blog, and their role on it (decision 366). */
export type BlogAccess = { blog: BlogRow; role: Role };

/** The role of `userId` on `blog`, given their membership's role (if any). */
const roleOf = (blog: BlogRow, userId: string, memberRole: Role | null): Role | undefined =>
  blog.ownerId === userId ? "owner" : (memberRole ?? undefined);

/**
 * The person's access to a blog read with their membership (`membershipOf`), or undefined when
 * they do not belong to it.
 */
export function accessOf(
  blog: BlogRow,
  userId: string,
  memberRole: Role | null,
): BlogAccess | undefined {
  const role = roleOf(blog, userId, memberRole);
  return role ? { blog, role } : undefined;
}

/** The join of a query over `blogs` to the person's membership of each (its role, or null). */
export const membershipOf = (userId: string) =>
  and(eq(blogMembers.blogId, blogs.id), eq(blogMembers.userId, userId));

/** Blogs with the person's membership of each (its role, or null), to filter. */
const withMembership = (db: Queryable, userId: string) =>
  db
    .select({ blog: blogs, memberRole: blogMembers.role })
    .from(blogs)
    .leftJoin(blogMembers, membershipOf(userId));

/**
 * The blog with the person's role on it, or 404: a blog the person does not belong to answers
 * exactly like a missing one, so ids cannot be probed (as for another owner's blog before teams).
 */
export async function blogAccess(
  db: Queryable,
  userId: string,
  blogId: string,
  /** What the 404 names: a row reached through its blog answers as that row ("Category"). */
  notFound = "Blog",
): Promise<BlogAccess> {
  const row = await first(withMembership(db, userId).where(eq(blogs.id, blogId)));
  const access = row && accessOf(row.blog, userId, row.memberRole);
  if (!access) throw NotFound(notFound);
  return access;
}

/** The 403 of a role that may not do what was asked. */
export const roleForbidden = (access: BlogAccess) =>
  Forbidden(
    `Your role on this blog (${roleNames[access.role]}) does not allow this.`,
    "role_forbidden",
  );

/** Refuses (403) what the person's role on the blog does not allow. */
export function requireCapability(
  access: BlogAccess,
  capability: Capability,
  context?: CapabilityContext,
): void {
  if (!can(access.role, capability, context)) throw roleForbidden(access);
}

/** The blog when the person belongs to it (else 404) and their role allows `capability` (else 403). */
export async function blogFor(
  db: Queryable,
  userId: string,
  blogId: string,
  capability: Capability,
  context?: CapabilityContext,
): Promise<BlogAccess> {
  const access = await blogAccess(db, userId, blogId);
  requireCapability(access, capability, context);
  return access;
}

/** Every blog the person belongs to (the ones they own and their memberships), oldest first. */
export async function blogsOf(db: Queryable, userId: string): Promise<BlogAccess[]> {
  const rows = await withMembership(db, userId)
    .where(or(eq(blogs.ownerId, userId), eq(blogMembers.userId, userId)))
    .orderBy(asc(blogs.createdAt), asc(blogs.id));
  return rows.flatMap(({ blog, memberRole }) => accessOf(blog, userId, memberRole) ?? []);
}

/**
 * A row reached through its blog (a category, a tag, a link, …) when the person belongs to
 * that blog and their role there allows `capability`: 404 naming the row (`what`) when it is
 * missing or the blog is not theirs, 403 when the role cannot.
 */
export async function rowFor<Row extends { blogId: string }>(
  db: Queryable,
  userId: string,
  row: Row | undefined,
  what: string,
  capability: Capability,
  context?: CapabilityContext,
): Promise<Row> {
  if (!row) throw NotFound(what);
  requireCapability(await blogAccess(db, userId, row.blogId, what), capability, context);
  return row;
}
