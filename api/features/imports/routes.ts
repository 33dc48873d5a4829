import express, { type RequestHandler, Router } from "express";
import {
  type BlogIdParams,
  blogIdParams,
  type IdParams,
  idParams,
} from "../../../contracts/ids.ts";
import { importLimits } from "../../../contracts/imports.ts";
import type { Storage } from "../../../site-builder/storage/storage.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import type { Database } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import type { RateLimitStores } from "../../http/pg-rate-limit-store.ts";
import { perOwnerPerHour } from "../../http/rate-limit.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { findOwnedBlog } from "../blogs/service.ts";
import { presentImportJob } from "./presenter.ts";
import type { ImportQueue } from "./runner.ts";
import { cancelImport, findOwnedImport, listImports, startImport } from "./service.ts";

const tooLarge = () =>
  new HttpError(
    413,
    "payload_too_large",
    `The file is larger than ${importLimits.fileBytes / 1024 / 1024} MB, the most an import takes.`,
  );

/** A declared size over the limit is refused before a byte of the body is read (finding 7). */
const refuseLargeBodies: RequestHandler = (req, _res, next) => {
  const declared = Number(req.headers["content-length"] ?? 0);
  next(declared > importLimits.fileBytes ? tooLarge() : undefined);
};

/** The uploaded file as bytes, whatever its type; past the limit a 413 that says the limit. */
const fileBody: RequestHandler = (req, res, next) => {
  express.raw({ type: () => true, limit: importLimits.fileBytes })(req, res, (error?: unknown) => {
    if ((error as { type?: string } | undefined)?.type === "entity.too.large")
      return next(tooLarge());
    next(error);
  });
};

export function importRoutes({
  db,
  imports,
  storage,
  limitStores,
}: {
  db: Database;
  /** Queues an import's job, which a worker takes. */
  imports: ImportQueue;
  /** Where uploads wait for their job (the media library's storage). */
  storage: Storage;
  limitStores?: RateLimitStores;
}): Router {
  const router = Router();
  const perHour = importLimits.perOwnerPerHour;
  const importsPerOwner = perOwnerPerHour(
    perHour,
    `You can start at most ${perHour} imports an hour. Try again later.`,
    limitStores?.("imports"),
  );
  /** Another owner's blog is a 404 before its body is read. */
  const ownBlogFirst: RequestHandler = async (req, res, next) => {
    const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
    await findOwnedBlog(db, currentUser(req).id, params.blogId);
    next();
  };

  // The file is the body (`Content-Type: application/octet-stream`); its name in `X-File-Name`.
  // The answer comes once the file is stored and its job queued: unpacking and parsing are the
  // job's (issue 29).
  router.post(
    "/api/blogs/:blogId/imports",
    requireUser,
    validate({ params: blogIdParams }),
    refuseLargeBodies,
    ownBlogFirst,
    importsPerOwner,
    fileBody,
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let fileName = "upload";
      try {
        fileName = decodeURIComponent(req.get("x-file-name") ?? "upload");
      } catch {
        // keep the default
      }
      const job = await startImport(
        db,
        storage,
        currentUser(req).id,
        params.blogId,
        body,
        fileName,
      );
      await imports.enqueue(job.id);
      res.status(202).json(presentImportJob(job));
    },
  );

  router.get(
    "/api/blogs/:blogId/imports",
    requireUser,
    validate({ params: blogIdParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
      const rows = await listImports(db, currentUser(req).id, params.blogId);
      res.json(rows.map(presentImportJob));
    },
  );

  router.get("/api/imports/:id", requireUser, validate({ params: idParams }), async (req, res) => {
    const { params } = inputOf<unknown, unknown, IdParams>(res);
    res.json(presentImportJob(await findOwnedImport(db, currentUser(req).id, params.id)));
  });

  router.post(
    "/api/imports/:id/cancel",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      res.json(presentImportJob(await cancelImport(db, storage, currentUser(req).id, params.id)));
    },
  );

  return router;
}
