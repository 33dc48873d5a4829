import { Router } from "express";
import type { Clock } from "../../auth/sessions.ts";
import { createHealthCheck, type HealthDeps } from "./service.ts";

/**
 * `GET /healthz`, public and cheap: 200 while all is well; 503 as soon as something needs an
 * operator (database writes failing, a render failing, a render waiting too long, the
 * database not answering), with the reasons in words (decision 072).
 */
export function healthRoutes(deps: HealthDeps, clock: Clock): Router {
  const router = Router();
  const checkHealth = createHealthCheck(deps);
  router.get("/healthz", async (_req, res) => {
    const health = await checkHealth(clock());
    res.setHeader("Cache-Control", "no-store");
    res.status(health.status === "ok" ? 200 : 503).json(health);
  });
  return router;
}
