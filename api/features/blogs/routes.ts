import { Router } from "express";
import { type CreateBlogInput, createBlogInput } from "../../../contracts/blogs.ts";
import { type IdParams, idParams } from "../../../contracts/ids.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import type { Database } from "../../db/client.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { presentBlog } from "./presenter.ts";
import { createBlog, findOwnedBlog, listBlogs } from "./service.ts";

export function blogRoutes(db: Database): Router {
  const router = Router();

  router.get("/api/blogs", requireUser, async (req, res) => {
    const rows = await listBlogs(db, currentUser(req).id);
    res.json(rows.map(presentBlog));
  });

  router.post("/api/blogs", requireUser, validate({ body: createBlogInput }), async (req, res) => {
    const { body } = inputOf<CreateBlogInput>(res);
    const blog = await createBlog(db, currentUser(req).id, body);
    res.status(201).json(presentBlog(blog));
  });

  router.get("/api/blogs/:id", requireUser, validate({ params: idParams }), async (req, res) => {
    const { params } = inputOf<unknown, unknown, IdParams>(res);
    res.json(presentBlog(await findOwnedBlog(db, currentUser(req).id, params.id)));
  });

  return router;
}
