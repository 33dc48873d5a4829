import { Router } from "express";
import type { Clock } from "../../auth/sessions.ts";
import type { Database } from "../../db/client.ts";
import { checkHealth } from "./service.ts";

/**
 * `GET /healthz`, public and cheap: 200 while the database answers (with the render queue's
 * state, 'degraded' when a render has waited too long), 503 when it does not.
 */
export function healthRoutes(db: Database, clock: Clock): Router {
  const router = Router();
  router.get("/healthz", async (_req, res) => {
    const health = await checkHealth(db, clock());
    res.setHeader("Cache-Control", "no-store");
    res.status(health.database === "ok" ? 200 : 503).json(health);
  });
  return router;
}
