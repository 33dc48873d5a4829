import { entityId } from "./ids.ts";
import { limits } from "./limits.ts";
import { type MemberRole, memberRoles, type Role } from "./roles.ts";
import { z } from "./zod.ts";

/* A blog's team (decisions 366, 370): its members, and the invitations that add people to it. */

/** How long an invitation to a blog works. */
export const teamInvitationLifetimeDays = 7;
/** Invitations of one blog nobody has used, revoked or let expire, at most. */
export const maxOpenTeamInvitations = 50;

const role = z.enum(memberRoles, {
  error: `Role must be one of ${memberRoles.join(", ")}`,
});

/** `POST /api/blogs/{id}/invitations`: who is invited, with which role. */
export const teamInvitationInput = z.object({
  role,
  /** Where the link is sent when the server has SMTP; the link works for whoever holds it. */
  email: z
    .union([
      z.literal("").transform(() => null),
      z.null(),
      z
        .string()
        .trim()
        .toLowerCase()
        .max(limits.email)
        .pipe(z.email("Enter a valid email address")),
    ])
    .optional(),
});
export type TeamInvitationInput = z.infer<typeof teamInvitationInput>;

/** `PATCH /api/blogs/{id}/members/{userId}`: a member's new role. */
export const memberRoleInput = z.object({ role });
export type MemberRoleInput = z.infer<typeof memberRoleInput>;

/**
 * `DELETE /api/blogs/{id}/members/{userId}`: what happens to the posts of the person removed.
 * `keep`: they stay theirs, with their byline; `reassign`: they become `reassignTo`'s (the
 * owner or a member who stays).
 */
export const removeMemberInput = z
  .object({
    posts: z
      .enum(["keep", "reassign"], { error: "posts must be keep or reassign" })
      .default("keep"),
    reassignTo: entityId.optional(),
  })
  .refine((input) => input.posts !== "reassign" || input.reassignTo !== undefined, {
    path: ["reassignTo"],
    message: "Choose who the posts go to",
  });
export type RemoveMemberInput = z.infer<typeof removeMemberInput>;

export type TeamMember = {
  userId: string;
  name: string;
  email: string | null;
  role: Role;
  /** When they joined (the owner: when the blog was created). */
  since: string;
  /** Their posts on this blog. */
  posts: number;
};

export type TeamInvitationStatus = "open" | "used" | "expired" | "revoked";

export type TeamInvitation = {
  id: string;
  role: MemberRole;
  email: string | null;
  createdAt: string;
  expiresAt: string;
  status: TeamInvitationStatus;
  /** Who invited (their name). */
  invitedBy: string | null;
};

/** `GET /api/blogs/{id}/team`. */
export type Team = { members: TeamMember[]; invitations: TeamInvitation[] };

/** `POST /api/blogs/{id}/invitations`: the link, shown once (only its hash is stored). */
export type CreatedTeamInvitation = TeamInvitation & { url: string; emailed: boolean };

/** `GET /api/team-invitations/{token}`: what the link offers, for the page that accepts it. */
export type TeamInvitationPreview = {
  blogName: string;
  role: MemberRole;
  invitedBy: string | null;
  expiresAt: string;
};
