import { Router } from "express";
import {
  type CreateAffiliateLinkInput,
  createAffiliateLinkInput,
  type UpdateAffiliateLinkInput,
  updateAffiliateLinkInput,
} from "../../../contracts/affiliate-links.ts";
import {
  type BlogIdParams,
  blogIdParams,
  type IdParams,
  idParams,
} from "../../../contracts/ids.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { healthOfUrls } from "../link-health/service.ts";
import { blogClicks } from "./clicks.ts";
import { presentAffiliateLink } from "./presenter.ts";
import {
  type AffiliateLinkDeps,
  createLink,
  deleteLink,
  linkClicks,
  listLinks,
  updateLink,
} from "./service.ts";

export function affiliateLinkRoutes(deps: AffiliateLinkDeps): Router {
  const router = Router();

  router.get(
    "/api/blogs/:blogId/affiliate-links",
    requireUser,
    validate({ params: blogIdParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
      const links = await listLinks(deps.db, currentUser(req).id, params.blogId);
      const health = await healthOfUrls(deps.db, [...new Set(links.map((link) => link.url))]);
      res.json(links.map((link) => presentAffiliateLink(link, health.get(link.url) ?? null)));
    },
  );

  router.post(
    "/api/affiliate-links",
    requireUser,
    validate({ body: createAffiliateLinkInput }),
    async (req, res) => {
      const { body } = inputOf<CreateAffiliateLinkInput>(res);
      res.status(201).json(presentAffiliateLink(await createLink(deps, currentUser(req).id, body)));
    },
  );

  router.patch(
    "/api/affiliate-links/:id",
    requireUser,
    validate({ params: idParams, body: updateAffiliateLinkInput }),
    async (req, res) => {
      const { params, body } = inputOf<UpdateAffiliateLinkInput, unknown, IdParams>(res);
      res.json(presentAffiliateLink(await updateLink(deps, currentUser(req).id, params.id, body)));
    },
  );

  router.delete(
    "/api/affiliate-links/:id",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      await deleteLink(deps, currentUser(req).id, params.id);
      res.status(204).end();
    },
  );

  router.get(
    "/api/affiliate-links/:id/clicks",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      res.json(await linkClicks(deps, currentUser(req).id, params.id));
    },
  );

  router.get(
    "/api/blogs/:blogId/affiliate-clicks",
    requireUser,
    validate({ params: blogIdParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
      res.json(await blogClicks(deps, currentUser(req).id, params.blogId));
    },
  );

  return router;
}
