import { Router } from "express";
import {
  type CreateBlogInput,
  type CustomizationInput,
  createBlogInput,
  customizationInput,
} from "../../../contracts/blogs.ts";
import { type IdParams, idParams } from "../../../contracts/ids.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import type { Database } from "../../db/client.ts";
import { inputOf, validate } from "../../http/validate.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { type DomainTarget, presentBlog } from "./presenter.ts";
import { createBlog, customizeBlog, findOwnedBlog, listBlogs } from "./service.ts";
import { type RenderStateOf, siteStatus } from "./site-status.ts";

export type BlogRouteDeps = {
  db: Database;
  contentEvents: ContentEvents;
  /** What the render queue of this process is doing for the blog (rendering, retrying…). */
  renderState?: RenderStateOf;
  /** Where custom domains must point; shown in each unverified blog's instructions. */
  domainTarget?: DomainTarget;
};

export function blogRoutes({
  db,
  contentEvents,
  renderState = () => ({ state: "idle" }),
  domainTarget,
}: BlogRouteDeps): Router {
  const router = Router();

  router.get("/api/blogs", requireUser, async (req, res) => {
    const rows = await listBlogs(db, currentUser(req).id);
    res.json(rows.map((row) => presentBlog(row, domainTarget)));
  });

  router.post("/api/blogs", requireUser, validate({ body: createBlogInput }), async (req, res) => {
    const { body } = inputOf<CreateBlogInput>(res);
    const blog = await createBlog(db, currentUser(req).id, body);
    res.status(201).json(presentBlog(blog, domainTarget));
  });

  router.get("/api/blogs/:id", requireUser, validate({ params: idParams }), async (req, res) => {
    const { params } = inputOf<unknown, unknown, IdParams>(res);
    res.json(presentBlog(await findOwnedBlog(db, currentUser(req).id, params.id), domainTarget));
  });

  router.patch(
    "/api/blogs/:id/customization",
    requireUser,
    validate({ params: idParams, body: customizationInput }),
    async (req, res) => {
      const { params, body } = inputOf<CustomizationInput, unknown, IdParams>(res);
      const blog = await customizeBlog({ db, contentEvents }, currentUser(req).id, params.id, body);
      res.json(presentBlog(blog, domainTarget));
    },
  );

  router.get(
    "/api/blogs/:id/site",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      const blog = await findOwnedBlog(db, currentUser(req).id, params.id);
      res.json(await siteStatus(db, blog.id, renderState));
    },
  );

  return router;
}
