import { Router } from "express";
import { type BlogIdParams, blogIdParams } from "../../../contracts/ids.ts";
import type { Storage } from "../../../site-builder/storage/storage.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import type { Database } from "../../db/client.ts";
import { inputOf, validate } from "../../http/validate.ts";

/** The exporter (turndown, fflate) loads at the first export, not at start (decision 160). */
const exporter = () => import("./service.ts");

const day = () => new Date().toISOString().slice(0, 10);

function sendZip(res: import("express").Response, name: string, zip: Uint8Array) {
  res.setHeader("Content-Type", "application/zip");
  res.setHeader("Content-Disposition", `attachment; filename="${name}"`);
  res.setHeader("Content-Length", String(zip.length));
  res.end(Buffer.from(zip.buffer, zip.byteOffset, zip.length));
}

export function exportRoutes({ db, storage }: { db: Database; storage: Storage }): Router {
  const router = Router();

  router.get(
    "/api/blogs/:blogId/export",
    requireUser,
    validate({ params: blogIdParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
      const { exportBlog } = await exporter();
      const { blog, zip } = await exportBlog(db, storage, currentUser(req).id, params.blogId);
      sendZip(res, `${blog.slug}-blogfleet-${day()}.zip`, zip);
    },
  );

  router.get("/api/export", requireUser, async (req, res) => {
    const { exportEverything } = await exporter();
    sendZip(
      res,
      `blogfleet-export-${day()}.zip`,
      await exportEverything(db, storage, currentUser(req).id),
    );
  });

  return router;
}
