import { and, desc, eq, inArray } from "drizzle-orm";
import {
  type ActivityPage,
  type ActivityPerson,
  type ActivityQuery,
  activityRetentionDays,
} from "../../../contracts/activity.ts";
import { displayNameOf } from "../../../contracts/users.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { activityEvents, blogMembers, users } from "../../db/schema.ts";
import { blogFor } from "../members/access.ts";
import { personColumns } from "../members/people.ts";
import { before, pageOf } from "./cursor.ts";
import { presentActivityEvent } from "./presenter.ts";

/** A person as the log names them. */
export const personOf = (user: {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}): ActivityPerson => ({ id: user.id, name: displayNameOf(user) });

/** The blog's owner and members, owner first, for the filter by person. */
async function teamOf(db: Queryable, blogId: string, ownerId: string): Promise<ActivityPerson[]> {
  const [owner] = await db.select(personColumns).from(users).where(eq(users.id, ownerId));
  const members = await db
    .select(personColumns)
    .from(blogMembers)
    .innerJoin(users, eq(users.id, blogMembers.userId))
    .where(eq(blogMembers.blogId, blogId))
    .orderBy(blogMembers.createdAt);
  return [...(owner ? [owner] : []), ...members].map(personOf);
}

/**
 * One page of the blog's activity log, newest first (decision 369): owners and editors
 * (`activity.view`, else 403); a blog the person does not belong to answers 404.
 */
export async function listActivity(
  db: Database,
  userId: string,
  blogId: string,
  query: ActivityQuery,
): Promise<ActivityPage> {
  const { blog } = await blogFor(db, userId, blogId, "activity.view");
  const rows = await db
    .select({ event: activityEvents, actor: personColumns })
    .from(activityEvents)
    .leftJoin(users, eq(users.id, activityEvents.actorId))
    .where(
      and(
        eq(activityEvents.blogId, blog.id),
        query.action ? inArray(activityEvents.action, query.action) : undefined,
        query.actorId ? eq(activityEvents.actorId, query.actorId) : undefined,
        query.postId ? eq(activityEvents.postId, query.postId) : undefined,
        query.before ? before(activityEvents, query.before) : undefined,
      ),
    )
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(query.limit + 1);
  const page = pageOf(
    rows.map((row) => ({ ...row, id: row.event.id, createdAt: row.event.createdAt })),
    query.limit,
  );
  return {
    events: page.rows.map((row) =>
      presentActivityEvent(row.event, row.actor?.id ? personOf(row.actor) : null),
    ),
    nextCursor: page.nextCursor,
    people: await teamOf(db, blog.id, blog.ownerId),
    retentionDays: activityRetentionDays,
  };
}
