import { Router } from "express";
import { type OptimizeMetaInput, optimizeMetaInput } from "../../../contracts/ai.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import { closedSignal } from "../../http/closed-signal.ts";
import type { RateLimitStores } from "../../http/pg-rate-limit-store.ts";
import { perOwnerPerMinute } from "../../http/rate-limit.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { type AiDeps, optimizeMeta, usageReport } from "./service.ts";

export function aiRoutes(deps: AiDeps & { limitStores?: RateLimitStores }): Router {
  const router = Router();
  // Generation is expensive: a burst from one owner is slowed down before it reaches the model.
  const perOwner = perOwnerPerMinute(
    10,
    "Too many AI requests. Wait a minute and try again.",
    deps.limitStores?.("ai-requests"),
  );

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
