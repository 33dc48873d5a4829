import { Router } from "express";
import { type IdParams, idParams } from "../../../contracts/ids.ts";
import { type ReplaceLinkInput, replaceLinkInput } from "../../../contracts/link-health.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import { inputOf, validate } from "../../http/validate.ts";
import {
  type LinkHealthDeps,
  listFleetLinks,
  listReplacements,
  replaceEverywhere,
  undoReplacement,
} from "./service.ts";

/** Link health of the fleet (decision 379): the blogs the person owns, and nothing else. */
export function linkHealthRoutes(deps: LinkHealthDeps): Router {
  const router = Router();

  router.get("/api/link-health", requireUser, async (req, res) => {
    res.json(await listFleetLinks(deps.db, currentUser(req).id));
  });

  router.get("/api/link-health/replacements", requireUser, async (req, res) => {
    res.json(await listReplacements(deps.db, currentUser(req).id));
  });

  router.post(
    "/api/link-health/replacements",
    requireUser,
    validate({ body: replaceLinkInput }),
    async (req, res) => {
      const { body } = inputOf<ReplaceLinkInput>(res);
      res.status(201).json(await replaceEverywhere(deps, currentUser(req).id, body));
    },
  );

  router.post(
    "/api/link-health/replacements/:id/undo",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      res.json(await undoReplacement(deps, currentUser(req).id, params.id));
    },
  );

  return router;
}
