import { Router } from "express";
import {
  type BlogIdParams,
  blogIdParams,
  type IdParams,
  idParams,
} from "../../../contracts/ids.ts";
import {
  type CreateTagInput,
  createTagInput,
  type UpdateTagInput,
  updateTagInput,
} from "../../../contracts/tags.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { presentTag } from "./presenter.ts";
import { createTag, deleteTag, listTags, type TagDeps, updateTag } from "./service.ts";

export function tagRoutes(deps: TagDeps): Router {
  const router = Router();

  router.get(
    "/api/blogs/:blogId/tags",
    requireUser,
    validate({ params: blogIdParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
      const rows = await listTags(deps.db, currentUser(req).id, params.blogId);
      res.json(rows.map(presentTag));
    },
  );

  router.post("/api/tags", requireUser, validate({ body: createTagInput }), async (req, res) => {
    const { body } = inputOf<CreateTagInput>(res);
    res.status(201).json(presentTag(await createTag(deps, currentUser(req).id, body)));
  });

  router.patch(
    "/api/tags/:id",
    requireUser,
    validate({ params: idParams, body: updateTagInput }),
    async (req, res) => {
      const { params, body } = inputOf<UpdateTagInput, unknown, IdParams>(res);
      res.json(presentTag(await updateTag(deps, currentUser(req).id, params.id, body)));
    },
  );

  router.delete("/api/tags/:id", requireUser, validate({ params: idParams }), async (req, res) => {
    const { params } = inputOf<unknown, unknown, IdParams>(res);
    await deleteTag(deps, currentUser(req).id, params.id);
    res.status(204).end();
  });

  return router;
}
