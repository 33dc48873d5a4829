import { Router } from "express";
import { type ActivityQuery, activityQuery } from "../../../contracts/activity.ts";
import { type BlogIdParams, blogIdParams } from "../../../contracts/ids.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import type { Database } from "../../db/client.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { listActivity } from "./service.ts";

export function activityRoutes({ db }: { db: Database }): Router {
  const router = Router();

  router.get(
    "/api/blogs/:blogId/activity",
    requireUser,
    validate({ params: blogIdParams, query: activityQuery }),
    async (req, res) => {
      const { params, query } = inputOf<unknown, ActivityQuery, BlogIdParams>(res);
      res.json(await listActivity(db, currentUser(req).id, params.blogId, query));
    },
  );

  return router;
}
