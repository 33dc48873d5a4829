import type { ImportJob, ImportReport } from "../../../contracts/imports.ts";
import type { importJobs } from "../../db/schema.ts";

/** A report written before reports had counts: its lists were whole. */
const withCounts = (report: ImportReport): ImportReport => ({
  ...report,
  counts: report.counts ?? {
    imported: report.imported.length,
    skipped: report.skipped.length,
    imagesMissing: report.imagesMissing.length,
  },
});

/** An import as the API answers it: never the parsed file it holds while it runs. */
export function presentImportJob(row: typeof importJobs.$inferSelect): ImportJob {
  return {
    id: row.id,
    blogId: row.blogId,
    format: row.format,
    fileName: row.fileName,
    status: row.status,
    total: row.total,
    done: row.done,
    currentItem: row.currentItem,
    report: withCounts(row.report as ImportReport),
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
