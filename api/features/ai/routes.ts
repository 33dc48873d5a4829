import { type RequestHandler, Router } from "express";
import { type OptimizeMetaInput, optimizeMetaInput } from "../../../contracts/ai.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import { closedSignal } from "../../http/closed-signal.ts";
import type { RateLimitStores } from "../../http/pg-rate-limit-store.ts";
import { perOwnerPerMinute } from "../../http/rate-limit.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { type AiDeps, optimizeMeta, usageReport } from "./service.ts";

/**
 * The owner's requests to the /api/ai routes together, 10 a minute: model calls are expensive,
 * and a burst is slowed down before it reaches the model. One limiter for the routers that
 * share it (this one and the AI writer's).
 */
export const aiRequestsPerOwner = (limitStores?: RateLimitStores) =>
  perOwnerPerMinute(
    10,
    "Too many AI requests. Wait a minute and try again.",
    limitStores?.("ai-requests"),
  );

export function aiRoutes(deps: AiDeps & { perOwner: RequestHandler }): Router {
  const router = Router();
  const { perOwner } = deps;

  router.post(
    "/api/ai/optimize-meta",
    requireUser,
    perOwner,
    validate({ body: optimizeMetaInput }),
    async (req, res) => {
      const { body } = inputOf<OptimizeMetaInput>(res);
      res.json(await optimizeMeta(deps, currentUser(req).id, body, closedSignal(res)));
    },
  );

  router.get("/api/ai/usage", requireUser, async (req, res) => {
    res.json(await usageReport(deps, currentUser(req).id));
  });

  return router;
}
