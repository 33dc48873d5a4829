import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { MemberRole, Role } from "../../../contracts/roles.ts";
import {
  maxOpenTeamInvitations,
  type RemoveMemberInput,
  type Team,
  type TeamInvitation,
  type TeamInvitationInput,
  type TeamInvitationPreview,
  type TeamInvitationStatus,
  teamInvitationLifetimeDays,
} from "../../../contracts/team.ts";
import { displayNameOf } from "../../../contracts/users.ts";
import type { Clock } from "../../auth/sessions.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogInvitations, blogMembers, blogs, posts, users } from "../../db/schema.ts";
import { Conflict, HttpError, NotFound, ValidationFailed } from "../../http/errors.ts";
import { recordActivity } from "../activity/record.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { withOutbox } from "../publishing/outbox.ts";
import { type BlogAccess, blogFor, requireCapability } from "./access.ts";
import { personColumns } from "./people.ts";

/*
 * A blog's team (decision 370): who is on it, the links that add people with a role, changing
 * a role, and removing a person while their posts stay.
 */

type InvitationRow = typeof blogInvitations.$inferSelect;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const lifetimeMs = teamInvitationLifetimeDays * 24 * 60 * 60 * 1000;

/** Inviting an editor is the owner's; editors invite writers and contributors. */
const requireMayInvite = (access: BlogAccess, role: MemberRole) =>
  requireCapability(access, role === "editor" ? "members.manage" : "members.inviteWriters");

const statusOf = (row: InvitationRow, now: Date): TeamInvitationStatus => {
  if (row.usedAt) return "used";
  if (row.revokedAt) return "revoked";
  return row.expiresAt.getTime() <= now.getTime() ? "expired" : "open";
};

const presentInvitation = (
  row: InvitationRow,
  invitedBy: string | null,
  now: Date,
): TeamInvitation => ({
  id: row.id,
  role: row.role,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  status: statusOf(row, now),
  invitedBy,
});

/** The owner and the members with their post counts, then the invitations (newest first). */
export async function teamOf(
  db: Database,
  userId: string,
  blogId: string,
  clock: Clock,
): Promise<Team> {
  const { blog } = await blogFor(db, userId, blogId, "members.inviteWriters");
  const [owner, members, postCounts, invitations] = await Promise.all([
    first(db.select(personColumns).from(users).where(eq(users.id, blog.ownerId))),
    db
      .select({ ...personColumns, role: blogMembers.role, since: blogMembers.createdAt })
      .from(blogMembers)
      .innerJoin(users, eq(users.id, blogMembers.userId))
      .where(eq(blogMembers.blogId, blog.id))
      .orderBy(asc(blogMembers.createdAt), asc(blogMembers.id)),
    db
      .select({ authorId: posts.authorId, n: count() })
      .from(posts)
      .where(eq(posts.blogId, blog.id))
      .groupBy(posts.authorId),
    db
      .select({ invitation: blogInvitations, by: personColumns })
      .from(blogInvitations)
      .leftJoin(users, eq(users.id, blogInvitations.createdBy))
      .where(eq(blogInvitations.blogId, blog.id))
      .orderBy(desc(blogInvitations.createdAt))
      .limit(200),
  ]);
  const postsOf = new Map(postCounts.map((row) => [row.authorId, row.n]));
  const person = (
    row: { id: string; firstName: string | null; lastName: string | null; email: string | null },
    role: Role,
    since: Date,
  ) => ({
    userId: row.id,
    name: displayNameOf(row),
    email: row.email,
    role,
    since: since.toISOString(),
    posts: postsOf.get(row.id) ?? 0,
  });
  const now = clock();
  return {
    members: [
      ...(owner ? [person(owner, "owner", blog.createdAt)] : []),
      ...members.map((row) => person(row, row.role, row.since)),
    ],
    invitations: invitations.map(({ invitation, by }) =>
      presentInvitation(invitation, by ? displayNameOf(by) : null, now),
    ),
  };
}

/**
 * A new invitation to the blog with a role: the token (shown once) and the stored invitation.
 * Refused (409) when the blog has `maxOpenTeamInvitations` open ones.
 */
export async function inviteToBlog(
  db: Database,
  userId: string,
  blogId: string,
  input: TeamInvitationInput,
  clock: Clock,
): Promise<{ token: string; invitation: TeamInvitation; blogName: string }> {
  const access = await blogFor(db, userId, blogId, "members.inviteWriters");
  requireMayInvite(access, input.role);
  const token = randomBytes(24).toString("base64url");
  const now = clock();
  const row = await db.transaction(async (tx) => {
    const [open] = await tx
      .select({ n: count() })
      .from(blogInvitations)
      .where(
        and(
          eq(blogInvitations.blogId, blogId),
          isNull(blogInvitations.usedAt),
          isNull(blogInvitations.revokedAt),
          gt(blogInvitations.expiresAt, now),
        ),
      );
    if ((open?.n ?? 0) >= maxOpenTeamInvitations) {
      throw Conflict(
        `This blog has ${maxOpenTeamInvitations} open invitations, the most it can have. Revoke one or wait until they are used or expire.`,
        "limit_reached",
      );
    }
    const [inserted] = await tx
      .insert(blogInvitations)
      .values({
        id: hashOf(token),
        blogId,
        role: input.role,
        email: input.email ?? null,
        createdBy: userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + lifetimeMs),
      })
      .returning();
    if (!inserted) throw new Error("insert returned no row");
    await recordActivity(
      tx,
      {
        blogId,
        actorId: userId,
        action: "member.invited",
        subject: input.email ?? null,
        details: { role: input.role },
      },
      now,
    );
    return inserted;
  });
  const inviter = await first(db.select(personColumns).from(users).where(eq(users.id, userId)));
  return {
    token,
    invitation: presentInvitation(row, inviter ? displayNameOf(inviter) : null, now),
    blogName: access.blog.name,
  };
}

/** Revokes an open invitation of the blog: its link stops working at once. */
export async function revokeInvitation(
  db: Database,
  userId: string,
  blogId: string,
  invitationId: string,
  clock: Clock,
): Promise<void> {
  const access = await blogFor(db, userId, blogId, "members.inviteWriters");
  const row = await first(
    db
      .select()
      .from(blogInvitations)
      .where(and(eq(blogInvitations.id, invitationId), eq(blogInvitations.blogId, blogId))),
  );
  if (!row) throw NotFound("Invitation");
  requireMayInvite(access, row.role);
  const status = statusOf(row, clock());
  if (status !== "open") {
    throw Conflict(
      `This invitation is ${status} already; there is nothing to revoke.`,
      "invitation_closed",
    );
  }
  await db
    .update(blogInvitations)
    .set({ revokedAt: clock() })
    .where(and(eq(blogInvitations.id, row.id), isNull(blogInvitations.usedAt)));
}

/** Why a link does not work, in words the person who holds it understands. */
const closedInvitation = (status: Exclude<TeamInvitationStatus, "open">) =>
  new HttpError(
    410,
    `invitation_${status}`,
    {
      used: "This invitation was used already. Ask the blog's owner or editor for a new one.",
      expired: "This invitation has expired. Ask the blog's owner or editor for a new one.",
      revoked: "This invitation was withdrawn. Ask the blog's owner or editor for a new one.",
    }[status],
  );

/** The invitation a token names, with its blog: 404 for a token that names none. */
async function invitationOf(db: Queryable, token: string) {
  const row = await first(
    db
      .select({ invitation: blogInvitations, blogName: blogs.name, by: personColumns })
      .from(blogInvitations)
      .innerJoin(blogs, eq(blogs.id, blogInvitations.blogId))
      .leftJoin(users, eq(users.id, blogInvitations.createdBy))
      .where(eq(blogInvitations.id, hashOf(token))),
  );
  if (!row) throw NotFound("Invitation");
  return row;
}

/** What a link offers (the blog, the role, who invited): 404 unknown, 410 used, expired, revoked. */
export async function previewInvitation(
  db: Queryable,
  token: string,
  clock: Clock,
): Promise<TeamInvitationPreview> {
  const { invitation, blogName, by } = await invitationOf(db, token);
  const status = statusOf(invitation, clock());
  if (status !== "open") throw closedInvitation(status);
  return {
    blogName,
    role: invitation.role,
    invitedBy: by ? displayNameOf(by) : null,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Whether a sign-up may come in on this team invitation (it is open); the new account joins
 * the blog through `acceptInvitation` in the sign-up's transaction.
 */
export async function isOpenTeamInvitation(
  db: Queryable,
  token: string,
  clock: Clock,
): Promise<boolean> {
  const row = await first(
    db
      .select()
      .from(blogInvitations)
      .where(eq(blogInvitations.id, hashOf(token))),
  );
  return row !== undefined && statusOf(row, clock()) === "open";
}

/**
 * The signed-in person joins the blog with the invitation's role, and the link is used up.
 * The blog's owner and its members already on the team are told so (409) and the link stays
 * open for the person it was meant for.
 */
export async function acceptInvitation(
  db: Queryable,
  userId: string,
  token: string,
  clock: Clock,
): Promise<{ blogId: string; role: MemberRole }> {
  const { invitation } = await invitationOf(db, token);
  const now = clock();
  const status = statusOf(invitation, now);
  if (status !== "open") throw closedInvitation(status);
  const blog = await first(db.select().from(blogs).where(eq(blogs.id, invitation.blogId)));
  if (!blog) throw NotFound("Invitation");
  if (blog.ownerId === userId) {
    throw Conflict(
      "You own this blog already; the invitation is for someone else.",
      "already_member",
    );
  }
  const member = await first(
    db
      .select({ role: blogMembers.role })
      .from(blogMembers)
      .where(and(eq(blogMembers.blogId, blog.id), eq(blogMembers.userId, userId))),
  );
  if (member) {
    throw Conflict(
      "You are on this blog's team already; the invitation is for someone else.",
      "already_member",
    );
  }
  // Used once: of two people accepting at the same moment, one gets the place.
  const [used] = await db
    .update(blogInvitations)
    .set({ usedAt: now, usedBy: userId })
    .where(
      and(
        eq(blogInvitations.id, invitation.id),
        isNull(blogInvitations.usedAt),
        isNull(blogInvitations.revokedAt),
      ),
    )
    .returning({ id: blogInvitations.id });
  if (!used) throw closedInvitation("used");
  await db.insert(blogMembers).values({
    blogId: blog.id,
    userId,
    role: invitation.role,
    addedBy: invitation.createdBy,
  });
  const person = await first(db.select(personColumns).from(users).where(eq(users.id, userId)));
  await recordActivity(
    db,
    {
      blogId: blog.id,
      actorId: userId,
      action: "member.joined",
      subject: person ? displayNameOf(person) : null,
      details: { role: invitation.role },
    },
    now,
  );
  return { blogId: blog.id, role: invitation.role };
}

/** The member's row on the blog, or 404 naming a member. */
async function memberOf(db: Queryable, blogId: string, userId: string) {
  const row = await first(
    db
      .select()
      .from(blogMembers)
      .where(and(eq(blogMembers.blogId, blogId), eq(blogMembers.userId, userId))),
  );
  if (!row) throw NotFound("Member");
  return row;
}

/** Gives a member another role (the owner's). */
export async function changeMemberRole(
  db: Database,
  userId: string,
  blogId: string,
  memberId: string,
  role: MemberRole,
): Promise<void> {
  await blogFor(db, userId, blogId, "members.manage");
  const member = await memberOf(db, blogId, memberId);
  if (member.role === role) return;
  const person = await first(db.select(personColumns).from(users).where(eq(users.id, memberId)));
  await db.transaction(async (tx) => {
    await tx.update(blogMembers).set({ role }).where(eq(blogMembers.id, member.id));
    await recordActivity(tx, {
      blogId,
      actorId: userId,
      action: "member.role_changed",
      subject: person ? displayNameOf(person) : null,
      details: { from: member.role, to: role },
    });
  });
}

/**
 * Removes a person from the blog's team: the owner removes anyone, and a member may leave.
 * Their posts stay: theirs with their byline (`keep`), or given to the owner or a member who
 * stays (`reassign`); the choice is the owner's, and a member who leaves keeps them.
 */
export async function removeMember(
  { db, contentEvents }: { db: Database; contentEvents: ContentEvents },
  userId: string,
  blogId: string,
  memberId: string,
  input: RemoveMemberInput,
): Promise<void> {
  const leaving = memberId === userId;
  const access = await blogFor(db, userId, blogId, leaving ? "posts.write" : "members.manage");
  if (leaving && access.role === "owner") {
    throw Conflict("The owner cannot leave their own blog.", "owner_stays");
  }
  await withOutbox(db, contentEvents, async (tx, record) => {
    const member = await memberOf(tx, blogId, memberId);
    if (input.posts === "reassign" && !leaving) {
      const to = input.reassignTo as string;
      const heir =
        to === access.blog.ownerId ||
        (to !== memberId &&
          (await first(
            tx
              .select({ id: blogMembers.id })
              .from(blogMembers)
              .where(and(eq(blogMembers.blogId, blogId), eq(blogMembers.userId, to))),
          )) !== undefined);
      if (!heir) {
        throw ValidationFailed([
          { path: "reassignTo", message: "The posts can go to the owner or a member who stays" },
        ]);
      }
      const moved = await tx
        .update(posts)
        .set({ authorId: to })
        .where(and(eq(posts.blogId, blogId), eq(posts.authorId, memberId)))
        .returning({ id: posts.id, status: posts.status });
      // Their published posts carry another byline now, on their pages, lists and author pages.
      if (moved.some((post) => post.status === "published")) await record(blogId, { full: true });
    }
    await tx
      .delete(blogMembers)
      .where(and(eq(blogMembers.id, member.id), ne(blogMembers.userId, access.blog.ownerId)));
    const person = await first(tx.select(personColumns).from(users).where(eq(users.id, memberId)));
    await recordActivity(tx, {
      blogId,
      actorId: userId,
      action: "member.removed",
      subject: person ? displayNameOf(person) : null,
      details: { role: member.role, left: leaving, posts: input.posts },
    });
  });
}
