import { type RequestHandler, Router } from "express";
import type { Invitation } from "../../../contracts/invitations.ts";
import { ownerActionLimits } from "../../../contracts/limits.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import type { Clock } from "../../auth/sessions.ts";
import type { Database } from "../../db/client.ts";
import type { Env } from "../../env.ts";
import type { RateLimitStores } from "../../http/pg-rate-limit-store.ts";
import { perOwnerPerHour } from "../../http/rate-limit.ts";
import { appOriginOf } from "../../http/same-origin.ts";
import { createInvitation, invitationStatus, refusalToInvite } from "./service.ts";

type Deps = {
  db: Database;
  env: Pick<Env, "APP_ORIGIN" | "REGISTRATION">;
  clock: Clock;
  /** False with an OpenID provider: accounts come from the provider, not from sign-up. */
  builtInSignIn: boolean;
  limitStores?: RateLimitStores;
};

/**
 * Account Settings' "Invite someone": a single-use sign-up link (decision 061), created by the
 * server's owners only, a few an hour and a bounded number open at once (decision 312).
 */
export function invitationRoutes({ db, env, clock, builtInSignIn, limitStores }: Deps): Router {
  const router = Router();
  const policy = { setting: env.REGISTRATION, builtInSignIn };
  const { invitationsPerHour } = ownerActionLimits;

  /** Accounts that may not invite are refused before the hourly count (decision 312). */
  const ownersOnly: RequestHandler = async (req, _res, next) => {
    next((await refusalToInvite(db, policy, currentUser(req).id)) ?? undefined);
  };
  const invitationsPerOwner = perOwnerPerHour(
    invitationsPerHour,
    `You can create at most ${invitationsPerHour} invitation links an hour. Try again later.`,
    limitStores?.("invitations"),
  );

  router.get("/api/invitations/status", requireUser, async (req, res) => {
    res.json(await invitationStatus(db, policy, currentUser(req).id, clock));
  });

  router.post(
    "/api/invitations",
    requireUser,
    ownersOnly,
    invitationsPerOwner,
    async (req, res) => {
      const { token, expiresAt } = await createInvitation(db, currentUser(req).id, clock);
      const url = `${appOriginOf(req, env.APP_ORIGIN)}/auth/sign-in?invite=${token}`;
      res.status(201).json({ url, expiresAt: expiresAt.toISOString() } satisfies Invitation);
    },
  );

  return router;
}
