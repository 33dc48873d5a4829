import { eq } from "drizzle-orm";
import { Router } from "express";
import { type IdParams, idParams } from "../../../contracts/ids.ts";
import { z } from "../../../contracts/zod.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import { users } from "../../db/schema.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { presentBlog } from "../blogs/presenter.ts";
import {
  approveBlogIdea,
  type BlogIdeaDeps,
  listBlogIdeas,
  presentBlogRecommendation,
  proposeBlogIdeas,
  rejectBlogIdea,
} from "./service.ts";

const accountSettingsInput = z.object({ maximumTrust: z.boolean() });

export function blogRecommendationRoutes(
  deps: BlogIdeaDeps & {
    /** Told after the user's row changed (signed-in users kept in memory are read again). */
    onUserChanged?: (userId: string) => void;
  },
): Router {
  const router = Router();

  router.get("/api/blog-recommendations", requireUser, async (req, res) => {
    res.json((await listBlogIdeas(deps.db, currentUser(req).id)).map(presentBlogRecommendation));
  });

  // 'Generate ideas now', beside the weekly job.
  router.post("/api/blog-recommendations/generate", requireUser, async (req, res) => {
    res
      .status(201)
      .json((await proposeBlogIdeas(deps, currentUser(req).id)).map(presentBlogRecommendation));
  });

  router.post(
    "/api/blog-recommendations/:id/approve",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      const { idea, blog } = await approveBlogIdea(deps, currentUser(req).id, params.id);
      res.json({ recommendation: presentBlogRecommendation(idea), blog: presentBlog(blog) });
    },
  );

  router.post(
    "/api/blog-recommendations/:id/reject",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      res.json(
        presentBlogRecommendation(await rejectBlogIdea(deps, currentUser(req).id, params.id)),
      );
    },
  );

  // The owner's 'maximum trust' switch: the AI may create one blog a week on its own.
  router.get("/api/account/settings", requireUser, (req, res) => {
    res.json({ maximumTrust: currentUser(req).maximumTrust });
  });

  router.patch(
    "/api/account/settings",
    requireUser,
    validate({ body: accountSettingsInput }),
    async (req, res) => {
      const { body } = inputOf<z.infer<typeof accountSettingsInput>>(res);
      const userId = currentUser(req).id;
      await deps.db
        .update(users)
        .set({ maximumTrust: body.maximumTrust })
        .where(eq(users.id, userId));
      deps.onUserChanged?.(userId);
      res.json({ maximumTrust: body.maximumTrust });
    },
  );

  return router;
}
