import { Router } from "express";
import { type BlogIdParams, blogIdParams } from "../../../contracts/ids.ts";
import { ownerActionLimits } from "../../../contracts/limits.ts";
import type { Storage } from "../../../site-builder/storage/storage.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import type { Database } from "../../db/client.ts";
import type { RateLimitStores } from "../../http/pg-rate-limit-store.ts";
import { perOwnerPerHour } from "../../http/rate-limit.ts";
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

export function exportRoutes({
  db,
  storage,
  limitStores,
}: {
  db: Database;
  storage: Storage;
  limitStores?: RateLimitStores;
}): Router {
  const router = Router();
  // One count for both: each export reads posts and images into a zip in memory (decision 312).
  const { exportsPerHour } = ownerActionLimits;
  const exportsPerOwner = perOwnerPerHour(
    exportsPerHour,
    `You can download at most ${exportsPerHour} exports an hour. Try again later.`,
    limitStores?.("exports"),
  );

  router.get(
    "/api/blogs/:blogId/export",
    requireUser,
    validate({ params: blogIdParams }),
    exportsPerOwner,
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
      const { exportBlog } = await exporter();
      const { blog, zip } = await exportBlog(db, storage, currentUser(req).id, params.blogId);
      sendZip(res, `${blog.slug}-blogfleet-${day()}.zip`, zip);
    },
  );

  router.get("/api/export", requireUser, exportsPerOwner, async (req, res) => {
    const { exportEverything } = await exporter();
    sendZip(
      res,
      `blogfleet-export-${day()}.zip`,
      await exportEverything(db, storage, currentUser(req).id),
    );
  });

  return router;
}
