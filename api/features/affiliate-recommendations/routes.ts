import { Router } from "express";
import {
  type BlogIdParams,
  blogIdParams,
  type IdParams,
  idParams,
} from "../../../contracts/ids.ts";
import {
  type DecideRecommendationInput,
  decideRecommendationInput,
  recommendationListQuery,
} from "../../../contracts/recommendations.ts";
import type { z } from "../../../contracts/zod.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import { inputOf, validate } from "../../http/validate.ts";
import {
  decideRecommendation,
  findPrograms,
  keywordSuggestionsFor,
  listRecommendations,
  presentRecommendation,
  type RecommendationDeps,
} from "./service.ts";

export function affiliateRecommendationRoutes(deps: RecommendationDeps): Router {
  const router = Router();

  router.get(
    "/api/blogs/:blogId/affiliate-recommendations",
    requireUser,
    validate({ params: blogIdParams, query: recommendationListQuery }),
    async (req, res) => {
      const { params, query } = inputOf<
        unknown,
        z.infer<typeof recommendationListQuery>,
        BlogIdParams
      >(res);
      const rows = await listRecommendations(
        deps.db,
        currentUser(req).id,
        params.blogId,
        query.status,
      );
      res.json(rows.map(presentRecommendation));
    },
  );

  // 'Find programs': new suggestions on demand (the weekly job calls the same service).
  router.post(
    "/api/blogs/:blogId/affiliate-recommendations/generate",
    requireUser,
    validate({ params: blogIdParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
      const rows = await findPrograms(deps, currentUser(req).id, params.blogId);
      res.status(201).json(rows.map(presentRecommendation));
    },
  );

  router.patch(
    "/api/affiliate-recommendations/:id",
    requireUser,
    validate({ params: idParams, body: decideRecommendationInput }),
    async (req, res) => {
      const { params, body } = inputOf<DecideRecommendationInput, unknown, IdParams>(res);
      res.json(
        presentRecommendation(
          await decideRecommendation(deps, currentUser(req).id, params.id, body),
        ),
      );
    },
  );

  // Keywords for a link to the program, from the blog's own posts (decision 354).
  router.get(
    "/api/affiliate-recommendations/:id/keywords",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      res.json({ keywords: await keywordSuggestionsFor(deps.db, currentUser(req).id, params.id) });
    },
  );

  return router;
}
