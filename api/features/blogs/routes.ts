import { Router } from "express";
import {
  type CloneBlogInput,
  type CreateBlogInput,
  type CustomizationInput,
  cloneBlogInput,
  createBlogInput,
  customizationInput,
  type UpdateBlogInput,
  updateBlogInput,
} from "../../../contracts/blogs.ts";
import { type IdParams, idParams } from "../../../contracts/ids.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import type { Database } from "../../db/client.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { blogAccess, blogsOf } from "../members/access.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { cloneBlog } from "./clone-blog.ts";
import { deleteBlog } from "./delete-blog.ts";
import { fleetOverview } from "./fleet-overview.ts";
import { type DomainTarget, presentBlog } from "./presenter.ts";
import { createBlog, customizeBlog, updateBlog } from "./service.ts";
import { type RenderStateOf, siteStatus } from "./site-status.ts";

export type BlogRouteDeps = {
  db: Database;
  contentEvents: ContentEvents;
  /** What the render queue of this process is doing for the blog (rendering, retrying…). */
  renderState?: RenderStateOf;
  /** Where custom domains must point; shown in each unverified blog's instructions. */
  domainTarget?: DomainTarget;
  /** The platform's blog domain: a deleted blog's subdomain host answers 410 for a while. */
  blogDomain?: string;
  reservedLabels?: ReadonlySet<string>;
  /** After a blog is deleted: its files, cached pages and host links go. */
  onBlogDeleted?: (blogId: string) => Promise<void> | void;
};

export function blogRoutes({
  db,
  contentEvents,
  renderState = () => ({ state: "idle" }),
  domainTarget,
  blogDomain = "localhost",
  reservedLabels,
  onBlogDeleted,
}: BlogRouteDeps): Router {
  const router = Router();

  router.get("/api/blogs", requireUser, async (req, res) => {
    // Every blog the person belongs to, with their role on it: the blog switcher's list.
    const rows = await blogsOf(db, currentUser(req).id);
    res.json(rows.map(({ blog, role }) => presentBlog(blog, domainTarget, role)));
  });

  router.post("/api/blogs", requireUser, validate({ body: createBlogInput }), async (req, res) => {
    const { body } = inputOf<CreateBlogInput>(res);
    const blog = await createBlog(db, currentUser(req).id, body);
    res.status(201).json(presentBlog(blog, domainTarget));
  });

  router.get("/api/blogs/overview", requireUser, async (req, res) => {
    res.json(await fleetOverview(db, currentUser(req).id, { blogDomain, renderState }));
  });

  router.get("/api/blogs/:id", requireUser, validate({ params: idParams }), async (req, res) => {
    const { params } = inputOf<unknown, unknown, IdParams>(res);
    const { blog, role } = await blogAccess(db, currentUser(req).id, params.id);
    res.json(presentBlog(blog, domainTarget, role));
  });

  router.patch(
    "/api/blogs/:id",
    requireUser,
    validate({ params: idParams, body: updateBlogInput }),
    async (req, res) => {
      const { params, body } = inputOf<UpdateBlogInput, unknown, IdParams>(res);
      const blog = await updateBlog({ db, contentEvents }, currentUser(req).id, params.id, body);
      res.json(presentBlog(blog, domainTarget));
    },
  );

  router.delete("/api/blogs/:id", requireUser, validate({ params: idParams }), async (req, res) => {
    const { params } = inputOf<unknown, unknown, IdParams>(res);
    await deleteBlog(
      { db, blogDomain, reservedLabels, onBlogDeleted },
      currentUser(req).id,
      params.id,
    );
    res.status(204).end();
  });

  router.post(
    "/api/blogs/:id/clone",
    requireUser,
    validate({ params: idParams, body: cloneBlogInput }),
    async (req, res) => {
      const { params, body } = inputOf<CloneBlogInput, unknown, IdParams>(res);
      const blog = await cloneBlog(db, currentUser(req).id, params.id, body);
      res.status(201).json(presentBlog(blog, domainTarget));
    },
  );

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
      // Whether the blog is live is the team's to see (decision 370).
      const { blog } = await blogAccess(db, currentUser(req).id, params.id);
      res.json(await siteStatus(db, blog.id, renderState));
    },
  );

  return router;
}
