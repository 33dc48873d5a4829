import { Router } from "express";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import type { Database } from "../../db/client.ts";
import type { CpuPool } from "../../workers/run.ts";
import { fleetRisk } from "./service.ts";

/** The fleet risk view (decision 343): the owner's own blogs only. */
export function fleetRoutes(deps: { db: Database; cpu?: CpuPool; clock?: () => Date }): Router {
  const router = Router();
  router.get("/api/fleet/risk", requireUser, async (req, res) => {
    res.json(await fleetRisk(deps, currentUser(req).id));
  });
  return router;
}
