import { Router } from "express";
import {
  type CreateCategoryInput,
  createCategoryInput,
  type UpdateCategoryInput,
  updateCategoryInput,
} from "../../../contracts/categories.ts";
import {
  type BlogIdParams,
  blogIdParams,
  type IdParams,
  idParams,
} from "../../../contracts/ids.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { presentCategory } from "./presenter.ts";
import {
  type CategoryDeps,
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from "./service.ts";

export function categoryRoutes(deps: CategoryDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    "/api/blogs/:blogId/categories",
    requireUser,
    validate({ params: blogIdParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
      const rows = await listCategories(db, currentUser(req).id, params.blogId);
      res.json(rows.map(presentCategory));
    },
  );

  router.post(
    "/api/categories",
    requireUser,
    validate({ body: createCategoryInput }),
    async (req, res) => {
      const { body } = inputOf<CreateCategoryInput>(res);
      const category = await createCategory(deps, currentUser(req).id, body);
      res.status(201).json(presentCategory(category));
    },
  );

  router.patch(
    "/api/categories/:id",
    requireUser,
    validate({ params: idParams, body: updateCategoryInput }),
    async (req, res) => {
      const { params, body } = inputOf<UpdateCategoryInput, unknown, IdParams>(res);
      const category = await updateCategory(deps, currentUser(req).id, params.id, body);
      res.json(presentCategory(category));
    },
  );

  router.delete(
    "/api/categories/:id",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      await deleteCategory(deps, currentUser(req).id, params.id);
      res.status(204).end();
    },
  );

  return router;
}
