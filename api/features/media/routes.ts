import express, { type ErrorRequestHandler, type RequestHandler, Router } from "express";
import { type BlogIdParams, blogIdParams } from "../../../contracts/ids.ts";
import { ownerActionLimits } from "../../../contracts/limits.ts";
import {
  type AltSuggestionInput,
  altSuggestionInput,
  type ListMediaQuery,
  listMediaQuery,
  type MediaParams,
  mediaLimits,
  mediaParams,
  type UpdateMediaInput,
  type UploadMediaQuery,
  updateMediaInput,
  uploadMediaQuery,
} from "../../../contracts/media.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import { perOwnerAtOnce } from "../../http/at-once.ts";
import type { RateLimitStores } from "../../http/pg-rate-limit-store.ts";
import { perOwnerPerHour } from "../../http/rate-limit.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { blogAccess } from "../members/access.ts";
import type { AltSuggester } from "./alt-text.ts";
import { presentMedia } from "./presenter.ts";
import {
  deleteMedia,
  getMedia,
  listMedia,
  type MediaDeps,
  tooLarge,
  updateMediaAlt,
  uploadMedia,
} from "./service.ts";

/** A declared size over the limit is refused before a byte of the body is read. */
const refuseLargeBodies: RequestHandler = (req, _res, next) => {
  const declared = Number(req.headers["content-length"] ?? 0);
  next(declared > mediaLimits.fileBytes ? tooLarge(declared) : undefined);
};

/** The body parser's own 'too large' (a body without Content-Length) in the upload's words. */
const uploadTooLarge: ErrorRequestHandler = (error, _req, _res, next) => {
  // biome-ignore lint/suspicious/noExplicitAny: the body parser's error carries `length`.
  const length = (error as any).length as number | undefined;
  next(
    (error as { type?: string }).type === "entity.too.large"
      ? tooLarge(length ?? mediaLimits.fileBytes + 1)
      : error,
  );
};

/**
 * The media library (docs/decisions/110). Uploads are the file's raw bytes as the body
 * (`Content-Type` of the file, or application/octet-stream) with its name in `?name=`: one
 * request per file, no multipart parser, and the size limit applies before anything is read.
 * Each owner may have a few uploads in progress at once and make a few hundred an hour
 * (docs/decisions/312): each is a decode and about seven encodes.
 */
export function mediaRoutes(
  deps: MediaDeps & { suggestAlt: AltSuggester; limitStores?: RateLimitStores },
): Router {
  const { db } = deps;
  const router = Router();
  const { uploadsAtOnce, uploadsPerHour } = ownerActionLimits;
  // Checked first, so a client that sends too many at once does not use up its hour.
  const uploadsInProgress = perOwnerAtOnce(
    uploadsAtOnce,
    `You can upload at most ${uploadsAtOnce} images at once. Wait for one to finish, then send the next.`,
  );
  const uploadsPerOwner = perOwnerPerHour(
    uploadsPerHour,
    `You can upload at most ${uploadsPerHour} images an hour. Try again later.`,
    deps.limitStores?.("uploads"),
  );

  router.get(
    "/api/blogs/:blogId/media",
    requireUser,
    validate({ params: blogIdParams, query: listMediaQuery }),
    async (req, res) => {
      const { params, query } = inputOf<unknown, ListMediaQuery, BlogIdParams>(res);
      const rows = await listMedia(db, currentUser(req).id, params.blogId, query.q);
      res.json(rows.map(presentMedia));
    },
  );

  router.post(
    "/api/blogs/:blogId/media",
    requireUser,
    validate({ params: blogIdParams, query: uploadMediaQuery }),
    refuseLargeBodies,
    uploadsInProgress.take,
    uploadsPerOwner,
    express.raw({ type: () => true, limit: mediaLimits.fileBytes }),
    uploadTooLarge,
    uploadsInProgress.holdWhile(async (req, res) => {
      const { params, query } = inputOf<unknown, UploadMediaQuery, BlogIdParams>(res);
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const { item, created } = await uploadMedia(deps, currentUser(req).id, params.blogId, {
        bytes,
        fileName: query.name,
        alt: query.alt,
      });
      res.status(created ? 201 : 200).json(presentMedia(item));
    }),
  );

  router.get(
    "/api/blogs/:blogId/media/:mediaId",
    requireUser,
    validate({ params: mediaParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, MediaParams>(res);
      res.json(
        presentMedia(await getMedia(db, currentUser(req).id, params.blogId, params.mediaId)),
      );
    },
  );

  router.patch(
    "/api/blogs/:blogId/media/:mediaId",
    requireUser,
    validate({ params: mediaParams, body: updateMediaInput }),
    async (req, res) => {
      const { params, body } = inputOf<UpdateMediaInput, unknown, MediaParams>(res);
      const item = await updateMediaAlt(
        deps,
        currentUser(req).id,
        params.blogId,
        params.mediaId,
        body.alt,
      );
      res.json(presentMedia(item));
    },
  );

  router.delete(
    "/api/blogs/:blogId/media/:mediaId",
    requireUser,
    validate({ params: mediaParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, MediaParams>(res);
      await deleteMedia(deps, currentUser(req).id, params.blogId, params.mediaId);
      res.status(204).end();
    },
  );

  router.post(
    "/api/blogs/:blogId/media/:mediaId/alt-suggestion",
    requireUser,
    validate({ params: mediaParams, body: altSuggestionInput }),
    async (req, res) => {
      const { params, body } = inputOf<AltSuggestionInput, unknown, MediaParams>(res);
      const { id } = currentUser(req);
      // A suggestion is for changing the alt text; the model's use is the blog owner's to pay.
      const item = await getMedia(db, id, params.blogId, params.mediaId, "manage");
      const { blog } = await blogAccess(db, id, params.blogId);
      res.json(await deps.suggestAlt(blog.ownerId, item, body.context ?? ""));
    },
  );

  return router;
}
