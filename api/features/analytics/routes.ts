import { Router } from "express";
import {
  type ImportCommissionsInput,
  importCommissionsInput,
  type RangeQuery,
  rangeQuery,
  type UpdateAnalyticsSettingsInput,
  updateAnalyticsSettingsInput,
} from "../../../contracts/analytics.ts";
import { type BlogIdParams, blogIdParams } from "../../../contracts/ids.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import type { Database } from "../../db/client.ts";
import { inputOf, validate } from "../../http/validate.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { importCommissions } from "./commissions.ts";
import type { Analytics } from "./ingest.ts";
import { blogReport, fleetReport } from "./service.ts";
import { getAnalyticsSettings, updateAnalyticsSettings } from "./settings.ts";

export type AnalyticsRouteDeps = {
  db: Database;
  analytics: Analytics;
  contentEvents: ContentEvents;
  clock?: () => Date;
};

export function analyticsRoutes(deps: AnalyticsRouteDeps): Router {
  const router = Router();

  router.get(
    "/api/blogs/:blogId/analytics",
    requireUser,
    validate({ params: blogIdParams, query: rangeQuery }),
    async (req, res) => {
      const { params, query } = inputOf<unknown, RangeQuery, BlogIdParams>(res);
      res.json(await blogReport(deps, currentUser(req).id, params.blogId, query.range));
    },
  );

  router.get(
    "/api/analytics/fleet",
    requireUser,
    validate({ query: rangeQuery }),
    async (req, res) => {
      const { query } = inputOf<unknown, RangeQuery>(res);
      res.json(await fleetReport(deps, currentUser(req).id, query.range));
    },
  );

  router.get(
    "/api/blogs/:blogId/analytics/settings",
    requireUser,
    validate({ params: blogIdParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
      res.json(await getAnalyticsSettings(deps.db, currentUser(req).id, params.blogId));
    },
  );

  router.patch(
    "/api/blogs/:blogId/analytics/settings",
    requireUser,
    validate({ params: blogIdParams, body: updateAnalyticsSettingsInput }),
    async (req, res) => {
      const { params, body } = inputOf<UpdateAnalyticsSettingsInput, unknown, BlogIdParams>(res);
      res.json(
        await updateAnalyticsSettings(
          { ...deps, onChanged: (blogId) => deps.analytics.forgetSettings(blogId) },
          currentUser(req).id,
          params.blogId,
          body,
        ),
      );
    },
  );

  router.post(
    "/api/commissions/import",
    requireUser,
    validate({ body: importCommissionsInput }),
    async (req, res) => {
      const { body } = inputOf<ImportCommissionsInput>(res);
      res.json(await importCommissions(deps, currentUser(req).id, body));
    },
  );

  return router;
}
