import { Router } from "express";
import { type BlogIdParams, blogIdParams } from "../../../contracts/ids.ts";
import {
  type InternalLinkSuggestionsInput,
  internalLinkSuggestionsInput,
} from "../../../contracts/internal-links.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import { closedSignal } from "../../http/closed-signal.ts";
import type { RateLimitStores } from "../../http/pg-rate-limit-store.ts";
import { perOwnerPerMinute } from "../../http/rate-limit.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { type InternalLinkDeps, suggestInternalLinksForOwner } from "./service.ts";

export function internalLinkRoutes(
  deps: InternalLinkDeps & { limitStores?: RateLimitStores | undefined },
): Router {
  const router = Router();
  // Each ask searches every section of the post and may embed it: far more than a person asks.
  const suggestionsPerOwner = perOwnerPerMinute(
    30,
    "Too many internal link suggestions. Wait a minute and try again.",
    deps.limitStores?.("internal-link-suggestions"),
  );

  router.post(
    "/api/blogs/:blogId/internal-links/suggestions",
    requireUser,
    suggestionsPerOwner,
    validate({ params: blogIdParams, body: internalLinkSuggestionsInput }),
    async (req, res) => {
      const { params, body } = inputOf<InternalLinkSuggestionsInput, unknown, BlogIdParams>(res);
      res.json(
        await suggestInternalLinksForOwner(deps, currentUser(req).id, params.blogId, {
          html: body.html,
          postId: body.postId,
          // The owner closing the editor ends an embeddings call still under way.
          signal: closedSignal(res),
        }),
      );
    },
  );

  return router;
}
