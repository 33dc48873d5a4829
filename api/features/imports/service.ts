import { and, desc, eq } from "drizzle-orm";
import type { ExportedImage } from "../../../contracts/export-format.ts";
import { emptyImportReport, importLimits } from "../../../contracts/imports.ts";
import type { Storage } from "../../../site-builder/storage/storage.ts";
import type { Database } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import { blogs, importJobs } from "../../db/schema.ts";
import { NotFound } from "../../http/errors.ts";
import { findOwnedBlog } from "../blogs/service.ts";
import { checkExportedMedia, restoreMedia, UnrestorableMedia } from "../media/restore.ts";
import { parseBlogfleetExport } from "./blogfleet-export.ts";
import { parseGhost } from "./ghost.ts";
import { parseMarkdownZip } from "./markdown.ts";
import { BadImportFile, type ImportSource } from "./source.ts";
import { parseWordPress } from "./wordpress.ts";
import { isZip, readZip } from "./zip.ts";

/**
 * Fetches an image a post names into the blog's media library (the media feature's
 * `importRemoteImage`, which refuses private addresses): its new address, or why not.
 */
export type ImageImporter = (
  blogId: string,
  url: string,
) => Promise<{ url: string } | { error: string }>;

/** Until the media library is wired in: every image keeps its address and is reported. */
export const noMediaLibrary: ImageImporter = async () => ({
  error: "not fetched (media library not available)",
});

type JobRow = typeof importJobs.$inferSelect;

/** Recognizes the file by its content and parses it; a file that cannot be imported is a 400. */
export function parseImportFile(file: Buffer): ImportSource {
  if (file.length === 0) throw BadImportFile("The file is empty.");
  if (file.length > importLimits.fileBytes)
    throw BadImportFile(`The file is larger than ${importLimits.fileBytes / 1024 / 1024} MB.`);
  if (isZip(file)) {
    const files = readZip(file);
    return files.has("blogfleet.json") ? parseBlogfleetExport(files) : parseMarkdownZip(files);
  }
  const start = file
    .subarray(0, 512)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (start.startsWith("<")) return parseWordPress(file);
  if (start.startsWith("{")) return parseGhost(file);
  throw BadImportFile(
    "This file is not one Blogfleet imports. Upload a WordPress export (.xml), a Ghost export (.json), a zip of Markdown files or a Blogfleet export (.zip).",
  );
}

/** Parses and checks the file, then queues the import: a refused file changes nothing. */
export async function startImport(
  db: Database,
  ownerId: string,
  blogId: string,
  file: Buffer,
  fileName: string,
  storage?: Storage,
): Promise<JobRow> {
  const blog = await findOwnedBlog(db, ownerId, blogId);
  const parsed = parseImportFile(file);
  // A Blogfleet export's library is checked whole, then stored before the job starts (its
  // files never go into the job's payload); the posts find their images by hash.
  const {
    media: images = [],
    mediaFiles,
    ...source
  } = parsed as ImportSource & {
    media?: ExportedImage[];
    mediaFiles?: Map<string, Uint8Array>;
  };
  if (images.length > 0) {
    if (!storage) throw BadImportFile("This server cannot store the export's images.");
    const fileOf = (name: string) => mediaFiles?.get(name);
    try {
      await checkExportedMedia(images, fileOf);
    } catch (error) {
      if (error instanceof UnrestorableMedia) throw BadImportFile(error.message);
      throw BadImportFile("An image of the export cannot be read.");
    }
    await restoreMedia(db, storage, blog.id, images, fileOf);
  }
  const [row] = await db
    .insert(importJobs)
    .values({
      blogId: blog.id,
      format: source.format,
      fileName: fileName.slice(0, 255) || "upload",
      status: "queued",
      payload: source,
      total: source.items.length,
      report: emptyImportReport(),
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findOwnedImport(db: Database, ownerId: string, jobId: string) {
  const row = await first(
    db
      .select({ job: importJobs })
      .from(importJobs)
      .innerJoin(blogs, eq(blogs.id, importJobs.blogId))
      .where(and(eq(importJobs.id, jobId), eq(blogs.ownerId, ownerId))),
  );
  if (!row) throw NotFound("Import");
  return row.job;
}

export async function listImports(db: Database, ownerId: string, blogId: string) {
  await findOwnedBlog(db, ownerId, blogId);
  return db
    .select()
    .from(importJobs)
    .where(eq(importJobs.blogId, blogId))
    .orderBy(desc(importJobs.createdAt))
    .limit(20);
}

/** Stops an import between two items; what it wrote stays (the report says what). */
export async function cancelImport(db: Database, ownerId: string, jobId: string) {
  const job = await findOwnedImport(db, ownerId, jobId);
  if (job.status !== "queued" && job.status !== "running") return job;
  const [row] = await db
    .update(importJobs)
    .set({
      status: "cancelled",
      currentItem: null,
      finishedAt: new Date(),
      // A running import holds its items in memory; nothing reads them from here again.
      payload: { dropped: true },
    })
    .where(eq(importJobs.id, job.id))
    .returning();
  return row ?? job;
}
