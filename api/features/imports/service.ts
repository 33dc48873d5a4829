import { and, desc, eq, inArray } from "drizzle-orm";
import { emptyImportReport } from "../../../contracts/imports.ts";
import type { Storage } from "../../../site-builder/storage/storage.ts";
import type { Database } from "../../db/client.ts";
import { newId } from "../../db/ids.ts";
import { first } from "../../db/query.ts";
import { importJobs } from "../../db/schema.ts";
import { findOwnedBlog } from "../blogs/service.ts";
import { rowFor } from "../members/access.ts";
import { importFormatOf } from "./parse.ts";

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

/** Where an import's uploaded file waits for its job (beside the blog's media, never public). */
export const importFolder = (blogId: string) => `imports/${blogId}`;
const uploadKey = (blogId: string, jobId: string) => `${importFolder(blogId)}/${jobId}`;

/**
 * Stores the uploaded file and the import's row, queued; its job (queued by the route) unpacks,
 * parses and checks it (`parseImportFile`). A file of no known kind is a 400 and changes nothing.
 */
export async function startImport(
  db: Database,
  storage: Storage,
  ownerId: string,
  blogId: string,
  file: Uint8Array,
  fileName: string,
): Promise<JobRow> {
  const blog = await findOwnedBlog(db, ownerId, blogId);
  const format = importFormatOf(file);
  const id = newId();
  const upload = uploadKey(blog.id, id);
  await storage.put(upload, file);
  try {
    const [row] = await db
      .insert(importJobs)
      .values({
        id,
        blogId: blog.id,
        format,
        fileName: fileName.slice(0, 255) || "upload",
        status: "queued",
        payload: { upload } satisfies ImportPayload,
        total: 0,
        report: emptyImportReport(),
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  } catch (error) {
    await storage.delete(upload).catch(() => undefined);
    throw error;
  }
}

/** What a job row keeps of its file: where the upload waits (gone once the job ends). */
export type ImportPayload = { upload?: string };

/** Deletes an ended job's uploaded file (the report stays). */
export async function dropUpload(storage: Storage, job: Pick<JobRow, "payload">) {
  const { upload } = job.payload as ImportPayload;
  if (upload) await storage.delete(upload);
}

/** An import of a blog the person owns: 404 for another's, 403 for a member (decision 366). */
export async function findOwnedImport(db: Database, ownerId: string, jobId: string) {
  const job = await first(db.select().from(importJobs).where(eq(importJobs.id, jobId)));
  return rowFor(db, ownerId, job, "Import", "blog.manage");
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
export async function cancelImport(db: Database, storage: Storage, ownerId: string, jobId: string) {
  const job = await findOwnedImport(db, ownerId, jobId);
  if (job.status !== "queued" && job.status !== "running") return job;
  const [row] = await db
    .update(importJobs)
    .set({
      status: "cancelled",
      currentItem: null,
      finishedAt: new Date(),
    })
    .where(and(eq(importJobs.id, job.id), inArray(importJobs.status, ["queued", "running"])))
    .returning();
  // Ended meanwhile: it is shown as it ended.
  if (!row) return findOwnedImport(db, ownerId, jobId);
  // A running import holds its items in memory, and its job's next try finds it cancelled:
  // nothing reads the file again.
  await dropUpload(storage, job);
  return row;
}
