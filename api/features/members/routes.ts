import { Router } from "express";
import { type BlogIdParams, blogIdParams, entityId } from "../../../contracts/ids.ts";
import { ownerActionLimits } from "../../../contracts/limits.ts";
import { roleNames } from "../../../contracts/roles.ts";
import {
  type CreatedTeamInvitation,
  type MemberRoleInput,
  memberRoleInput,
  type RemoveMemberInput,
  removeMemberInput,
  type TeamInvitationInput,
  teamInvitationInput,
} from "../../../contracts/team.ts";
import { z } from "../../../contracts/zod.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import type { Clock } from "../../auth/sessions.ts";
import type { Database } from "../../db/client.ts";
import type { Env } from "../../env.ts";
import type { RateLimitStores } from "../../http/pg-rate-limit-store.ts";
import { perOwnerPerHour } from "../../http/rate-limit.ts";
import { appOriginOf } from "../../http/same-origin.ts";
import { inputOf, validate } from "../../http/validate.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import {
  acceptInvitation,
  changeMemberRole,
  inviteToBlog,
  previewInvitation,
  removeMember,
  revokeInvitation,
  teamOf,
} from "./team.ts";

type Deps = {
  db: Database;
  contentEvents: ContentEvents;
  clock: Clock;
  env: Pick<Env, "APP_ORIGIN">;
  mailer?: Mailer | undefined;
  limitStores?: RateLimitStores;
};

const invitationParams = z.object({ blogId: entityId, invitationId: entityId });
const memberParams = z.object({ blogId: entityId, userId: entityId });
const tokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "Not an invitation link"),
});
type InvitationParams = z.infer<typeof invitationParams>;
type MemberParams = z.infer<typeof memberParams>;
type TokenParams = z.infer<typeof tokenParams>;

/**
 * A blog's team (decision 370): Settings → Team lists the members and the invitations; the
 * owner invites anyone, editors invite writers and contributors; the link's page
 * (`/join/{token}`) shows what it offers and accepts it for the signed-in person.
 */
export function memberRoutes({ db, contentEvents, clock, env, mailer, limitStores }: Deps): Router {
  const router = Router();
  const { invitationsPerHour } = ownerActionLimits;
  const invitationsPerPerson = perOwnerPerHour(
    invitationsPerHour * 3,
    `You can create at most ${invitationsPerHour * 3} team invitations an hour. Try again later.`,
    limitStores?.("team-invitations"),
  );

  router.get(
    "/api/blogs/:blogId/team",
    requireUser,
    validate({ params: blogIdParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
      res.json(await teamOf(db, currentUser(req).id, params.blogId, clock));
    },
  );

  router.post(
    "/api/blogs/:blogId/invitations",
    requireUser,
    invitationsPerPerson,
    validate({ params: blogIdParams, body: teamInvitationInput }),
    async (req, res) => {
      const { params, body } = inputOf<TeamInvitationInput, unknown, BlogIdParams>(res);
      const user = currentUser(req);
      const { token, invitation, blogName } = await inviteToBlog(
        db,
        user.id,
        params.blogId,
        body,
        clock,
      );
      const url = `${appOriginOf(req, env.APP_ORIGIN)}/join/${token}`;
      let emailed = false;
      if (mailer && invitation.email) {
        // The link is shown either way: a mail server that refuses does not lose the invitation.
        emailed = await mailer
          .send({
            to: invitation.email,
            subject: `You are invited to write for ${blogName}`,
            text: [
              `${invitation.invitedBy ?? "The blog's owner"} invites you to join ${blogName} on Blogfleet as ${roleNames[invitation.role]}.`,
              "",
              `Accept the invitation: ${url}`,
              "",
              `The link works once and expires on ${invitation.expiresAt.slice(0, 10)}.`,
            ].join("\n"),
          })
          .then(
            () => true,
            () => false,
          );
      }
      res.status(201).json({ ...invitation, url, emailed } satisfies CreatedTeamInvitation);
    },
  );

  router.delete(
    "/api/blogs/:blogId/invitations/:invitationId",
    requireUser,
    validate({ params: invitationParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, InvitationParams>(res);
      await revokeInvitation(db, currentUser(req).id, params.blogId, params.invitationId, clock);
      res.status(204).end();
    },
  );

  router.patch(
    "/api/blogs/:blogId/members/:userId",
    requireUser,
    validate({ params: memberParams, body: memberRoleInput }),
    async (req, res) => {
      const { params, body } = inputOf<MemberRoleInput, unknown, MemberParams>(res);
      await changeMemberRole(db, currentUser(req).id, params.blogId, params.userId, body.role);
      res.json(await teamOf(db, currentUser(req).id, params.blogId, clock));
    },
  );

  // What happens to the person's posts is in the query (`?posts=reassign&reassignTo=…`).
  router.delete(
    "/api/blogs/:blogId/members/:userId",
    requireUser,
    validate({ params: memberParams, query: removeMemberInput }),
    async (req, res) => {
      const { params, query } = inputOf<unknown, RemoveMemberInput, MemberParams>(res);
      await removeMember(
        { db, contentEvents },
        currentUser(req).id,
        params.blogId,
        params.userId,
        query,
      );
      res.status(204).end();
    },
  );

  router.get(
    "/api/team-invitations/:token",
    validate({ params: tokenParams }),
    async (_req, res) => {
      const { params } = inputOf<unknown, unknown, TokenParams>(res);
      res.json(await previewInvitation(db, params.token, clock));
    },
  );

  router.post(
    "/api/team-invitations/:token/accept",
    requireUser,
    validate({ params: tokenParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, TokenParams>(res);
      const joined = await db.transaction((tx) =>
        acceptInvitation(tx, currentUser(req).id, params.token, clock),
      );
      res.json(joined);
    },
  );

  return router;
}
