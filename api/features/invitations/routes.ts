import { Router } from "express";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import type { Clock } from "../../auth/sessions.ts";
import type { Database } from "../../db/client.ts";
import type { Env } from "../../env.ts";
import { HttpError } from "../../http/errors.ts";
import { appOriginOf } from "../../http/same-origin.ts";
import { createInvitation } from "./service.ts";

type Deps = {
  db: Database;
  env: Pick<Env, "APP_ORIGIN" | "REGISTRATION">;
  clock: Clock;
  /** False with an OpenID provider: accounts come from the provider, not from sign-up. */
  builtInSignIn: boolean;
};

/** Account Settings' "Invite someone": a single-use sign-up link (decision 061). */
export function invitationRoutes({ db, env, clock, builtInSignIn }: Deps): Router {
  const router = Router();

  router.post("/api/invitations", requireUser, async (req, res) => {
    if (!builtInSignIn) {
      throw new HttpError(
        409,
        "invitations_unavailable",
        "People sign in with this server's sign-in provider; give them access there.",
      );
    }
    const { token, expiresAt } = await createInvitation(
      db,
      env.REGISTRATION,
      currentUser(req).id,
      clock,
    );
    const url = `${appOriginOf(req, env.APP_ORIGIN)}/auth/sign-in?invite=${token}`;
    res.status(201).json({ url, expiresAt: expiresAt.toISOString() });
  });

  return router;
}
