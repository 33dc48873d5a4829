import express, { type RequestHandler, Router } from "express";
import { type BlogIdParams, blogIdParams, entityId } from "../../../contracts/ids.ts";
import {
  type EraseSubscriberInput,
  eraseSubscriberInput,
  importSubscribersInput,
  type ListSubscribersQuery,
  listSubscribersQuery,
  maxSubscriberImportBytes,
  type SubscriberGrowthQuery,
  type SubscriberPage,
  subscriberGrowthQuery,
} from "../../../contracts/newsletters.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import { HttpError, ValidationFailed } from "../../http/errors.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { blogFor } from "../members/access.ts";
import {
  deleteSubscriber,
  eraseSubscriber,
  exportSubscribers,
  importSubscribers,
  listSubscribers,
  type SubscriberAdminDeps,
  subscriberGrowth,
} from "./subscribers.ts";
import { presentSubscriber } from "./subscribers-presenter.ts";

const subscriberParams = blogIdParams.extend({ id: entityId });
type SubscriberParams = { blogId: string; id: string };

const tooLarge = () =>
  new HttpError(
    413,
    "payload_too_large",
    `The file is larger than ${maxSubscriberImportBytes / 1024 / 1024} MB, the most an import takes. Split it and import each part.`,
  );

/** A CSV file sent as the body (`Content-Type: text/csv`), its name in `X-File-Name`. */
const csvBody: RequestHandler = (req, res, next) => {
  express.text({ type: "text/csv", limit: maxSubscriberImportBytes })(req, res, (error) => {
    if ((error as { type?: string } | undefined)?.type === "entity.too.large")
      return next(tooLarge());
    next(error);
  });
};

function fileNameOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}

/** A blog's list in the dashboard (decision 374): the owner's alone (`subscribers.manage`). */
export function subscriberRoutes(deps: SubscriberAdminDeps): Router {
  const router = Router();
  const { db } = deps;
  /** Another owner's blog is a 404, a member a 403, before a byte of the file is read. */
  const managesList: RequestHandler = async (req, res, next) => {
    const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
    await blogFor(db, currentUser(req).id, params.blogId, "subscribers.manage");
    next();
  };

  router.get(
    "/api/blogs/:blogId/subscribers",
    requireUser,
    validate({ params: blogIdParams, query: listSubscribersQuery }),
    async (req, res) => {
      const { params, query } = inputOf<unknown, ListSubscribersQuery, BlogIdParams>(res);
      const page = await listSubscribers(db, currentUser(req).id, params.blogId, query);
      const body: SubscriberPage = {
        subscribers: page.rows.map(presentSubscriber),
        nextCursor: page.nextCursor,
        counts: page.counts,
      };
      res.json(body);
    },
  );

  router.get(
    "/api/blogs/:blogId/subscribers/growth",
    requireUser,
    validate({ params: blogIdParams, query: subscriberGrowthQuery }),
    async (req, res) => {
      const { params, query } = inputOf<unknown, SubscriberGrowthQuery, BlogIdParams>(res);
      const days = await subscriberGrowth(deps, currentUser(req).id, params.blogId, query.days);
      res.json({ days });
    },
  );

  router.post(
    "/api/blogs/:blogId/subscribers/import",
    requireUser,
    validate({ params: blogIdParams }),
    managesList,
    csvBody,
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
      let csv: string;
      let fileName: string | undefined;
      if (typeof req.body === "string") {
        csv = req.body;
        fileName = fileNameOf(req.get("x-file-name"));
      } else {
        const parsed = importSubscribersInput.safeParse(req.body ?? {});
        if (!parsed.success) {
          throw ValidationFailed(
            parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
          );
        }
        csv = parsed.data.csv;
        fileName = parsed.data.fileName;
      }
      res.json(await importSubscribers(deps, currentUser(req).id, params.blogId, csv, fileName));
    },
  );

  router.get(
    "/api/blogs/:blogId/subscribers/export.csv",
    requireUser,
    validate({ params: blogIdParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
      const { slug, csv } = await exportSubscribers(db, currentUser(req).id, params.blogId);
      const day = new Date().toISOString().slice(0, 10);
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="${slug}-subscribers-${day}.csv"`);
      res.send(csv);
    },
  );

  router.delete(
    "/api/blogs/:blogId/subscribers/:id",
    requireUser,
    validate({ params: subscriberParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, SubscriberParams>(res);
      await deleteSubscriber(db, currentUser(req).id, params.blogId, params.id);
      res.status(204).end();
    },
  );

  router.post(
    "/api/subscribers/erase",
    requireUser,
    validate({ body: eraseSubscriberInput }),
    async (req, res) => {
      const { body } = inputOf<EraseSubscriberInput>(res);
      res.json(await eraseSubscriber(db, currentUser(req).id, body.email));
    },
  );

  return router;
}
