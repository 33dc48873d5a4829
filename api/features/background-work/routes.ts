import { Router } from "express";
import { type BlogIdParams, blogIdParams } from "../../../contracts/ids.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import { type Clock, systemClock } from "../../auth/sessions.ts";
import type { Database } from "../../db/client.ts";
import { inputOf, validate } from "../../http/validate.ts";
import type { RenderStateOf } from "../blogs/site-status.ts";
import { presentBlogJobs } from "./presenter.ts";
import { blogWork } from "./service.ts";

export type BackgroundWorkDeps = {
  db: Database;
  /** What this process's render queue is doing for a blog (nothing, on a web process). */
  renderState?: RenderStateOf;
  clock?: Clock;
};

export function backgroundWorkRoutes({
  db,
  renderState = () => ({ state: "idle" }),
  clock = systemClock,
}: BackgroundWorkDeps): Router {
  const router = Router();

  router.get(
    "/api/blogs/:blogId/jobs",
    requireUser,
    validate({ params: blogIdParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
      const now = clock();
      const work = await blogWork(db, currentUser(req).id, params.blogId, renderState, now);
      res.json(presentBlogJobs(work, now));
    },
  );

  return router;
}
