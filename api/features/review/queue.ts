import { aliasedTable, and, asc, count, eq, gt, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { ActivityPerson } from "../../../contracts/activity.ts";
import type { ReviewQueuePage, ReviewQueueQuery } from "../../../contracts/review.ts";
import { can } from "../../../contracts/roles.ts";
import { displayNameOf } from "../../../contracts/users.ts";
import type { Database } from "../../db/client.ts";
import { postNotes, posts, users } from "../../db/schema.ts";
import { NotFound } from "../../http/errors.ts";
import { blogsOf } from "../members/access.ts";

const assignees = aliasedTable(users, "assignees");

const personOf = (row: {
  id: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}): ActivityPerson | null => (row.id ? { id: row.id, name: displayNameOf(row) } : null);

const cursorOf = (row: { submittedAt: Date | null; id: string }) =>
  `${row.submittedAt?.getTime() ?? 0}_${row.id}`;

/**
 * The review queue (decision 371): posts under review of every blog the person may publish on
 * (`posts.review`: its owner and editors), oldest submission first, `limit` after `cursor`;
 * one blog's (`blogId`, 404 when the person does not review it), and the person's own
 * assignments or the unassigned ones (`assignee`). Read through the partial index of posts
 * under review, in order.
 */
export async function reviewQueue(
  db: Database,
  userId: string,
  query: ReviewQueueQuery,
): Promise<ReviewQueuePage> {
  const reviewed = (await blogsOf(db, userId)).filter((access) => can(access.role, "posts.review"));
  const names = new Map(reviewed.map((access) => [access.blog.id, access.blog.name]));
  if (query.blogId && !names.has(query.blogId)) throw NotFound("Blog");
  const blogIds = query.blogId ? [query.blogId] : [...names.keys()];
  if (blogIds.length === 0) return { posts: [], nextCursor: null, total: 0 };

  // A post under review with a time to go live was decided on (approved and scheduled).
  const inQueue = and(
    eq(posts.status, "under_review"),
    inArray(posts.blogId, blogIds),
    isNull(posts.scheduledPublishAt),
  ) as SQL;
  const conditions: SQL[] = [inQueue];
  if (query.assignee === "me") conditions.push(eq(posts.assigneeId, userId));
  if (query.assignee === "unassigned") conditions.push(isNull(posts.assigneeId));
  if (query.cursor) {
    const [at, id] = query.cursor.split("_") as [string, string];
    const after = new Date(Number(at));
    conditions.push(
      or(gt(posts.submittedAt, after), and(eq(posts.submittedAt, after), gt(posts.id, id))) as SQL,
    );
  }
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: posts.id,
        title: posts.title,
        excerpt: posts.excerpt,
        blogId: posts.blogId,
        submittedAt: posts.submittedAt,
        reviewReasons: posts.reviewReasons,
        author: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        },
        assignee: {
          id: assignees.id,
          firstName: assignees.firstName,
          lastName: assignees.lastName,
          email: assignees.email,
        },
      })
      .from(posts)
      .leftJoin(users, eq(users.id, posts.authorId))
      .leftJoin(assignees, eq(assignees.id, posts.assigneeId))
      .where(and(...conditions))
      .orderBy(asc(posts.submittedAt), asc(posts.id))
      .limit(query.limit + 1),
    db.select({ n: count() }).from(posts).where(inQueue),
  ]);
  const page = rows.slice(0, query.limit);
  const notes = new Map<string, number>();
  if (page.length > 0) {
    const counted = await db
      .select({ postId: postNotes.postId, n: count() })
      .from(postNotes)
      .where(
        inArray(
          postNotes.postId,
          page.map((row) => row.id),
        ),
      )
      .groupBy(postNotes.postId);
    for (const row of counted) notes.set(row.postId, row.n);
  }
  const last = page.at(-1);
  return {
    posts: page.map((row) => ({
      id: row.id,
      title: row.title,
      excerpt: row.excerpt,
      blogId: row.blogId,
      blogName: names.get(row.blogId) ?? "",
      author: row.author ? personOf(row.author) : null,
      assignee: row.assignee ? personOf(row.assignee) : null,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      notes: notes.get(row.id) ?? 0,
      reviewReasons: row.reviewReasons,
    })),
    nextCursor: rows.length > query.limit && last ? cursorOf(last) : null,
    total: totals?.n ?? 0,
  };
}
